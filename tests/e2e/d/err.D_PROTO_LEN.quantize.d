/* ASSERTION: quantize() takes at most two arguments. */
BEGIN
{
	@a = quantize(1, 2, 3);
}
