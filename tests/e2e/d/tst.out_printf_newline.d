/*
 * ASSERTION: not quiet, the end-of-record newline follows a printf that
 * ends in one, leaving an empty line (1.5).
 */
BEGIN
{
	printf("x\n");
}

BEGIN
{
	printf("y");
	exit(0);
}
