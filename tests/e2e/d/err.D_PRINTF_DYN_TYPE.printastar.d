/* ASSERTION: a printa() star width must consume an integer key. */
BEGIN
{
	@a["s", 1] = count();
	printa("%*d %@d\n", @a);
}
