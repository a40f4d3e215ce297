/* ASSERTION: %lu takes an unsigned 64-bit integer; arg0 is int64_t. */
BEGIN
{
	printf("%lu\n", arg0);
}
