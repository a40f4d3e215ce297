/*
 * ASSERTION: system( ) runs its command when the consumer processes the
 * record, formatted as printf would, its output in order with the trace;
 * speculate( ) may follow it (the command runs once committed); a pragma
 * after the clauses enables it.
 */
#pragma D option quiet

BEGIN
{
	printf("one\n");
	system("echo two %d; printf '%%s\\n' %s", 2, "three");
	printf("four\n");
	system("exit 3");
	printf("five\n");
	s = speculation();
}

BEGIN
{
	system("echo six");
	speculate(s);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}

#pragma D option destructive
