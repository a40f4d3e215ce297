/* ASSERTION: the shift count is taken modulo 64 at run time. */
#pragma D option quiet

BEGIN
{
	x = 1L; n = 65; m = 64;
	printf("%d %d\n", x << n, x << m);
	printf("%d\n", 256L >> n);
	exit(0);
}
