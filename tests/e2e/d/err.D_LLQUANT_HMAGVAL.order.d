/* ASSERTION: llquantize high magnitude must be at least the low one (equal is allowed). */
BEGIN
{
	@b = llquantize(1, 10, 2, 2, 10);
	@a = llquantize(1, 10, 3, 2, 10);
}
