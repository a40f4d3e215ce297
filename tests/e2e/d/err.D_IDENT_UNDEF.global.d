/* ASSERTION: a global must be assigned before it is read. */
BEGIN
{
	trace(nosuch);
}
