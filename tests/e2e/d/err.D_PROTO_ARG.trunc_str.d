/* ASSERTION: trunc( ) checks its second argument against its prototype. */
BEGIN
{
	@a = count();
	trunc(@a, "x");
}
