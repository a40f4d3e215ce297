/* ASSERTION: trunc(@a, n) keeps the n largest values, trunc(@a, -n) the n smallest, trunc(@a) removes every key. */
#pragma D option quiet

BEGIN
{
	@a["one"] = sum(1); @a["two"] = sum(2); @a["three"] = sum(3); @a["four"] = sum(4);
	@b["one"] = sum(1); @b["two"] = sum(2); @b["three"] = sum(3); @b["four"] = sum(4);
	@c["x"] = count();
	trunc(@a, 2);
	trunc(@b, -1);
	trunc(@c);
	printa("a %s %@d\n", @a);
	printa("b %s %@d\n", @b);
	printa("c %s %@d\n", @c);
	exit(0);
}
