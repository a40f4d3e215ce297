/* ASSERTION: string literals, variables, comparisons, strlen, probe-name builtins. */
#pragma D option quiet

string decl;

BEGIN
{
	s = "hello";
	decl = s;
	this->t = "world";
	printf("%s %s %s|%5s|%-6s|\n", s, decl, this->t, "ab", "cd");
	printf("%d %d %d %d %d\n", s == "hello", s != "hello", "abc" < "abd", "b" > "a",
	    strlen(this->t));
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	printf("%s %s\n", 1 ? "yes" : "no", stringof("x"));
	trace("traced");
	printf("\n%s\n", $$1);
	exit(0);
}
