/* ASSERTION: -x quiet=0 sets quiet, as in DTrace: any number turns a boolean option on. */
BEGIN
{
	printf("quiet on\n");
	exit(0);
}
