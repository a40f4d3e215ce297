/* ASSERTION: offsetof of a bit-field member. */
BEGIN
{
	trace(offsetof(struct task_struct, sched_reset_on_fork));
}
