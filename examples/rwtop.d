#!/usr/bin/env -S spectrace -s
/*
 * rwtop.d: the processes that read and write the most bytes through
 * read(2), write(2) and their vector and positional forms, every 5
 * seconds and once more when tracing stops: the 20 busiest, largest first.
 *
 *   spectrace -s rwtop.d                   every process, until Ctrl-C
 *   spectrace -s rwtop.d -c 'cmd'          while cmd runs
 *
 * Output: a line with the time, then PID COMM D BYTES, D being R (read)
 * or W (written). Bytes are what the calls returned, files, pipes and
 * sockets alike.
 */
#pragma D option quiet
#pragma D option aggsortrev

syscall::read:return,
syscall::readv:return,
syscall::pread64:return,
syscall::preadv:return,
syscall::preadv2:return
/(long)arg0 > 0/
{
	@bytes[pid, execname, "R"] = sum(arg0);
}

syscall::write:return,
syscall::writev:return,
syscall::pwrite64:return,
syscall::pwritev:return,
syscall::pwritev2:return
/(long)arg0 > 0/
{
	@bytes[pid, execname, "W"] = sum(arg0);
}

tick-5s,
END
{
	printf("%Y\n%7s %-16s %s %12s\n", walltimestamp, "PID", "COMM", "D", "BYTES");
	trunc(@bytes, 20);
	printa("%7d %-16s %s %@12d\n", @bytes);
	trunc(@bytes);
}
