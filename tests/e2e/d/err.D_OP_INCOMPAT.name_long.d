/* ASSERTION: a constant with an l suffix is a long. */
BEGIN
{
	x = 1L;
	x = "s";
}
