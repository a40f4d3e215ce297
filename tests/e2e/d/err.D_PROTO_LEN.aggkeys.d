/* ASSERTION: an aggregation keeps its number of keys. */
BEGIN
{
	@a[1, 2] = count();
	@a[1] = count();
}
