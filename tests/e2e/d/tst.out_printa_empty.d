/*
 * ASSERTION: printa() without a format starts with a newline, also for an
 * empty aggregation; one that printed nothing does not keep the
 * aggregation from being printed at exit (1.8, 2.8). (END adds the tuple
 * after the consumer ran BEGIN's trunc() and printa().)
 */
#pragma D option quiet

BEGIN
{
	@n = sum(0);
	trunc(@n);
	printa(@n);
	printa("fmt: %@d\n", @n);
	printf("-\n");
	exit(0);
}

END
{
	@n = sum(5);
}
