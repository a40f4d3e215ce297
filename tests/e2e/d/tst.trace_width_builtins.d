/* ASSERTION: trace() of built-in variables: arg0 is a long, pid an int, a comparison an int. */

BEGIN
{
	trace(arg0);
	trace(pid > 0);
	trace(errno);
	trace(timestamp > 0);
	exit(0);
}
