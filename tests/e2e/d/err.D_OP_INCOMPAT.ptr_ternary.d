/* ASSERTION: the branches of ?: are pointers to different types. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	trace(x ? p : q);
}
