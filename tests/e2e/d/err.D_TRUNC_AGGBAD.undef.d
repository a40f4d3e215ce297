/* ASSERTION: trunc( ) of an unknown aggregation. */
BEGIN
{
	trunc(@nosuch);
}
