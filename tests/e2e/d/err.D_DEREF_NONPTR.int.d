/* ASSERTION: * of an integer. */
BEGIN
{
	trace(*pid);
}
