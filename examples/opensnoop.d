#!/usr/bin/env -S spectrace -s
/*
 * opensnoop.d: every open of a file, live: the process, the result (a
 * file descriptor, or -1), the errno and the path.
 *
 *   spectrace -s opensnoop.d               every process, until Ctrl-C
 *   spectrace -s opensnoop.d -c 'cmd'      until cmd exits
 *   ./opensnoop.d | grep -v ' 0 /'         only the failures
 *
 * Output: PID COMM FD ERR PATH, FD -1 when the open failed (the kernel's
 * return value is then -ERR). open, creat, openat and openat2 are traced;
 * the path is read at entry and printed at return.
 */
#pragma D option quiet

BEGIN
{
	printf("%7s %-16s %4s %3s %s\n", "PID", "COMM", "FD", "ERR", "PATH");
}

syscall::open:entry,
syscall::creat:entry
{
	self->path = arg0;
}

syscall::openat:entry,
syscall::openat2:entry
{
	self->path = arg1;
}

syscall::open:return,
syscall::creat:return,
syscall::openat:return,
syscall::openat2:return
/self->path/
{
	printf("%7d %-16s %4d %3d %s\n", pid, execname, errno ? -1 : (int)arg0, errno,
	    copyinstr(self->path));
	self->path = 0;
}
