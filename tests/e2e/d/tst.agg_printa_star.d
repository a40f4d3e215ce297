/* ASSERTION: '*' widths and precisions in a printa() format take integer keys in order, a negative width left-justifies. */
#pragma D option quiet

BEGIN
{
	@w[8, "ab"] = count();
	@w[-6, "cd"] = count();
	@w[-6, "cd"] = count();
	printa("[%*s] %@d\n", @w);
	@p[10, 2, "abcdef"] = count();
	printa("[%*.*s] %@d\n", @p);
	@q[6, 17] = sum(3);
	printa("[%d] [%@*d]\n", @q);
	exit(0);
}
