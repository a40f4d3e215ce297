/* ASSERTION: -> needs a pointer. */
BEGIN
{
	trace(pid->x);
}
