/* ASSERTION: a pointer variable takes no pointer to another type without a cast. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	q = p;
}
