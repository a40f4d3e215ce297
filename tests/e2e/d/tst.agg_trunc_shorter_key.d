/* ASSERTION: trunc() and clear() reach an aggregation whose key is shorter than another aggregation's. */
#pragma D option quiet

BEGIN
{
	@long["a", "b"] = count();
	@s["x"] = count();
	@t["y"] = sum(4);
	trunc(@s);
	clear(@t);
	printa("s %s %@d\n", @s);
	printa("t %s %@d\n", @t);
	printa("long %s %s %@d\n", @long);
	exit(0);
}
