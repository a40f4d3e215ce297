/* ASSERTION: an enum type nothing defines. */
BEGIN
{
	trace(sizeof(enum spectrace_no_such));
}
