/* ASSERTION: clear zeroes values and keeps keys; trunc keeps the top N (bottom -N) or nothing; normalize divides what is printed, denormalize undoes it. */
#pragma D option quiet

BEGIN
{
	@a["x"] = sum(100); @a["y"] = sum(200); @a["z"] = sum(300);
	@b["p"] = count(); @b["q"] = count(); @b["q"] = count(); @b["r"] = count();
	@b["r"] = count(); @b["r"] = count();
	@c["k"] = count();
	@n = sum(1000);
	@keep = count();
}

BEGIN
{
	clear(@a);
	printa("a %s %@d\n", @a);
	trunc(@b, 2);
	printa("b %s %@d\n", @b);
	trunc(@b, -1);
	printa("b- %s %@d\n", @b);
	trunc(@c);
	printa("c %s %@d\n", @c);
	normalize(@n, 10);
	printa("n %@d\n", @n);
	denormalize(@n);
	printa("d %@d\n", @n);
	trunc(@keep, 1);
	exit(0);
}
