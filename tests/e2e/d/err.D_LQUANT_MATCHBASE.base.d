/* ASSERTION: a second lquantize( ) with another base. */
BEGIN
{
	@a = lquantize(1, 0, 10, 1);
	@a = lquantize(1, 1, 10, 1);
}
