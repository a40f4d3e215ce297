/* ASSERTION: lquantize( ) base must be a constant. */
BEGIN
{
	x = 1;
	@a = lquantize(1, x, 10);
}
