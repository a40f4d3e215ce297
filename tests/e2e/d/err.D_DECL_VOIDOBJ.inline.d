/* ASSERTION: an inline may not be void. */
inline void V = 1;

BEGIN
{
	exit(0);
}
