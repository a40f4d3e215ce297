/* ASSERTION: a * width takes an integer. */
BEGIN
{
	printf("%*d\n", "wide", 1);
}
