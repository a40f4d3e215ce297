#!/usr/bin/env -S spectrace -s
/*
 * openstack.d: who calls the opens that fail: each failing open's program,
 * errno and user stack, counted, printed when tracing ends.
 *
 *   spectrace -s openstack.d -c 'cmd'      the failing opens while cmd runs
 *   spectrace -s openstack.d               every process, until Ctrl-C
 *
 * Output: per distinct (program, errno, user stack), the program, the
 * errno, the stack (one frame a line, module`function+0xoff, innermost
 * first) and how many times. The frames resolve after the process has
 * exited. Programs built without frame pointers (most of a distribution's
 * libraries) give complete stacks with -x ustackwindow=2048, which copies
 * that much of the user stack for the consumer to unwind from DWARF.
 */
#pragma D option quiet

syscall::open:return,
syscall::creat:return,
syscall::openat:return,
syscall::openat2:return
/(int)arg0 < 0/
{
	@fails[execname, errno, ustack()] = count();
}

END
{
	printf("%-16s %5s %s\n", "EXEC", "ERRNO", "USER STACK, COUNT");
}
