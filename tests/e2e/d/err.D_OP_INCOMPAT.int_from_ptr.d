/* ASSERTION: an integer variable takes no pointer without a cast. */
BEGIN
{
	p = (int *)0;
	q = (char *)0;
	x = 1;
	x = p;
}
