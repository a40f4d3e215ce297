/*
 * ASSERTION: a clause without actions records the default action: the
 * heading, then the prefix and its newline, the prefix ending in a blank
 * (1.4, 1.5); exit() records, and prints nothing of its own; the final
 * newline last.
 */
BEGIN
{
}

BEGIN
{
	exit(0);
}
