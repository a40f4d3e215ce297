/* ASSERTION: with argref, the last argument need not be referenced. */
#pragma D option quiet
#pragma D option argref

BEGIN
{
	printf("%d\n", $1);
	exit(0);
}
