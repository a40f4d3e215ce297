/* ASSERTION: a macro argument beyond those given. */
BEGIN
{
	trace($1);
}
