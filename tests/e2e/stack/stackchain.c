/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * A known call chain for the stack tests: main -> f1 -> f2 -> f3, and f3
 * makes the openat system call itself (no libc wrapper between, so the
 * interrupted user PC is in f3) on a path that does not exist. Built
 * twice by CMake: with frame pointers (stackchain_fp) and without
 * (stackchain_nofp).
 *
 * stackchain N [wait]: N calls, then with "wait" a line read from stdin
 * before exiting, so a test can let the tracer see the live process.
 * stackchain N spin: N calls, then N tenths of a second of user time
 * spent in spin() (for profile probes: arg1 is then in spin()).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

long f1(int k);
long f2(int k);
long f3(int k);
long spin(long ms);

static const char missing[] = "/nonexistent-spectrace-stack/file";

/* A call makes f3 a non-leaf: it keeps a frame of its own. */
__attribute__((noinline)) void touch(volatile const char *p);
__attribute__((noinline)) void touch(volatile const char *p)
{
	(void)p[0];
}

__attribute__((noinline)) long f3(int k)
{
	long ret;

	touch(missing);
	/* openat(AT_FDCWD, missing, O_RDONLY) */
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"((long)SYS_openat), "D"((long)AT_FDCWD), "S"(missing),
			   "d"((long)O_RDONLY)
			 : "rcx", "r11", "memory");
	return ret + k;
}

__attribute__((noinline)) long f2(int k)
{
	return f3(k + 1) + 1;
}

__attribute__((noinline)) long f1(int k)
{
	return f2(k + 1) + 1;
}

/* Spin in user mode until the process has used MS milliseconds of CPU. */
__attribute__((noinline)) long spin(long ms)
{
	volatile unsigned long x = 1;
	struct timespec t;
	long i;

	do {
		for (i = 0; i < 100000; i++)
			x = x * 6364136223846793005UL + 1442695040888963407UL;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	} while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < ms);
	return (long)(x & 1);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, i;
	volatile long sink = 0;
	char line[16];

	for (i = 0; i < n; i++)
		sink += f1(i);
	if (argc > 2 && !strcmp(argv[2], "wait"))
		(void)!fgets(line, sizeof(line), stdin);
	if (argc > 2 && !strcmp(argv[2], "spin"))
		sink += spin(100L * n);
	return sink == 0;
}
