/* ASSERTION: %lc takes an int (a wint_t), not a long. */
BEGIN
{
	printf("%lc\n", 65L);
}
