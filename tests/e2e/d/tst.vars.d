/*
 * ASSERTION: globals, this-> and self-> variables; ++, --, compound
 * assignment; a declared self-> variable reads 0 before it is assigned.
 */
#pragma D option quiet

int declared;
self int never;

BEGIN
{
	x = 5;
	x += 10;
	x *= 2;
	x--;
	y = x++;
	this->t = y * 2;
	self->s = this->t + 1;
	declared = self->s;
	printf("%d %d %d %d %d\n", x, y, this->t, self->s, declared);
	self->s = 0;
	printf("%d %d\n", self->s, self->never);
	exit(0);
}
