/* ASSERTION: an aggregation has one list of keys: @a[k][j] is D_AGG_MDIM (d-language 3.8, options-and-actions 6.1). */
BEGIN
{
	@a[1][2] = count();
}
