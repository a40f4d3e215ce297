/* ASSERTION: char + char is a char: 'a' + 'a' held in a char records 194 as one byte, -62. */
#pragma D option quiet
char c;

BEGIN
{
	c = 'a';
	printf("%d %d\n", c + c, c + c > 0);
	printf("%c%c\n", c, c + 1);
	exit(0);
}
