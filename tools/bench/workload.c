/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * workload: the syscall load of the benchmark harness (tools/bench/run).
 *
 *   workload [-k KIND] [-n CALLS] [-t THREADS] [-c CPUS] [-w USEC]
 *   workload --now
 *
 * Every thread makes CALLS syscalls of one kind in a loop timed with
 * CLOCK_MONOTONIC, pinned to its CPU; the result is one line on stdout:
 *
 *   ns_per_call 1183.4 cpu_ns_per_call 1170.2 threads 2 calls 2000000 nivcsw 3
 *
 * ns_per_call is the mean over the threads of each thread's loop time
 * (CLOCK_MONOTONIC) divided by its calls: the latency of one syscall as a
 * thread sees it. cpu_ns_per_call is the same with the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID), which leaves out the time other tasks held
 * the CPU; calls is the total; nivcsw counts the involuntary context
 * switches of the timed loops (another task took the CPU).
 * The syscalls are made with syscall(2), so no libc cache can skip the
 * kernel. Exit status 0, 1 on error, 2 on a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 256
#define MISSING_PATH "/nonexistent/spectrace-bench-workload"

enum kind { K_GETPPID, K_OPENAT, K_READ };

struct worker {
	pthread_t thread;
	int cpu;	     /* -1: not pinned */
	int fd;		     /* /dev/zero for K_READ */
	unsigned long calls; /* done */
	uint64_t ns;	     /* time of the loop */
	uint64_t cpu_ns;     /* CPU time of the loop */
	long nivcsw;
	int err; /* errno of a failed setup or call, 0 if none */
};

static enum kind kind = K_GETPPID;
static unsigned long ncalls = 1000000; /* per thread; 0: until a signal */
static long pause_ns;
static pthread_barrier_t start;
static volatile sig_atomic_t stop;

static const char usage_text[] =
	"usage: workload [-k KIND] [-n CALLS] [-t THREADS] [-c CPUS] [-w USEC]\n"
	"       workload --now\n"
	"\n"
	"Make CALLS syscalls of one kind on each of THREADS threads and print\n"
	"the mean time of one syscall as a thread sees it:\n"
	"  ns_per_call NS cpu_ns_per_call CPU_NS threads T calls TOTAL nivcsw N\n"
	"\n"
	"  -k KIND     getppid (default), openat (of a path that does not exist),\n"
	"              read (1 byte from /dev/zero)\n"
	"  -n CALLS    syscalls per thread (default 1000000); 0: until SIGINT or\n"
	"              SIGTERM, then print as usual\n"
	"  -t THREADS  threads (default 1, at most 256)\n"
	"  -c CPUS     comma-separated CPUs: thread i is pinned to the\n"
	"              (i mod count)-th (default: not pinned)\n"
	"  -w USEC     sleep USEC microseconds after each call (default 0; the\n"
	"              time measured includes the sleeps)\n"
	"  --now       print CLOCK_MONOTONIC in ns (the clock of bpf_ktime_get_ns)\n"
	"              and exit\n"
	"  -h, --help  print this help and exit\n"
	"\n"
	"Each thread times its own loop with CLOCK_MONOTONIC (NS) and its CPU time\n"
	"(CPU_NS, which leaves out time other tasks held the CPU) after all threads\n"
	"are set up; nivcsw counts involuntary context switches during the loops.\n"
	"Exit status: 0 success, 1 error, 2 usage error.\n";

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static long nivcsw_now(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return 0;
	return ru.ru_nivcsw;
}

/* One syscall of the chosen kind; 0, or the errno of an unexpected failure. */
static int call(const struct worker *w)
{
	char c;
	long r;

	switch (kind) {
	case K_GETPPID:
		r = syscall(SYS_getppid);
		return r < 0 ? errno : 0;
	case K_OPENAT:
		r = syscall(SYS_openat, AT_FDCWD, MISSING_PATH, O_RDONLY);
		if (r >= 0) {
			close((int)r);
			return EEXIST;
		}
		return errno == ENOENT ? 0 : errno;
	case K_READ:
		r = syscall(SYS_read, w->fd, &c, 1);
		return r == 1 ? 0 : (r < 0 ? errno : EIO);
	}
	return EINVAL;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct timespec pause = { pause_ns / 1000000000L, pause_ns % 1000000000L };
	unsigned long i;
	uint64_t t0, c0;
	long cs0;

	if (w->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(w->cpu, &set);
		w->err = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	}
	if (!w->err && kind == K_READ) {
		w->fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
		if (w->fd < 0)
			w->err = errno;
	}
	/* Everyone set up (or failed) before anyone starts timing. */
	pthread_barrier_wait(&start);
	if (w->err)
		return NULL;

	cs0 = nivcsw_now();
	c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	t0 = clock_ns(CLOCK_MONOTONIC);
	for (i = 0; (ncalls == 0 || i < ncalls) && !stop; i++) {
		int e = call(w);

		if (e) {
			w->err = e;
			break;
		}
		if (pause_ns)
			nanosleep(&pause, NULL);
	}
	w->ns = clock_ns(CLOCK_MONOTONIC) - t0;
	w->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
	w->nivcsw = nivcsw_now() - cs0;
	w->calls = i;
	if (w->fd >= 0)
		close(w->fd);
	return NULL;
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int parse_ulong(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "0,1,3" into cpus[]; the number of CPUs, or -1. */
static int parse_cpus(const char *s, int *cpus, int max)
{
	int n = 0;

	while (*s) {
		char *end;
		long v;

		errno = 0;
		v = strtol(s, &end, 10);
		if (errno || end == s || v < 0 || v >= CPU_SETSIZE || n == max)
			return -1;
		cpus[n++] = (int)v;
		if (*end == ',' && end[1])
			end++;
		else if (*end)
			return -1;
		s = end;
	}
	return n ? n : -1;
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "workload: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'workload --help'.\n");
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "now", no_argument, NULL, 'N' },
		{ NULL, 0, NULL, 0 },
	};
	static struct worker workers[MAX_THREADS];
	int cpus[MAX_THREADS], ncpus = 0, i, c, status = 0;
	unsigned long nthreads = 1, v, calls = 0, nivcsw = 0;
	double sum = 0, cpu_sum = 0;
	struct sigaction sa;

	while ((c = getopt_long(argc, argv, "k:n:t:c:w:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'k':
			if (!strcmp(optarg, "getppid"))
				kind = K_GETPPID;
			else if (!strcmp(optarg, "openat"))
				kind = K_OPENAT;
			else if (!strcmp(optarg, "read"))
				kind = K_READ;
			else
				return usage_error("unknown kind %s", optarg);
			break;
		case 'n':
			if (parse_ulong(optarg, ULONG_MAX, &ncalls))
				return usage_error("bad number of calls %s", optarg);
			break;
		case 't':
			if (parse_ulong(optarg, MAX_THREADS, &nthreads) || !nthreads)
				return usage_error("bad number of threads %s (1..256)", optarg);
			break;
		case 'c':
			ncpus = parse_cpus(optarg, cpus, MAX_THREADS);
			if (ncpus < 0)
				return usage_error("bad CPU list %s", optarg);
			break;
		case 'w':
			if (parse_ulong(optarg, 10000000, &v))
				return usage_error("bad pause %s (0..10000000 us)", optarg);
			pause_ns = (long)v * 1000;
			break;
		case 'N':
			printf("%llu\n", (unsigned long long)clock_ns(CLOCK_MONOTONIC));
			return 0;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fprintf(stderr, "Try 'workload --help'.\n");
			return 2;
		}
	}
	if (optind != argc)
		return usage_error("unexpected argument %s", argv[optind]);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	if (pthread_barrier_init(&start, NULL, (unsigned int)nthreads)) {
		fprintf(stderr, "workload: pthread_barrier_init failed\n");
		return 1;
	}
	for (i = 0; i < (int)nthreads; i++) {
		workers[i].cpu = ncpus ? cpus[i % ncpus] : -1;
		workers[i].fd = -1;
		if (i == 0)
			continue; /* the main thread is worker 0 */
		if (pthread_create(&workers[i].thread, NULL, work, &workers[i])) {
			fprintf(stderr, "workload: cannot create thread %d\n", i);
			/* The barrier can never be passed now: leave at once. */
			_exit(1);
		}
	}
	work(&workers[0]);
	for (i = 1; i < (int)nthreads; i++)
		pthread_join(workers[i].thread, NULL);

	for (i = 0; i < (int)nthreads; i++) {
		const struct worker *w = &workers[i];

		if (w->err) {
			fprintf(stderr, "workload: thread %d (CPU %d): %s\n", i, w->cpu,
				strerror(w->err));
			status = 1;
			continue;
		}
		if (!w->calls) {
			fprintf(stderr, "workload: thread %d made no call\n", i);
			status = 1;
			continue;
		}
		sum += (double)w->ns / (double)w->calls;
		cpu_sum += (double)w->cpu_ns / (double)w->calls;
		calls += w->calls;
		nivcsw += (unsigned long)w->nivcsw;
	}
	if (status)
		return status;
	printf("ns_per_call %.1f cpu_ns_per_call %.1f threads %lu calls %lu nivcsw %lu\n",
	       sum / (double)nthreads, cpu_sum / (double)nthreads, nthreads, calls, nivcsw);
	return 0;
}
