/* ASSERTION: %d and %i of an unsigned type print it unsigned; 8-byte arguments print as long long. */
#pragma D option quiet
unsigned int u;
unsigned long ul;

BEGIN
{
	u = 0xffffffff; ul = -1; t = timestamp;
	printf("%d %i %u\n", u, u, u);
	printf("%d %d\n", ul, -1L);
	printf("%d\n", t > 0);
	printf("%d %d\n", 0xffffffffU, -1LL);
	exit(0);
}
