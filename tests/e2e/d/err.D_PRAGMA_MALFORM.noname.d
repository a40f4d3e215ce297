/* ASSERTION: #pragma D option without a name. */
#pragma D option
BEGIN
{
	exit(0);
}
