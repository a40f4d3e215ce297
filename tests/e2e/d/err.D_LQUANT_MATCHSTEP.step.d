/* ASSERTION: a second lquantize( ) with another step. */
BEGIN
{
	@a = lquantize(1, 0, 10, 1);
	@a = lquantize(1, 0, 10, 2);
}
