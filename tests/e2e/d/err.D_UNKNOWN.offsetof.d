/* ASSERTION: offsetof of a member the struct does not have. */
BEGIN
{
	trace(offsetof(struct task_struct, no_such_member));
}
