/* ASSERTION: += on a void pointer: the left operand has no known size. */
BEGIN
{
	p = (void *)0;
	p += 1;
}
