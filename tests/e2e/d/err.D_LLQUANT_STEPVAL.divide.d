/* ASSERTION: llquantize steps below the factor must divide it. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 3);
}
