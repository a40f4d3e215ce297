/* ASSERTION: a printa() conversion must match the type of the key it consumes. */
BEGIN
{
	@a[1] = count();
	printa("%s %@d\n", @a);
}
