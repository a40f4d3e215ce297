/* ASSERTION: an aggregation keeps the function of its first use. */
BEGIN
{
	@a = count();
	@a = sum(1);
}
