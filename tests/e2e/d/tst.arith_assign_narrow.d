/* ASSERTION: assignment narrows silently to the left side's type, which is also the expression's type. */
#pragma D option quiet
char c;
unsigned char uc;

BEGIN
{
	c = 300; uc = -1;
	printf("%d %d\n", c, uc);
	printf("%d\n", sizeof(c = 1000));
	a = c = 1000;
	printf("%d %d %d\n", a, c, sizeof(a));
	exit(0);
}
