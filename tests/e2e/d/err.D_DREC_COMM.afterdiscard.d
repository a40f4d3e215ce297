/* ASSERTION: discard( ) after commit( ) does not lift the rule. */
BEGIN
{
	commit(1);
	discard(2);
	printf("x");
}
