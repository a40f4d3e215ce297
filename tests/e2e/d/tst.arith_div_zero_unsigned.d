/* ASSERTION: an unsigned division by a run-time 0 does not fault: / gives 0, % gives the dividend. */
#pragma D option quiet

BEGIN
{
	z = 0u; a = 7u;
	printf("%d %d\n", a / z, a % z);
	zl = 0ul;
	printf("%d %d\n", 100ul / zl, 100ul % zl);
	exit(0);
}
