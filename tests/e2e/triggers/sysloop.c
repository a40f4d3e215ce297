/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * sysloop SYSCALL COUNT [CPU]: make exactly COUNT calls of one syscall,
 * pinned to CPU when given, then print "COUNT\n" (unless SYSLOOP_QUIET is
 * set). The syscalls are ones a
 * test can trace: openat (of a path that does not exist, so no file is
 * opened; openat_latin1 names one that is not UTF-8; open_devnull opens
 * /dev/null and closes it; pipe_write writes a byte into a new pipe) and
 * syscalls no other process on a test machine makes.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/syscall.h>

static void *thread_main(void *arg)
{
	return arg;
}

static long call(const char *name)
{
	if (!strcmp(name, "openat"))
		return syscall(SYS_openat, AT_FDCWD, "/nonexistent/spectrace-trigger", O_RDONLY);
	/* A name that is not UTF-8 (Latin-1 e acute) and has a control byte. */
	if (!strcmp(name, "openat_latin1"))
		return syscall(SYS_openat, AT_FDCWD, "/nonexistent/spt-caf\xe9\x01", O_RDONLY);
	/* A file that exists (closed again): fds[] names it while open. */
	if (!strcmp(name, "open_devnull")) {
		long fd = syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDONLY);

		if (fd >= 0)
			close((int)fd);
		return fd;
	}
	/* One byte through a pipe: a write to a file that names itself. */
	if (!strcmp(name, "pipe_write")) {
		int p[2];
		char c = 'x';
		long n;

		if (pipe(p))
			return -1;
		n = write(p[1], &c, 1);
		close(p[0]);
		close(p[1]);
		return n;
	}
	if (!strcmp(name, "sched_get_priority_max"))
		return syscall(SYS_sched_get_priority_max, SCHED_OTHER);
	/* An invalid policy: the syscall fails with EINVAL. */
	if (!strcmp(name, "sched_get_priority_max_bad"))
		return syscall(SYS_sched_get_priority_max, -1);
	if (!strcmp(name, "sched_get_priority_min"))
		return syscall(SYS_sched_get_priority_min, SCHED_OTHER);
	if (!strcmp(name, "getppid"))
		return syscall(SYS_getppid);
	/* A thread that ends: glibc makes the exit syscall (not exit_group). */
	if (!strcmp(name, "thread_exit")) {
		pthread_t t;

		if (pthread_create(&t, NULL, thread_main, NULL) || pthread_join(t, NULL))
			return -1;
		return 0;
	}
	fprintf(stderr, "sysloop: unknown syscall %s\n", name);
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long n, i;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: sysloop SYSCALL COUNT [CPU]\n");
		return 2;
	}
	n = strtoul(argv[2], NULL, 10);
	if (argc == 4) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(atoi(argv[3]), &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("sysloop: sched_setaffinity");
			return 1;
		}
	}
	for (i = 0; i < n; i++)
		call(argv[1]);
	/* Quiet when run by spectrace -c, whose stdout is the trace. */
	if (!getenv("SYSLOOP_QUIET"))
		printf("%lu\n", n);
	return 0;
}
