/* ASSERTION: every use of an llquantize aggregation must have the same steps. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 10);
	@a = llquantize(1, 10, 0, 2, 20);
}
