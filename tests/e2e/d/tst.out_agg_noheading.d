/*
 * ASSERTION: clauses that only assign or aggregate record nothing: no
 * heading, no prefix, not quiet (1.5); at exit the final newline, then
 * the aggregations one after the other with no blank line between them
 * (1.8). Tracing ends with the trigger.
 */
BEGIN
{
	x = 3;
	@a = count();
	@b = sum(x);
	@c["k"] = max(7);
}

syscall::sched_get_priority_max:entry
/execname == "sysloop"/
{
	@a = count();
}
