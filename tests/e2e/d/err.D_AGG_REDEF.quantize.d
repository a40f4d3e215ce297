/* ASSERTION: an aggregation keeps its function. */
BEGIN
{
	@a = quantize(1);
}

END
{
	@a = max(2);
}
