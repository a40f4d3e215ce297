/* ASSERTION: ! needs a scalar operand. */
BEGIN
{
	x = !"a";
}
