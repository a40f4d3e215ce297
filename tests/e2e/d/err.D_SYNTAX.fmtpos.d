/* ASSERTION: positional conversions are not supported. */
BEGIN
{
	printf("%1$d", 1);
}
