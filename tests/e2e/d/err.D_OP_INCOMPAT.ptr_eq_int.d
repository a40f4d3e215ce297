/* ASSERTION: a pointer compares with a compatible pointer or a constant 0, not an int. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	trace(p == x);
}
