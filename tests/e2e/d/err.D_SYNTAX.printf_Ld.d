/* ASSERTION: L sizes floating-point conversions only: %Ld is undefined. */
BEGIN
{
	printf("%Ld\n", 1);
}
