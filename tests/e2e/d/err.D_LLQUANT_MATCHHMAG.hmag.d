/* ASSERTION: a second llquantize( ) with another hmag. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 10);
	@a = llquantize(1, 10, 0, 3, 10);
}
