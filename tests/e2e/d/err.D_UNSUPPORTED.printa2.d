/* ASSERTION: what spectrace cannot run yet says so and does not half-run. */
BEGIN
{
	@a = count();
	@b = count();
	printa("%@d %@d\n", @a, @b);
}
