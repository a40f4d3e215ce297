/* ASSERTION: an aggregation keeps the key signature of its first use. */
BEGIN
{
	@a[1, "x"] = count();
	@a["x", 1] = count();
}
