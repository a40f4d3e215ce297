/* ASSERTION: substr() with negative and out-of-range indexes and lengths: the reference's examples. */
#pragma D option quiet

BEGIN
{
	printf("[%s][%s][%s][%s]\n", substr("hello", 1), substr("hello", -2), substr("hello", -10),
	    substr("hello", -10, 7));
	printf("[%s][%s][%s][%s]\n", substr("hello", 1, -1), substr("hello", 5), substr("hello", 0, 0),
	    substr("", 0, 3));
	exit(0);
}
