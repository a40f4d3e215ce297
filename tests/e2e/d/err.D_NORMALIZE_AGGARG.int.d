/* ASSERTION: normalize( ) of something that is not an aggregation. */
BEGIN
{
	normalize(2, 10);
}
