/* ASSERTION: a signed % computed at run time takes the sign of dividend xor divisor: 7 % -2 is -1, -7 % -2 is 1. */
#pragma D option quiet

BEGIN
{
	a = 7; b = -2; n = -7; m = 2;
	printf("%d %d %d %d\n", a % b, n % b, n % m, a % m);
	exit(0);
}
