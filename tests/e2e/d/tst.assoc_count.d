/* ASSERTION: an array keyed by a syscall argument counts each key exactly. */
#pragma D option quiet

long calls[int];

syscall::sched_get_priority_max:entry
/execname == "sysloop"/
{
	calls[arg0]++;
}

syscall::sched_get_priority_max:return
/execname == "sysloop"/
{
	rets[errno]++;
}

END
{
	printf("%d %d %d %d\n", calls[0], calls[1], rets[0], rets[22]);
}
