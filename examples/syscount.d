#!/usr/bin/env -S spectrace -s
/*
 * syscount.d: system calls counted by process and call; printed, most
 * frequent last, when tracing stops (Ctrl-C, or the end of -c's command).
 *
 *   spectrace -s syscount.d                every process, until Ctrl-C
 *   spectrace -s syscount.d -c 'cmd'       while cmd runs
 *
 * Output: EXEC SYSCALL COUNT. Syscall names are the kernel's (newfstat,
 * exit_group).
 */
#pragma D option quiet

syscall:::entry
{
	@calls[execname, probefunc] = count();
}

END
{
	printf("%-16s %-22s %10s\n", "EXEC", "SYSCALL", "COUNT");
	printa("%-16s %-22s %@10d\n", @calls);
}
