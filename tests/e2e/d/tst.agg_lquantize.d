/* ASSERTION: lquantize counts underflow below the lower bound, overflow from the upper bound, and linear steps between. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(-5, 0, 100, 10);
	@l = lquantize(0, 0, 100, 10);
	@l = lquantize(9, 0, 100, 10);
	@l = lquantize(10, 0, 100, 10);
	@l = lquantize(55, 0, 100, 10);
	@l = lquantize(99, 0, 100, 10);
	@l = lquantize(100, 0, 100, 10);
	@l = lquantize(1000, 0, 100, 10, 3);
	@one = lquantize(3, 1, 10);
	exit(0);
}
