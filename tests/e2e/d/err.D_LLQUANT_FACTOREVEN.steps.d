/* ASSERTION: llquantize's factor must divide its number of steps. */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 25);
}
