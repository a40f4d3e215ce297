/* ASSERTION: an aggregation is assigned an aggregating function, nothing else. */
BEGIN
{
	@a = 1;
}
