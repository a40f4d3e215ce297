/* ASSERTION: >> is arithmetic for a signed left operand and logical for an unsigned one. */
#pragma D option quiet

BEGIN
{
	x = -16; u = 0xfffffff0; l = -16L;
	printf("%d %d %d\n", x >> 2, u >> 2, l >> 2);
	printf("%d\n", (unsigned long)l >> 60);
	exit(0);
}
