/* ASSERTION: the * width has no argument. */
BEGIN
{
	printf("%*d");
}
