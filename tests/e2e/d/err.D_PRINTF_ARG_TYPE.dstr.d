/* ASSERTION: %d of a string. */
BEGIN
{
	printf("%d\n", "a");
}
