/* ASSERTION: arithmetic works on 64-bit registers and is not narrowed: an unsigned int 0xffffffff plus 1 is not 0 until stored, and a cast to its own type changes nothing. */
#pragma D option quiet
unsigned int u;

BEGIN
{
	u = 0xffffffff;
	printf("%d\n", u + 1 == 0);
	x = u + 1;
	printf("%d %d\n", x == 0, x);
	printf("%d %d\n", u + 1, (unsigned int)(u + 1) == 0);
	exit(0);
}
