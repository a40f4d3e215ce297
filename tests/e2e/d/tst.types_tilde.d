/* ASSERTION: ~ flips all 64 bits of its operand, keeping its type: ~0xbeef is an int, ~0u is not 0xffffffff. */
#pragma D option quiet

BEGIN
{
	printf("%d %x\n", ~0xbeef, ~0xbeef);
	printf("%d %d\n", ~0u == 0xffffffff, ~0u);
	printf("%d %d\n", sizeof(~0xbeef), sizeof(~1L));
	exit(0);
}
