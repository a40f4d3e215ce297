/* ASSERTION: ?: promotes two integer branches: c ? -1 : 0u is an unsigned int. */
#pragma D option quiet

BEGIN
{
	c = 1; n = 0;
	printf("%d %d\n", c ? -1 : 0u, sizeof(c ? 1 : 2L));
	printf("%d %d\n", n ? 1 : -1L, sizeof(n ? (char)1 : (char)2));
	printf("%s %s\n", c ? "yes" : "no", n ? "yes" : "no");
	exit(0);
}
