/* ASSERTION: ordering is signed only when the promoted type is: -1 < 0u is false, -1L < 0u true. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", -1 < 0, -1 < 0u, -1L < 0u, -1 < 0ul);
	i = -1; u = 0u; l = -1L;
	printf("%d %d %d\n", i < u, l < u, i > 0xfffffffe);
	printf("%d %d\n", i <= i, u >= i);
	exit(0);
}
