/* ASSERTION: trace() of an unsigned 64-bit integer or a pointer: " %20lu", 21 columns. */

BEGIN
{
	trace(0xffffffffffffffffULL);
	trace(1ul);
	trace((char *)16);
	trace((uint64_t)-2);
	exit(0);
}
