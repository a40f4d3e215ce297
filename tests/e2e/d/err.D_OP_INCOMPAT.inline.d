/* ASSERTION: an inline keeps the type it is declared with. */
inline int S = "text";

BEGIN
{
	exit(0);
}
