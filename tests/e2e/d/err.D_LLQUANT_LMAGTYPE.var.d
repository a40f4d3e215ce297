/* ASSERTION: llquantize( ) lmag must be a constant. */
BEGIN
{
	x = 0;
	@a = llquantize(1, 10, x, 2, 10);
}
