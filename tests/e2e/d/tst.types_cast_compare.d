/* ASSERTION: (unsigned int)-1 is 0xffffffff in its register, so it differs from -1. */
#pragma D option quiet
unsigned int u;

BEGIN
{
	printf("%d %d\n", (unsigned int)-1 == -1, (unsigned int)-1 == 0xffffffff);
	i = -1; u = 0xffffffff;
	printf("%d %d\n", i == u, (unsigned int)i == u);
	exit(0);
}
