/* ASSERTION: a signed division by a run-time 0 faults: the clause records nothing and ERROR fires with DTRACEFLT_DIVZERO. */
#pragma D option quiet

BEGIN
{
	z = 0;
	printf("not printed\n");
	x = 1 / z;
}

BEGIN
{
	z = 0;
	x = 5 % z;
}

ERROR
{
	printf("fault %d\n", arg4);
}

BEGIN
{
	exit(0);
}
