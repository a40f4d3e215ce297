/*
 * ASSERTION: system( ) runs its command when the consumer processes the
 * record, formatted as printf would, its output in order with the trace; a
 * pragma after the clauses enables it (dtrace checks when it enables).
 */
#pragma D option quiet

BEGIN
{
	printf("one\n");
	system("echo two %d; printf '%%s\\n' %s", 2, "three");
	printf("four\n");
	system("exit 3");
	printf("five\n");
}

BEGIN
{
	system("echo six");
}

BEGIN
{
	exit(0);
}

#pragma D option destructive
