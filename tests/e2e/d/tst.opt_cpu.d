/*
 * ASSERTION: -x cpu=N runs clauses on CPU N only: BEGIN and END run
 * there, and a process pinned to that CPU is traced.
 */
#pragma D option quiet
#pragma D option cpu=1

BEGIN
{
	printf("BEGIN on %d\n", cpu);
}

syscall::sched_get_priority_max:entry
/pid == $target/
{
	@c[cpu] = count();
}

END
{
	printf("END on %d\n", cpu);
}
