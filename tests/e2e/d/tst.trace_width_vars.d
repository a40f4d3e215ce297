/* ASSERTION: trace() of variables and expressions uses their D types: a char sum is a char, an int plus a long a long. */
char c;
short s;
int i;

BEGIN
{
	c = 100;
	s = -2;
	i = 7;
	trace(c + c);
	trace(s);
	trace(i + 1L);
	trace(i == 7);
	exit(0);
}
