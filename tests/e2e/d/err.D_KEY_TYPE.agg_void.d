/* ASSERTION: an aggregation key may not be void. */
BEGIN
{
	@a[(void)0] = count();
}
