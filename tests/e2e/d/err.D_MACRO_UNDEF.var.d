/* ASSERTION: an unknown macro variable. */
BEGIN
{
	trace($projid);
}
