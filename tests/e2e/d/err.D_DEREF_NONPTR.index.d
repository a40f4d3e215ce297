/* ASSERTION: x[1] of a scalar x reads *(x + 1): x is not a pointer. */
BEGIN
{
	x = 1;
	trace(x[1]);
}
