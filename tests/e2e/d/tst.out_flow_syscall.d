/*
 * ASSERTION: flowindent: syscall entry probes print "=> func" and raise
 * the indent by two after printing; returns lower it before; other probes
 * print "| func:name" at the indent (1.6); END's record too.
 */
#pragma D option flowindent

syscall::sched_get_priority_max:entry
/execname == "sysloop"/
{
	self->n++;
}

syscall::sched_get_priority_max:entry
/execname == "sysloop" && self->n == 1/
{
}

syscall::sched_get_priority_max:return
/execname == "sysloop" && self->n == 1/
{
}

END
{
}
