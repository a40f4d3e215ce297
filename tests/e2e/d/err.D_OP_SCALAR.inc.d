/* ASSERTION: ++ needs a scalar operand: a string is not one. */
BEGIN
{
	s = "a";
	s++;
}
