/* ASSERTION: a 4-byte aggregation key prints " %8d" as a 32-bit int: an unsigned 0xffffffff shows -1. */
#pragma D option quiet

BEGIN
{
	@a[0xffffffff] = count();
	@a[123456789] = count();
	@a[123456789] = count();
	exit(0);
}
