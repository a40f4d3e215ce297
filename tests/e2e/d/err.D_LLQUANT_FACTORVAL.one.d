/* ASSERTION: llquantize( ) factor at least 2. */
BEGIN
{
	@a = llquantize(1, 1, 0, 2, 10);
}
