/* ASSERTION: << wants integral operands, not a pointer. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	trace(p << 1);
}
