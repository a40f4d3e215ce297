/* ASSERTION: an unknown conversion is a syntax error, numbered from 1 with %% counted. */
BEGIN
{
	printf("%d %% %q\n", 1);
}
