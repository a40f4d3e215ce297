/* ASSERTION: syntax error at the end of input. */
BEGIN
{
	x = 1 +
