/* ASSERTION: lquantize( ) limit must be a constant. */
BEGIN
{
	x = 10;
	@a = lquantize(1, 0, x);
}
