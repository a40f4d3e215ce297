/* ASSERTION: trace() of a signed 64-bit integer: " %19ld", 20 columns. */

BEGIN
{
	trace(-1L);
	trace(1L);
	trace((long long)123456789012);
	trace(-9223372036854775807L - 1);
	exit(0);
}
