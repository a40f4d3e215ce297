/* ASSERTION: & of something that is not an lvalue. */
BEGIN
{
	trace(&(pid + 1));
}
