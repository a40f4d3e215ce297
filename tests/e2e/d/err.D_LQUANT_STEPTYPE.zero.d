/* ASSERTION: lquantize( ) step must be positive. */
BEGIN
{
	@a = lquantize(1, 0, 10, 0);
}
