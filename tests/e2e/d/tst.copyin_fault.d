/* ASSERTION: copyinstr of a bad user address faults BADADDR with the address. */
#pragma D option quiet

BEGIN
{
	printf("%s\n", copyinstr(16));
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
	exit(0);
}
