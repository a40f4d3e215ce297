/* ASSERTION: %@ is for printa() only. */
BEGIN
{
	printf("%@d\n", 1);
}
