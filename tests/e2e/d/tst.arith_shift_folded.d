/* ASSERTION: a shift of constants is folded logically on 64 bits: -16 >> 2 prints -4 as an int, -16L >> 2 is 4611686018427387900. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", -16 >> 2, -16L >> 2);
	printf("%d\n", (-16 >> 2) == 0x3ffffffffffffffc);
	exit(0);
}
