/* ASSERTION: an aggregation has no value inside an expression. */
BEGIN
{
	@a = count();
	x = @a + 1;
}
