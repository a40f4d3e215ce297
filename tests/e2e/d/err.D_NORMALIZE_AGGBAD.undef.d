/* ASSERTION: normalize() of an undefined aggregation is an error. */
BEGIN
{
	normalize(@nosuch, 10);
}
