/* ASSERTION: with lmag 0, steps above the factor must divide its square. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 30);
}
