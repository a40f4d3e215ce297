/* ASSERTION: & of a bit-field member. */
BEGIN
{
	trace(&curthread->sched_reset_on_fork);
}
