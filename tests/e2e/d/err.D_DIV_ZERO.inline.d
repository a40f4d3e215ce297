/* ASSERTION: a constant inline zero is a zero divisor. */
inline int ZERO = 0;

BEGIN
{
	x = 10;
	y = x % ZERO;
}
