/* ASSERTION: pointers to different types do not compare. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	trace(p < q);
}
