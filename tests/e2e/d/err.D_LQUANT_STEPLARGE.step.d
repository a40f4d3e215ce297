/* ASSERTION: lquantize( ) step larger than the range. */
BEGIN
{
	@a = lquantize(1, 0, 10, 20);
}
