/* ASSERTION: printa( ) of an aggregation assigned only later in the program. */
BEGIN
{
	printa(@a);
}

END
{
	@a = count();
}
