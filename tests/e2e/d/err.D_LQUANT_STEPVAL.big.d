/* ASSERTION: lquantize( ) step must fit 16 bits. */
BEGIN
{
	@a = lquantize(1, 0, 100000, 65536);
}
