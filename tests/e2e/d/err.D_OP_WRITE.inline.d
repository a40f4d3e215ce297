/* ASSERTION: an inline is not a variable: it cannot be assigned. */
inline int K = 3;

BEGIN
{
	K = 4;
}
