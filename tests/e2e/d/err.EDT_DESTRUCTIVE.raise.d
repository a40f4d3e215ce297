/* ASSERTION: raise( ) is destructive: refused without -w or the destructive option. */
syscall::sched_get_priority_max:entry
{
	trace(pid);
	raise(SIGUSR1);
}
