/*
 * ASSERTION: a scalar array (int a[5];) holds its elements: they read 0
 * until stored, take constant and computed indexes, ++ and op=, and the
 * array's size is its elements'; a computed index past the end faults
 * BADINDEX. this-> arrays too.
 */
#pragma D option quiet

int a[5];
char c[4];
this long t[3];

BEGIN
{
	a[1] = 3;
	i = 2;
	a[i] = 7;
	a[4]++;
	a[4] += 10;
	c[0] = 'o';
	c[1] = 'k';
	this->t[2] = -9;
	printf("%d %d %d %d %d\n", a[0], a[1], a[i], a[4], sizeof(a));
	printf("%s %d %d %d\n", stringof(c), sizeof(c), this->t[2], sizeof(this->t));
}

BEGIN
{
	i = 5;
	a[i] = 1;
}

ERROR
{
	printf("fault %d value %d\n", arg4, (int64_t)arg5);
	exit(0);
}
