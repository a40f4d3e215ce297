/* ASSERTION: a run that traces nothing still ends with the final newline (1.7). */
#pragma D option quiet

BEGIN
{
	x = 1;
}

BEGIN
{
	exit(0);
}
