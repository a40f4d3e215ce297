/* ASSERTION: the ?: condition must be scalar. */
BEGIN
{
	x = "a" ? 1 : 2;
}
