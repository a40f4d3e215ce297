/* ASSERTION: the format must be a string. */
BEGIN
{
	printf(1);
}
