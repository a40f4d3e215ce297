/*
 * ASSERTION: not quiet, an unformatted printa() in END is the clause's
 * prefix, printa's newline, the tuples, then the end-of-record newline;
 * the aggregation is not printed again at exit (2.8, 1.8).
 */
BEGIN
{
	@a["x"] = count();
	exit(0);
}

END
{
	printa(@a);
}
