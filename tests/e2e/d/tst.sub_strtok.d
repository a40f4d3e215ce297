/* ASSERTION: strtok() returns the tokens of its string one by one; NULL as the first argument goes on with the previous string, also in a later clause; NULL when no token is left; any other string restarts. */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("  /usr//local/bin/", "/ "));
	printf("[%s]", strtok(NULL, "/ "));
}

BEGIN
{
	printf("[%s]", strtok(NULL, "/ "));
	printf("[%d]", strtok(NULL, "/ ") == NULL);
	printf("[%d]\n", strtok(NULL, "/ ") == NULL);
	printf("[%s]", strtok("a=1;b=2", ";"));
	printf("[%s]", strtok("x=9;y=8", "="));
	printf("[%s]", strtok(NULL, ";"));
	printf("[%s]\n", strtok(NULL, ";"));
	exit(0);
}
