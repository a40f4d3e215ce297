/* ASSERTION: an llquantize with no data (cleared) shows the zero bin and the two above it. */
#pragma D option quiet

BEGIN
{
	@a = llquantize(3, 10, 0, 1, 10);
	clear(@a);
}

BEGIN
{
	printa(@a);
	exit(0);
}
