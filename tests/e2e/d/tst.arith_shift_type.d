/* ASSERTION: a shift has its left operand's type: 1 << 31 is an int, 1 << 32 an int 0, 1L << 32 a long. */
#pragma D option quiet
char c;

BEGIN
{
	printf("%d %d %d\n", 1 << 31, 1 << 32, 1L << 32);
	printf("%d %d %d\n", sizeof(1 << 40L), sizeof(1L << 1), sizeof(1u << 1));
	c = 1;
	printf("%d %d\n", c << 7, sizeof(c << 1));
	exit(0);
}
