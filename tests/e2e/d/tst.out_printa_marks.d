/*
 * ASSERTION: a printa() that printed a tuple marks the aggregation: it is
 * not printed again at exit, not even the tuples added after the printa
 * (END's, added once the consumer ran it); the others are, in the order
 * they first appear (1.8).
 */
#pragma D option quiet

BEGIN
{
	@x["a"] = count();
	@y = count();
	printa("x %s %@d\n", @x);
	exit(0);
}

END
{
	@x["b"] = count();
	@z = sum(2);
}
