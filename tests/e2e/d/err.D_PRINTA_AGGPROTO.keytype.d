/* ASSERTION: printa() of aggregations whose keys differ in type is an error naming both types. */
BEGIN
{
	@a["x"] = count();
	@b[1] = count();
	printa(@a, @b);
}
