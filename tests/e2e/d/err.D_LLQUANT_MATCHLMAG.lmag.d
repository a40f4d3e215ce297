/* ASSERTION: a second llquantize( ) with another lmag. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 10);
	@a = llquantize(1, 10, 1, 2, 10);
}
