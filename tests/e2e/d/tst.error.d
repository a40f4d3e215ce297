/* ASSERTION: a fault fires ERROR with its arguments; the faulting clause records nothing. */
#pragma D option quiet

BEGIN
{
	printf("before\n");
}

BEGIN
{
	x = 0;
	y = 10 / x;
	printf("not reached\n");
}

ERROR
{
	printf("epid=%d action=%d fault=%d value=%d\n", arg1, arg2, arg4, arg5);
}

BEGIN
{
	*(char *)NULL;
}

BEGIN
{
	exit(0);
}
