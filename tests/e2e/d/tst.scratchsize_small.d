/* ASSERTION: scratchsize bounds a clause's alloca() and copyin() space: 64 is stored as 72, 64 bytes usable; 40 + 32 do not fit (NOSCRATCH, options-and-actions: scratchsize), 40 + 24 do, and the other clauses of the probe still run. */
#pragma D option quiet
#pragma D option scratchsize=64

BEGIN
{
	a = alloca(40);
	b = alloca(32);
	printf("not reached\n");
}

BEGIN
{
	a = alloca(40);
	b = alloca(24);
	printf("fits\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %s\n", arg4 == DTRACEFLT_NOSCRATCH ? "NOSCRATCH" : "other");
}
