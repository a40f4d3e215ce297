/* ASSERTION: a decimal constant is the first of int, long, long long that holds it: never unsigned. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof(0), sizeof(7), sizeof(2147483647));
	printf("%d %d\n", sizeof(2147483648), sizeof(4294967296));
	printf("%d %d\n", 2147483647 > -1, 2147483648 > -1);
	printf("%d\n", 2147483648);
	exit(0);
}
