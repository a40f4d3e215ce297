/* ASSERTION: a pointer variable takes a constant 0, not another integer. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	p = x;
}
