/* ASSERTION: the operand type of higher rank (bits + 1 if unsigned) wins: int op unsigned is unsigned, unsigned int op long is long. */
#pragma D option quiet

BEGIN
{
	i = -1; u = 0u; l = 1L; ul = 0ul;
	printf("%d %d\n", i + u, sizeof(i + u));
	printf("%d %d\n", sizeof(i + l), i + l);
	printf("%d %d\n", 0xffffffff + l, sizeof(0xffffffff + l));
	printf("%d\n", -1L + ul);
	printf("%d %d %d\n", i < u, i < l, l - 2 < ul);
	exit(0);
}
