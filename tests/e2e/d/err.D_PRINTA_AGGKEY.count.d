/* ASSERTION: printa() of aggregations with different numbers of keys is an error. */
BEGIN
{
	@a[1] = count();
	@b[1, 2] = count();
	printa(@a, @b);
}
