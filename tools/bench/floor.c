/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * floor: load tools/bench/floor.bpf.o and attach one empty program, then
 * wait for SIGINT or SIGTERM and detach (tools/bench/run, scenario 12).
 *
 *   floor OBJECT raw                 tp_btf/sys_enter
 *   floor OBJECT tp SYSCALL...       syscalls:sys_enter_SYSCALL, each
 *
 * Prints "attached" on stdout once everything is attached. Exit status 0,
 * 1 on an error, 2 on a usage error.
 */
#include <bpf/libbpf.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	struct bpf_link *links[64];
	struct bpf_object *obj;
	struct bpf_program *prog;
	int n = 0, i, raw;

	if (argc < 3 || (strcmp(argv[2], "raw") && strcmp(argv[2], "tp")) ||
	    (!strcmp(argv[2], "tp") && (argc < 4 || argc - 3 > 64))) {
		fprintf(stderr, "usage: floor OBJECT raw | floor OBJECT tp SYSCALL...\n");
		return 2;
	}
	raw = !strcmp(argv[2], "raw");
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj) {
		fprintf(stderr, "floor: cannot open %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	bpf_program__set_autoload(
		bpf_object__find_program_by_name(obj, raw ? "floor_tp" : "floor_raw"), false);
	if (bpf_object__load(obj)) {
		fprintf(stderr, "floor: cannot load %s: %s\n", argv[1], strerror(errno));
		bpf_object__close(obj);
		return 1;
	}
	prog = bpf_object__find_program_by_name(obj, raw ? "floor_raw" : "floor_tp");
	for (i = raw ? 2 : 3; i < argc; i++) {
		char tp[128];

		snprintf(tp, sizeof(tp), "sys_enter_%s", argv[i]);
		links[n] = raw ? bpf_program__attach(prog) :
				 bpf_program__attach_tracepoint(prog, "syscalls", tp);
		if (!links[n]) {
			fprintf(stderr, "floor: cannot attach %s: %s\n",
				raw ? "tp_btf/sys_enter" : tp, strerror(errno));
			stop = 1;
			break;
		}
		n++;
	}
	if (!stop) {
		printf("attached\n");
		fflush(stdout);
	}
	while (!stop)
		pause();
	for (i = 0; i < n; i++)
		bpf_link__destroy(links[i]);
	bpf_object__close(obj);
	return n && (raw ? n == 1 : n == argc - 3) ? 0 : 1;
}
