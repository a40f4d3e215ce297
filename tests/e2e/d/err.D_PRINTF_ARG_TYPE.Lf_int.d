/* ASSERTION: %Lf exists, for a long double only. */
BEGIN
{
	printf("%Lf\n", 1);
}
