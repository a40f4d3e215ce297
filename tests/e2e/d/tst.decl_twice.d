/* ASSERTION: the same declaration twice is accepted. */
#pragma D option quiet

int x;
int x;
self string s;
self string s;

BEGIN
{
	x = 3;
	self->s = "s";
	printf("%d %s\n", x, self->s);
	exit(0);
}
