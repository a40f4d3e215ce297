/* ASSERTION: BEGIN runs first, END last, exit() ends tracing with its status. */
#pragma D option quiet

BEGIN
{
	printf("begin\n");
	exit(3);
}

END
{
	printf("end\n");
}
