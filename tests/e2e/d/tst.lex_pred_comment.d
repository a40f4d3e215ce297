/* ASSERTION: a / followed by a comment, { or ; closes the predicate; any other / divides, also in a predicate (d-language 1.1). */
#pragma D option quiet

BEGIN
/10 / 5 == 2/ /* the / before this comment ends the predicate */
{
	printf("%d\n", 10 / 5);
	exit(0);
}
