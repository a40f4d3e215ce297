/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * spstress THREADS COUNT: THREADS threads, pinned to CPUs 0, 1, 0, ... in
 * turn, each make COUNT sched_get_priority_min(seq) calls with
 * seq = thread * 1000000 + i, for the speculation stress test (the D
 * script commits or discards by seq). The calls fail with EINVAL.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

static long count;

static void *run(void *arg)
{
	long t = (long)arg, i;
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET((int)(t % (ncpu > 1 ? 2 : 1)), &set);
	sched_setaffinity(0, sizeof(set), &set);
	for (i = 0; i < count; i++)
		syscall(SYS_sched_get_priority_min, t * 1000000 + i);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t th[64];
	long n, t;

	if (argc != 3) {
		fprintf(stderr, "usage: spstress THREADS COUNT\n");
		return 2;
	}
	n = atol(argv[1]);
	count = atol(argv[2]);
	if (n < 1 || n > 64 || count < 1 || count >= 1000000) {
		fprintf(stderr, "spstress: 1..64 threads, 1..999999 calls each\n");
		return 2;
	}
	for (t = 0; t < n; t++)
		if (pthread_create(&th[t], NULL, run, (void *)t))
			return 1;
	for (t = 0; t < n; t++)
		pthread_join(th[t], NULL);
	printf("%ld\n", n * count);
	return 0;
}
