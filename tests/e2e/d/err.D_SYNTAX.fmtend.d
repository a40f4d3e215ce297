/* ASSERTION: a format may not end inside a conversion. */
BEGIN
{
	printf("abc %");
}
