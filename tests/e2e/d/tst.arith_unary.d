/* ASSERTION: unary - and + keep the operand's type; - of an unsigned variable is not masked. */
#pragma D option quiet
unsigned int u;
char c;

BEGIN
{
	u = 1u; c = 5;
	printf("%d %d\n", -u == 0xffffffff, -u);
	printf("%d %d %d\n", sizeof(-c), -c, sizeof(+c));
	printf("%d %d\n", -2147483647 - 1, sizeof(-1L));
	exit(0);
}
