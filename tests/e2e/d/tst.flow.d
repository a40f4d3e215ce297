/* ASSERTION: -F indents entry and return by nesting, dtrace's columns. */
#pragma D option flowindent

syscall::sched_get_priority_max:entry
/execname == "sysloop"/
{
	printf("%d", (int)arg0);
}

syscall::sched_get_priority_max:return
/execname == "sysloop"/
{
	trace(errno);
}
