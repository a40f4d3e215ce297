/* ASSERTION: every printa() argument after the format must be an aggregation. */
BEGIN
{
	@a[1] = count();
	printa(@a, 3);
}
