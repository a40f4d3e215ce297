/* ASSERTION: built-in variables have dtrace-utils' types: pid int, timestamp unsigned 64-bit, walltimestamp and arg0 int64_t. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(pid), sizeof(tid), sizeof(ppid), sizeof(errno));
	printf("%d %d %d %d\n", sizeof(timestamp), sizeof(walltimestamp), sizeof(arg0), sizeof(epid));
	printf("%d %d %d\n", sizeof(uid), sizeof(gid), sizeof(id));
	printf("%d %d %d\n", timestamp > -1, walltimestamp > -1, arg0 > -1);
	exit(0);
}
