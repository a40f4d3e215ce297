/* ASSERTION: with more steps than the factor, steps must be a multiple of it. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 25);
}
