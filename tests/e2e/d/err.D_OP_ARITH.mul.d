/* ASSERTION: * needs arithmetic operands. */
BEGIN
{
	x = "a" * 2;
}
