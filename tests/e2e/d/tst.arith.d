/* ASSERTION: integer arithmetic, precedence and conversions follow D's (C's) rules. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 1 + 2 * 3, (1 + 2) * 3, 7 / 2, -7 / 2);
	printf("%d %d %d\n", 7 % 3, -7 % 3, 1 << 4 >> 2);
	printf("%d %d %d %d\n", 6 & 3, 6 | 3, 6 ^ 3, ~0);
	printf("%d %d %d %d\n", 3 < 4, 4 <= 3, 5 == 5, 5 != 5);
	printf("%d %d %d %d\n", 1 && 0, 1 || 0, 1 ^^ 1, !7);
	printf("%d %d\n", 1 ? 10 : 20, 0 ? 10 : 20);
	printf("%d %d %d\n", (char)0x1ff, (unsigned char)0x1ff, (short)0x18000);
	printf("%u %d\n", (unsigned int)-1, -1 < 0U);
	printf("%x %o %X\n", 0xdeadbeef, 010, 0xabcdefULL);
	printf("%d %d\n", sizeof(int), sizeof(char));
	printf("%d %d %d\n", 'A', '\n', 0x7fffffffffffffff > 0);
	exit(0);
}
