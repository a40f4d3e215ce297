/* ASSERTION: an 8-byte aggregation key prints " %16lld": an unsigned long above 2^63 shows negative. */
#pragma D option quiet

BEGIN
{
	@a[(uint64_t)-2] = count();
	@a[1] = count();
	@a[1] = count();
	exit(0);
}
