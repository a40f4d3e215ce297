/* ASSERTION: a constant inline is its value: K = 4 is 3 = 4. */
inline int K = 3;

BEGIN
{
	K = 4;
}
