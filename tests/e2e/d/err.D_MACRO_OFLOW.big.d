/* ASSERTION: an integer argument too large. */
BEGIN
{
	trace($1);
	exit(0);
}
