/* ASSERTION: with strsize too small for every probe name the kernel keys the names as strings, and the output is the same. */
#pragma D option quiet
#pragma D option strsize=100

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
