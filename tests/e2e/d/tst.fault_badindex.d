/*
 * ASSERTION: an index into a kernel array known only at run time is
 * checked when the clause runs: past the end, or negative, it faults
 * DTRACEFLT_BADINDEX with the index as the value; inside, it reads.
 */
#pragma D option quiet

BEGIN
{
	i = 3;
	printf("in %d\n", curthread->comm[i] == execname[i]);
}

BEGIN
{
	i = 16;
	printf("past %d\n", curthread->comm[i]);
}

BEGIN
{
	i = -1;
	printf("negative %d\n", curthread->comm[i]);
}

ERROR
{
	printf("fault %d value %d\n", arg4, (int64_t)arg5);
}

BEGIN
{
	exit(0);
}
