/* ASSERTION: freopen() appends the output that follows to a file, ftruncate() empties the current output file, freopen("") brings the output back. */
#pragma D option quiet
#pragma D option destructive

BEGIN
{
	system("rm -f /tmp/spt-freopen.%d", pid);
	printf("before\n");
	freopen("/tmp/spt-freopen.%d", pid);
	printf("in the file\n");
}

BEGIN
{
	printf("truncated away\n");
	ftruncate();
	printf("kept\n");
	freopen("");
	printf("back\n");
	system("cat /tmp/spt-freopen.%d; rm -f /tmp/spt-freopen.%d", pid, pid);
	exit(0);
}
