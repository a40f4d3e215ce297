/* ASSERTION: an inline's parameters are names in its own body only (d-language 4.6). */
inline int ID[int a] = a;

BEGIN
{
	trace(a);
}
