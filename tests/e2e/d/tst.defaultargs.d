/* ASSERTION: with defaultargs, an argument not given is 0 as $N and "" as $$N. */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%d [%s] %d\n", $1, $$2, $3 + 1);
	exit(0);
}
