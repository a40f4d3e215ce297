/* ASSERTION: % needs integral operands. */
BEGIN
{
	x = "a" % 2;
}
