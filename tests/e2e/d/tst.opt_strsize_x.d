/* ASSERTION: -x strsize=3 cuts a stored string, an aggregation key and a traced literal at 3 characters. */
#pragma D option quiet

BEGIN
{
	s = "spectrace";
	@[s] = count();
	printf("[%s] [%s]\n", s, "literal");
	printa("%s %@d\n", @);
	exit(0);
}
