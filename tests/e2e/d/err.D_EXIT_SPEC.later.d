/* ASSERTION: exit( ) after speculate( ) and other actions is refused. */
BEGIN
{
	speculate(1);
	printf("x");
	exit(0);
}
