/* ASSERTION: lquantize( ) needs its base and limit. */
BEGIN
{
	@a = lquantize(1, 0);
}
