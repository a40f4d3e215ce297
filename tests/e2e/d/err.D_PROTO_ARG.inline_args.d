/* ASSERTION: an inline's argument must suit its parameter's type (d-language 4.6, 5.4). */
inline int NEG[int a] = -a;

BEGIN
{
	trace(NEG["x"]);
}
