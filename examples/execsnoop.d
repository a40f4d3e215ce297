#!/usr/bin/env -S spectrace -s
/*
 * execsnoop.d: every exec, live: the process id, its parent, the user,
 * the process name before the exec and the program's path; an exec that
 * fails is followed by a line with its errno.
 *
 *   spectrace -s execsnoop.d               every process, until Ctrl-C
 *   spectrace -s execsnoop.d -c 'make'     until make exits
 *
 * Output: PID PPID UID COMM PATH, then "PID PPID UID COMM ^ args: ARGV"
 * with the new program's name and command line (curpsinfo->pr_psargs, read
 * from the new image's argument area) when it worked, or "PID PPID UID
 * COMM ^ failed: errno N" when it failed. The path is read at entry, while
 * the memory that holds it still exists.
 */
#pragma D option quiet

BEGIN
{
	printf("%7s %7s %6s %-16s %s\n", "PID", "PPID", "UID", "COMM", "PATH");
}

syscall::execve:entry
{
	printf("%7d %7d %6d %-16s %s\n", pid, ppid, uid, execname, copyinstr(arg0));
}

syscall::execveat:entry
{
	printf("%7d %7d %6d %-16s %s\n", pid, ppid, uid, execname, copyinstr(arg1));
}

syscall::execve:return,
syscall::execveat:return
/errno != 0/
{
	printf("%7d %7d %6d %-16s ^ failed: errno %d\n", pid, ppid, uid, execname, errno);
}

syscall::execve:return,
syscall::execveat:return
/errno == 0/
{
	printf("%7d %7d %6d %-16s ^ args: %s\n", pid, ppid, uid, execname,
	    curpsinfo->pr_psargs);
}
