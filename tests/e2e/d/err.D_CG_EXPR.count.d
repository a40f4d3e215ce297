/* ASSERTION: an aggregating function inside an expression. */
BEGIN
{
	x = count();
}
