/* ASSERTION: a printa() format may not consume more keys than the aggregation has. */
BEGIN
{
	@a[1] = count();
	printa("%d %d %@d\n", @a);
}
