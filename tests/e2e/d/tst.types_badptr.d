/* ASSERTION: a -> chain through a bad pointer faults BADADDR at the member's address, NULL at 0. */
#pragma D option quiet

BEGIN
{
	p = (struct task_struct *)16;
	trace(p->real_parent->pid);
}

BEGIN
{
	q = (struct task_struct *)NULL;
	trace(q->pid);
}

ERROR
{
	printf("fault %d %d at %s\n", arg4, arg4 == DTRACEFLT_BADADDR,
	    arg5 == 16 + offsetof(struct task_struct, real_parent) ? "real_parent" :
	    arg5 == 0 ? "0" : "?");
	n++;
}

BEGIN
/n == 2/
{
	exit(0);
}
