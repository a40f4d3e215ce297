/*
 * ASSERTION: -x cpu=N leaves the other CPUs untraced: a process pinned
 * to CPU 1 fires nothing for clauses on CPU 0, though END (on CPU 0)
 * still runs when it exits.
 */
#pragma D option quiet
#pragma D option cpu=0

syscall::sched_get_priority_max:entry
/pid == $target/
{
	@c[cpu] = count();
}

END
{
	printf("END on %d\n", cpu);
}
