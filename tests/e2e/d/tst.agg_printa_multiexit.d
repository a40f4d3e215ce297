/* ASSERTION: every aggregation a multi-aggregation printa() printed is not printed again at exit; one it did not list is. */
#pragma D option quiet

BEGIN
{
	@a["k"] = count();
	@b["k"] = sum(5);
	@c = sum(7);
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}
