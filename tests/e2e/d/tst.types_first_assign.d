/* ASSERTION: a variable's type is set by its first assignment: after x = 1, x is an int and 5000000000 is cut to 705032704. */
#pragma D option quiet

BEGIN
{
	x = 1;
	x = 5000000000;
	printf("%d %d\n", x, sizeof(x));
	y = 1L;
	y = 5000000000;
	printf("%d %d\n", y, sizeof(y));
	self->z = (short)1; self->z = 40000;
	printf("%d\n", self->z);
	exit(0);
}
