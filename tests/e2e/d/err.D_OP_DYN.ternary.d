/* ASSERTION: the branches of ?: may not be aggregations. */
BEGIN
{
	x = pid ? @a : 2;
}
