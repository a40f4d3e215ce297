/* ASSERTION: lquantize( ) limit equal to the base is an error (dtrace-utils). */
BEGIN
{
	@a = lquantize(1, 5, 5);
}
