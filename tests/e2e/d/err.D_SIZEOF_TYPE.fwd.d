/* ASSERTION: sizeof of an incomplete struct. */
BEGIN
{
	trace(sizeof(struct spectrace_no_such));
}
