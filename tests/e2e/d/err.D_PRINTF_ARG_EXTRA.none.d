/* ASSERTION: arguments for a format without conversions. */
BEGIN
{
	printf("x\n", 1);
}
