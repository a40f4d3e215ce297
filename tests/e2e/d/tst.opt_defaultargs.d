/* ASSERTION: -x defaultargs: a macro argument not given is 0 as $N and "" as $$N. */
#pragma D option quiet

BEGIN
{
	printf("%d [%s] %d\n", $1, $$2, $1 + 1);
	exit(0);
}
