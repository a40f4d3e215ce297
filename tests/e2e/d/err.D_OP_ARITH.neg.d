/* ASSERTION: unary - needs an arithmetic operand. */
BEGIN
{
	x = -"a";
}
