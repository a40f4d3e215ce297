/* ASSERTION: an inline with parameters used with too few arguments is a prototype mismatch (d-language 4.6, 5.4). */
inline int ADD[int a, int b] = a + b;

BEGIN
{
	trace(ADD[1]);
}
