/* ASSERTION: aggsortpos=1 sorts printa(@a, @b) by the values of @b. */
#pragma D option quiet
#pragma D option aggsortpos=1

BEGIN
{
	@a[1] = sum(1);
	@a[2] = sum(2);
	@a[3] = sum(3);
	@b[1] = sum(30);
	@b[2] = sum(10);
	@b[3] = sum(20);
	printa("%d %@d %@d\n", @a, @b);
	exit(0);
}
