/* ASSERTION: aggregations are never speculative. */
BEGIN
{
	speculate(1);
	@a = count();
}
