/*
 * ASSERTION: an errno name is a constant inline of D's library: dtrace
 * puts its value in its place while parsing, so ENOENT++ is 2++, which is
 * not an lvalue.
 */
BEGIN
{
	ENOENT++;
}
