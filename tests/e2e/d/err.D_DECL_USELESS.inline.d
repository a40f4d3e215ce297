/* ASSERTION: an inline needs a name. */
inline int = 1;

BEGIN
{
	exit(0);
}
