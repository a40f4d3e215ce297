/* ASSERTION: aggregations keyed by the probe's names (the kernel keys them by string-table offset) sort, print, clear and trunc as string keys do, also mixed with other string keys. */
#pragma D option quiet

BEGIN
{
	@a[probeprov, probename] = count();
	@a[probeprov, probename] = count();
	@b[probename, 1] = sum(5);
	@c[probefunc] = count();
	@d[probename] = sum(3);
	@e[probename] = count();
}

tick-10ms
/!done/
{
	done = 1;
	@a[probeprov, probename] = count();
	@b[probename, 2] = sum(7);
	@d[probename] = sum(1);
	@d["tick-10ms"] = sum(10);
	@e[probename] = count();
	exit(0);
}

END
{
	@a[probeprov, probename] = count();
	trunc(@c);
	clear(@e);
	printa("a %s %s %@d\n", @a);
	printa("b %s %d %@d\n", @b);
	printa("c %s %@d\n", @c);
	printa("d %s %@d\n", @d);
	printa("e %s %@d\n", @e);
}
