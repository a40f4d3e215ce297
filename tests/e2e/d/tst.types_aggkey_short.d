/* ASSERTION: a 2-byte aggregation key prints " %5d" zero-extended: (short)-1 is 65535. */
#pragma D option quiet

BEGIN
{
	@a[(short)-1] = sum(3);
	@a[(short)300] = sum(4);
	exit(0);
}
