/* ASSERTION: compound assignments compute in 64 bits and narrow on the store; /= and %= divide as the left operand is signed. */
#pragma D option quiet
char c;
unsigned int u;
short s;

BEGIN
{
	c = 100; c += 100;
	i = -7; i /= 2u;
	u = 7u; u /= -2;
	printf("%d %d %d\n", c, i, u);
	j = -7; j %= 2u;
	s = 1; s <<= 15;
	printf("%d %d\n", j, s);
	exit(0);
}
