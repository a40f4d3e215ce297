/*
 * ASSERTION: the run ends with a newline on the output, also under quiet
 * (output-and-messages 1.7: the final newline is unconditional).
 */
#pragma D option quiet

BEGIN
{
	printf("hi\n");
	exit(0);
}
