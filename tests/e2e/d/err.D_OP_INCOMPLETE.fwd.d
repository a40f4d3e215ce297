/* ASSERTION: members of a struct known only by name. */
BEGIN
{
	trace(((struct spectrace_no_such *)arg0)->x);
}
