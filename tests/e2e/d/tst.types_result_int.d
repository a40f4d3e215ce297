/* ASSERTION: comparisons and the logical operators give an int, whatever their operands. */
#pragma D option quiet

BEGIN
{
	l = 5L; u = 5ul;
	printf("%d %d %d\n", sizeof(l < u), sizeof(l == 5L), sizeof(!l));
	printf("%d %d %d\n", sizeof(l && u), sizeof(l || 0), sizeof(l ^^ u));
	exit(0);
}
