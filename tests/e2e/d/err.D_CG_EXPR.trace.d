/* ASSERTION: an action inside an expression. */
BEGIN
{
	x = trace(1);
}
