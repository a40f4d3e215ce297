/* ASSERTION: llquantize's steps, when more than the factor, must be a multiple of it. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 25);
}
