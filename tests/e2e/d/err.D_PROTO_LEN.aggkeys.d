/* ASSERTION: every use of an aggregation has as many keys as its first. */
BEGIN
{
	@a[1] = count();
	@a[1, 2] = count();
}
