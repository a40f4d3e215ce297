/* ASSERTION: operands after the script are $1, $2... */
#pragma D option quiet

BEGIN
{
	printf("%d\n", $1 + $2);
	exit(0);
}
