/* ASSERTION: a pragma is applied after -x, so it wins over -x quiet=no. */
#pragma D option quiet

BEGIN
{
	printf("the pragma wins\n");
	exit(0);
}
