/* ASSERTION: a constant condition is replaced by its branch before any check: 1 ? "a" : 2 is accepted, 0 ? undefined : 5 never looks the name up. */
#pragma D option quiet

BEGIN
{
	printf("%s %d\n", 1 ? "a" : 2, 0 ? nosuchvariable : 5);
	printf("%d\n", (1 ? 2 : 3) + 10);
	exit(0);
}
