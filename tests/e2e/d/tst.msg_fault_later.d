/*
 * ASSERTION: a fault ends its clause, whose record is not written; the
 * later clauses of the same firing run; the exit status is unchanged
 * (output-and-messages 4.3, 1.9).
 */
#pragma D option quiet

BEGIN
{
	printf("a\n");
	*(char *)NULL;
	printf("b\n");
}

BEGIN
{
	printf("c\n");
	exit(0);
}
