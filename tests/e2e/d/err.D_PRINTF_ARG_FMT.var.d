/* ASSERTION: the format must be a string constant. */
BEGIN
{
	s = "x";
	printf(s);
}
