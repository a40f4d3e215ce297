/* ASSERTION: trunc() in a clause whose only other statement is a keyless count() removes it: nothing is printed at the end. */
#pragma D option quiet

BEGIN
{
	@a = count();
	trunc(@a);
}

BEGIN
{
	exit(0);
}
