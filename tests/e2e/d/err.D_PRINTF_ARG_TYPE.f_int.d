/* ASSERTION: %f takes a floating-point value, which D has none of. */
BEGIN
{
	printf("%f\n", 1);
}
