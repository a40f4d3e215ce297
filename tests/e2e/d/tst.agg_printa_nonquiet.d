/* ASSERTION: not quiet, printa() follows its clause's prefix: the unformatted one starts with its newline (ending the prefix line), the formatted one with nothing, and the record's newline comes last. */
BEGIN
{
	@a["k"] = count();
	@b = sum(3);
}

END
{
	printa(@a);
	printa("%s %@d\n", @a);
}

BEGIN
{
	exit(0);
}
