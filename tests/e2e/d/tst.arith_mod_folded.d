/* ASSERTION: a % of constants is folded as C does it: 7 % -2 is 1, -7 % -2 is -1. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 7 % -2, -7 % -2, -7 % 2, 7 % 2);
	printf("%d %d\n", 7 / -2, -7 / 2);
	exit(0);
}
