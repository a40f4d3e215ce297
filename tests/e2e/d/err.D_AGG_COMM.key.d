/* ASSERTION: a keyed aggregation may not follow commit( ) either. */
BEGIN
{
	commit(1);
	@a[1] = sum(2);
}
