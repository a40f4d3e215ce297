/* ASSERTION: destructive=0 allows destructive actions: 0 sets a boolean option, as in DTrace. */
#pragma D option quiet
#pragma D option destructive=0

BEGIN
{
	system("echo system ran");
	exit(0);
}
