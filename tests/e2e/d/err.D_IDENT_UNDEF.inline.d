/* ASSERTION: an inline's right side may only use names known at its definition. */
inline int X = Y + 1;

BEGIN
{
	Y = 1;
}
