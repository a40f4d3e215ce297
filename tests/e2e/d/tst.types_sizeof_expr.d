/* ASSERTION: sizeof an expression is its type's size, without evaluating it; sizeof binds to a unary expression. */
#pragma D option quiet
char c;

BEGIN
{
	x = 1; c = 0;
	printf("%d %d %d\n", sizeof(x), sizeof(c), sizeof(x + 1L));
	printf("%d %d\n", sizeof x + 1, sizeof(x = 2));
	printf("%d\n", x);
	printf("%d\n", sizeof(int) * 2 > -1);
	exit(0);
}
