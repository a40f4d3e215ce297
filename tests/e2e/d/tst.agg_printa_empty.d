/* ASSERTION: printa() of an empty aggregation prints only its newline and does not mark it printed: once it has data it is printed at exit. */
#pragma D option quiet

END
{
	@a = count();
}

BEGIN
{
	printa(@a);
	printf("after printa\n");
	exit(0);
}
