/* ASSERTION: an empty printf( ) format is an error. */
BEGIN
{
	printf("");
}
