/* ASSERTION: a pointer is not of arithmetic type: * refuses it. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	trace(p * 2);
}
