/* ASSERTION: llquantize( ) factor^(hmag+1) beyond 64 bits. */
BEGIN
{
	@a = llquantize(1, 10, 0, 19, 10);
}
