/* ASSERTION: printa("fmt", @a, @b): no leading newline; the n-th %@ takes the n-th aggregation, a further %@ the last one; keys are consumed in order. */
#pragma D option quiet

BEGIN
{
	@a["x", 1] = count();
	@a["y", 2] = count();
	@a["y", 2] = count();
	@b["y", 2] = max(10);
	@b["z", 3] = max(-5);
	printa("%s/%d: %@d %@d %@d\n", @a, @b);
	printa("keys only %s\n", @a, @b);
	exit(0);
}
