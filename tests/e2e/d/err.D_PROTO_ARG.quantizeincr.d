/* ASSERTION: the increment of quantize() must be scalar. */
BEGIN
{
	@a = quantize(1, "two");
}
