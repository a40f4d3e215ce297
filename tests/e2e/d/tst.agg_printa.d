/* ASSERTION: printa prints an aggregation where it is called, with or without a format; a printed aggregation is not printed again at exit, the others are. */
#pragma D option quiet

BEGIN
{
	@calls["open", 3] = count();
	@calls["read", 7] = count();
	@calls["read", 7] = count();
	@other = sum(42);
	@h = quantize(8);
}

BEGIN
{
	printa("%s/%d: %@d\n", @calls);
	printa("only keys: %s\n", @calls);
	printa(@calls);
	printa("hist:%@d", @h);
	exit(0);
}
