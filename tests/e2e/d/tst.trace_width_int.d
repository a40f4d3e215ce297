/* ASSERTION: trace() of a 32-bit integer: " %10d", 11 columns, signed or not. */

BEGIN
{
	trace(1);
	trace(-1);
	trace(2147483647);
	trace(0xffffffff);
	trace((unsigned int)-2);
	exit(0);
}
