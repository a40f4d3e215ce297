/* ASSERTION: normalize( ) checks its second argument against its prototype. */
BEGIN
{
	@a = count();
	normalize(@a, "x");
}
