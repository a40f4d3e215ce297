/* ASSERTION: unary minus of a constant is folded on 64 bits, masked to the size of an unsigned constant. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", -1 == 0xffffffffffffffff, sizeof(-2147483648));
	printf("%d %d\n", -0x80000000 == 0x80000000, -0x80000000);
	printf("%d %d\n", -1u == 0xffffffff, -1u);
	printf("%d %d\n", -1ul == 0xffffffffffffffff, -(-5));
	exit(0);
}
