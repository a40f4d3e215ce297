/* ASSERTION: == and != compare the 64-bit registers: an int -1 and an unsigned int 0xffffffff differ. */
#pragma D option quiet
unsigned int u;

BEGIN
{
	i = -1; u = 0xffffffff;
	printf("%d %d\n", i == u, i != u);
	printf("%d %d\n", -1 == 0xffffffff, 0xffffffff == 4294967295);
	printf("%d %d\n", sizeof(i == u), (i == -1) + (u == 4294967295));
	exit(0);
}
