/* ASSERTION: llquantize( ) lmag above 65535. */
BEGIN
{
	@a = llquantize(1, 10, 65536, 65537, 10);
}
