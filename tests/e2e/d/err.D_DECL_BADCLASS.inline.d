/* ASSERTION: no storage class for an inline. */
inline self int X = 1;

BEGIN
{
	exit(0);
}
