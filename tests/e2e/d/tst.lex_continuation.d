/*
 * ASSERTION: a backslash at the end of a line inside a clause is discarded,
 * joining the two lines.
 */
#pragma D option quiet

BEGIN
{
	x = 40 + \
	    2;
	printf("%d\n", \
	    x);
	exit(0);
}
