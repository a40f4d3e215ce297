/* ASSERTION: an lquantize step larger than the range leaves no level. */
BEGIN
{
	@a = lquantize(1, 0, 10, 20);
}
