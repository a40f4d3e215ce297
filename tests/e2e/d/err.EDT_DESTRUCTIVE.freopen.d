/* ASSERTION: freopen() is destructive: refused without -w. */
BEGIN
{
	freopen("/tmp/x");
}
