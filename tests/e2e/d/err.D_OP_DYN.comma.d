/* ASSERTION: the operands of , may not be aggregations. */
BEGIN
{
	x = (@a, 2);
}
