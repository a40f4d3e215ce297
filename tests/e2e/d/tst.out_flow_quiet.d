/*
 * ASSERTION: under flowindent the heading and the function column are
 * printed even when quiet, but not the end-of-record newline (1.4-1.6);
 * a probe that is neither entry nor return gets "| function:name".
 */
#pragma D option flowindent
#pragma D option quiet

BEGIN
{
	printf("a\n");
}

BEGIN
{
	printf("b\n");
	exit(0);
}
