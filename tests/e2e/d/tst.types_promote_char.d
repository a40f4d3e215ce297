/* ASSERTION: there is no promotion to int: char op char is char, short op short is short, char op int is int. */
#pragma D option quiet
char c;
char c2;
short s;

BEGIN
{
	c = 100; c2 = 100; s = 20000;
	printf("%d %d\n", c + c2, sizeof(c + c2));
	printf("%d %d\n", s + s, sizeof(s + s));
	printf("%d %d\n", c + 100, sizeof(c + 1));
	printf("%d %d\n", sizeof(c * s), c * s);
	exit(0);
}
