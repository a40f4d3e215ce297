/* ASSERTION: the comma operator evaluates its left operand for its effects; the result is the right one, with its type. */
#pragma D option quiet

BEGIN
{
	x = (1, 2);
	y = 0;
	z = (y = 5, y + 1);
	printf("%d %d %d %d\n", x, y, z, sizeof((1, 2L)));
	a = 1, b = 2;
	printf("%d %d\n", a, b);
	exit(0);
}
