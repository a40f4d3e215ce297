/* ASSERTION: the second conversion has no value. */
BEGIN
{
	printf("%d %s\n", 1);
}
