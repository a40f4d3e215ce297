/* ASSERTION: an inline that is not a constant is not writable either. */
inline int K = pid + 1;

BEGIN
{
	K = 4;
}
