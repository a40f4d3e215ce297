/* ASSERTION: every use of an lquantize aggregation must have the same base. */
BEGIN
{
	@a = lquantize(1, 0, 10, 1);
	@a = lquantize(1, 2, 10, 1);
}
