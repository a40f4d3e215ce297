/* ASSERTION: signed division truncates toward zero; INT64_MIN / -1 is INT64_MIN without a fault. */
#pragma D option quiet

BEGIN
{
	a = 7; b = -2; n = -7; m = 2;
	printf("%d %d %d %d\n", a / b, n / m, n / b, a / m);
	x = -9223372036854775807L - 1; y = -1L;
	printf("%d\n", x / y);
	exit(0);
}
