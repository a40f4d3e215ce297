/* ASSERTION: llquantize( ) hmag must be a constant. */
BEGIN
{
	x = 2;
	@a = llquantize(1, 10, 0, x, 10);
}
