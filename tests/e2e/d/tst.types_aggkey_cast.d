/* ASSERTION: aggregation keys take the key types of the first use: later keys are cast to them. */
#pragma D option quiet

BEGIN
{
	@a[(char)1] = sum(1);
	@a[257] = sum(10);
	@a[-1] = sum(100);
	exit(0);
}
