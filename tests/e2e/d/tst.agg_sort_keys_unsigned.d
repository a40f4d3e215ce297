/* ASSERTION: equal values sort by key, integer keys compared unsigned: -1 after every positive key. */
#pragma D option quiet

BEGIN
{
	@a[-1] = count();
	@a[5] = count();
	@a[0] = count();
	@a[100] = count();
	printa("%d %@d\n", @a);
	exit(0);
}
