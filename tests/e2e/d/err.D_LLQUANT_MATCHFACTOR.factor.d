/* ASSERTION: a second llquantize( ) with another factor. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 10);
	@a = llquantize(1, 5, 0, 2, 5);
}
