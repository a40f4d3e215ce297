/* ASSERTION: an operator's result has the type of the operand it takes it from: uint64_t. */
BEGIN
{
	x = timestamp - 1;
	x = "s";
}
