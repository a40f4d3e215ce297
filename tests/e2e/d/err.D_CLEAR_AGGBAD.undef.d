/* ASSERTION: clear() of an undefined aggregation is an error. */
BEGIN
{
	clear(@nosuch);
}
