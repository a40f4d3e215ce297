/* ASSERTION: predicates choose the firings; self-> is per thread; END sees the totals. */
#pragma D option quiet

syscall::sched_get_priority_max:entry
/arg0 == 0/
{
	n++;
	self->calls++;
}

syscall::sched_get_priority_max:entry
/arg0 != 0/
{
	bad++;
}

syscall::sched_get_priority_max:return
/self->calls == 25/
{
	printf("return seen after 25 calls\n");
}

END
{
	printf("n=%d bad=%d\n", n, bad);
}
