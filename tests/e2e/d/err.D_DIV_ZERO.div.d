/* ASSERTION: a constant zero divisor is a compile error. */
BEGIN
{
	x = 1;
	y = x / 0;
}
