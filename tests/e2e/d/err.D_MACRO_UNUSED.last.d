/* ASSERTION: the last argument must be referenced. */
BEGIN
{
	trace($1);
	exit(0);
}
