/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * sigtrig MODE: a target for raise() and stop(). Each mode makes one
 * sched_get_priority_min(SCHED_OTHER) call, a syscall nothing else on a
 * test machine makes, for a clause to act on.
 *
 *   sigtrig handle      catch SIGUSR1, make the call, print "handled N"
 *                       (N: SIGUSR1s caught by the time it returned)
 *   sigtrig wait FILE   wait until FILE exists (at most 30 s), make the
 *                       call, print "resumed"
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static volatile sig_atomic_t caught;

static void on_usr1(int sig)
{
	(void)sig;
	caught++;
}

int main(int argc, char **argv)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int i;

	if (argc == 2 && !strcmp(argv[1], "handle")) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGUSR1, &sa, NULL)) {
			perror("sigtrig: sigaction");
			return 1;
		}
		syscall(SYS_sched_get_priority_min, SCHED_OTHER);
		printf("handled %d\n", (int)caught);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "wait")) {
		for (i = 0; i < 3000 && access(argv[2], F_OK); i++)
			nanosleep(&ts, NULL);
		syscall(SYS_sched_get_priority_min, SCHED_OTHER);
		printf("resumed\n");
		return 0;
	}
	fprintf(stderr, "usage: sigtrig handle | sigtrig wait FILE\n");
	return 2;
}
