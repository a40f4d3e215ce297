/* ASSERTION: the floating-point types have their C sizes; D has no values of them. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(float), sizeof(double), sizeof(long double), sizeof(double *));
	exit(0);
}
