/* ASSERTION: aggregations count syscalls exactly, keyed by probe names; an aggregating clause records nothing. */
syscall::sched_get_priority_max:entry,
syscall::sched_get_priority_min:entry
/execname == "sysloop"/
{
	@[probefunc, probename] = count();
	@total = count();
	@args = sum(arg0);
}
