/* ASSERTION: a store keeps the low bytes of the variable's type; a load sign- or zero-extends them. */
#pragma D option quiet
char c;
short s;
unsigned char uc;
unsigned short us;
int i;

BEGIN
{
	c = 300; s = 70000; uc = -1; us = -1; i = 0x1ffffffff;
	printf("%d %d %d %d %d\n", c, s, uc, us, i);
	printf("%d %d %d\n", uc == 255, uc == -1, i == -1);
	this->c = c; this->c = 1000;
	printf("%d\n", this->c);
	exit(0);
}
