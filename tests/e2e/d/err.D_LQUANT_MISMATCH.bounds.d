/* ASSERTION: lquantize's upper bound must be above its lower bound. */
BEGIN
{
	@a = lquantize(1, 10, 0, 1);
}
