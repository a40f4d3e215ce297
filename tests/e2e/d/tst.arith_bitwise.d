/* ASSERTION: & | ^ promote their operands; ~ keeps its operand's type and flips all 64 bits. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", 0xf0 | 0x0f, 0xff & 0x3c, 0xff ^ 0x0f);
	printf("%d %d\n", sizeof(1 & 1L), sizeof(1u | 1));
	printf("%d %d\n", -1 & 0xffffffffu, (-1 & 0xffffffffu) == 0xffffffff);
	x = 0;
	printf("%d %d\n", ~x, ~x == 0xffffffffffffffff);
	exit(0);
}
