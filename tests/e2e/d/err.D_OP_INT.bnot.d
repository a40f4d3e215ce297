/* ASSERTION: ~ needs an integral operand. */
BEGIN
{
	x = ~"a";
}
