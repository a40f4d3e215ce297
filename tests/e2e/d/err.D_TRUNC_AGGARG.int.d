/* ASSERTION: the first argument of trunc() must be an aggregation. */
BEGIN
{
	trunc(5);
}
