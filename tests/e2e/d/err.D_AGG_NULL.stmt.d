/* ASSERTION: an aggregation alone as a statement has no effect. */
BEGIN
{
	@a = count();
	@a;
}
