/* ASSERTION: two dots in a conversion. */
BEGIN
{
	printf("%1.2.3d", 1);
}
