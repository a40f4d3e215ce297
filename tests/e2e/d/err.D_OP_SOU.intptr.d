/* ASSERTION: -> on a pointer to an integer. */
BEGIN
{
	p = (int *)0;
	trace(p->x);
}
