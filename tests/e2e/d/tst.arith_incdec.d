/* ASSERTION: ++ and -- create a missing variable as int64_t; they wrap at the variable's size. */
#pragma D option quiet
char c;
unsigned char uc;

BEGIN
{
	n++;
	y = z++;
	printf("%d %d %d %d\n", n, sizeof(n), y, z);
	self->k--;
	printf("%d %d\n", self->k, sizeof(self->k));
	c = 127; c++; uc = 0; uc--;
	printf("%d %d\n", c, uc);
	printf("%d %d\n", ++c, c--);
	exit(0);
}
