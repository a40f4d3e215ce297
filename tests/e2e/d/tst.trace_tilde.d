/* ASSERTION: trace(~0xbeef) records an int: 4 bytes, 11 columns. */

BEGIN
{
	trace(~0xbeef);
	trace(~0xbeefL);
	exit(0);
}
