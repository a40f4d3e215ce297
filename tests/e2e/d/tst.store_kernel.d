/*
 * ASSERTION: a store through a pointer to memory that is not the
 * clause's scratch (here the kernel's task_struct) faults BADADDR when
 * the probe fires: the clause records nothing and ERROR fires; so does
 * a store past the scratch allocated so far.
 */
#pragma D option quiet

BEGIN
{
	printf("not printed\n");
	curthread->pid = 1;
}

BEGIN
{
	this->p = (long *)alloca(8);
	printf("not printed either\n");
	this->p[1] = 1;
}

ERROR
{
	printf("fault %d %s\n", arg4, arg4 == DTRACEFLT_BADADDR ? "BADADDR" : "other");
}

BEGIN
{
	printf("%d\n", pid == $pid);
	exit(0);
}
