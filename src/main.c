/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * spectrace(1): the command line. Parses options as dtrace(1) does, builds
 * the enabling, drives loader and consumer, and maps failures to exit
 * statuses: 0 success, 1 error, 2 usage.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/types.h>
#include <bpf/libbpf.h>

#include "abi/buf.h"
#include "consume.h"
#include "enab.h"
#include "load.h"
#include "opt.h"
#include "print.h"
#include "probe.h"

#define EXIT_USAGE 2

static const char usage_text[] =
	"Usage: spectrace [-hlqVv] [-b bufsz] [-x opt[=val]] [-n probe-desc]... [-s script]\n"
	"\n"
	"Trace the running kernel with DTrace's model on eBPF.\n"
	"\n"
	"  -n probe-desc   enable the probes that match probe-desc, written\n"
	"                  provider:module:function:name; empty fields and the globs\n"
	"                  * ? [...] match any; fewer fields name the rightmost ones\n"
	"                  (openat:entry is ::openat:entry); may be repeated\n"
	"  -s script       compile and enable the D program in the file script\n"
	"  -l              list the probes matching -n (all probes without -n)\n"
	"                  and exit\n"
	"  -b bufsz        principal buffer size per CPU, same as -x bufsize\n"
	"  -q              quiet: no column heading, no CPU/ID/FUNCTION:NAME prefix,\n"
	"                  no probe-match messages\n"
	"  -x opt[=val]    set a tracing option (see OPTIONS)\n"
	"  -v, --verbose   show libbpf's messages, the verifier log included\n"
	"  -V, --version   print the version and exit\n"
	"  -h, --help      print this help and exit\n"
	"\n"
	"OPTIONS (-x name=value)\n"
	"  bufsize=size    principal buffer per CPU; k, m, g suffixes (default 4m)\n"
	"  bufpolicy=switch\n"
	"                  switch: two buffers per CPU, swapped and read at\n"
	"                  switchrate (fill and ring are not supported yet)\n"
	"  switchrate=rate how often the buffers are switched and read: a number\n"
	"                  in hz, or a time with ns, us, ms, s, m, h, d suffix\n"
	"                  (default 1hz)\n"
	"  quiet           same as -q\n"
	"\n"
	"A record that does not fit in the active buffer is dropped and counted:\n"
	"spectrace reports \"N drops on CPU C\" on stderr. SIGINT or SIGTERM stop\n"
	"tracing; what was recorded is printed before spectrace exits.\n"
	"\n"
	"Exit status: 0 success, 1 error, 2 usage error. Needs root (or\n"
	"CAP_BPF and CAP_PERFMON) and a kernel with BTF.\n";

static const char *progname = "spectrace";
static int verbose;
static volatile sig_atomic_t stop_flag;

__attribute__((format(printf, 1, 2))) static void errmsg(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	if (!verbose)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

static void on_stop(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static int install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL))
		return -errno;
	/* A closed stdout ends tracing through a write error, not a kill. */
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

struct cmdline {
	struct opts o;
	const char **descs;
	size_t ndescs;
	const char *script;
	int list;
};

static int set_option(struct cmdline *cl, const char *flag, const char *arg)
{
	char name[64], err[128];
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	int ret;

	if (len == 0 || len >= sizeof(name)) {
		errmsg("failed to set %s %s: invalid option name", flag, arg);
		return -EINVAL;
	}
	memcpy(name, arg, len);
	name[len] = '\0';
	ret = opt_set(&cl->o, name, eq ? eq + 1 : NULL, err, sizeof(err));
	if (ret)
		errmsg("failed to set %s %s: %s", flag, arg, err);
	return ret;
}

static int parse_cmdline(struct cmdline *cl, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opt_init(&cl->o);
	cl->descs = calloc((size_t)argc, sizeof(*cl->descs));
	if (!cl->descs)
		return -ENOMEM;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":b:hln:qs:Vvx:", longopts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (opt_set(&cl->o, "bufsize", optarg, NULL, 0)) {
				errmsg("failed to set -b %s: invalid value for specified option",
				       optarg);
				return -EINVAL;
			}
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case 'l':
			cl->list = 1;
			break;
		case 'n':
			cl->descs[cl->ndescs++] = optarg;
			break;
		case 'q':
			cl->o.quiet = true;
			break;
		case 's':
			if (cl->script) {
				errmsg("only one -s script is supported");
				return -EINVAL;
			}
			cl->script = optarg;
			break;
		case 'V':
			printf("%s %s\n", progname, SPT_VERSION);
			exit(0);
		case 'v':
			verbose = 1;
			break;
		case 'x':
			if (set_option(cl, "-x", optarg))
				return -EINVAL;
			break;
		case ':':
			errmsg("option -%c requires an argument (see --help)", optopt);
			return -EINVAL;
		default:
			if (optopt)
				errmsg("illegal option -- %c (see --help)", optopt);
			else
				errmsg("illegal option -- %s (see --help)", argv[optind - 1]);
			return -EINVAL;
		}
	}
	if (optind < argc) {
		errmsg("unexpected argument '%s' (see --help)", argv[optind]);
		return -EINVAL;
	}
	if (cl->script) {
		errmsg("not supported yet: -s (D scripts need the D compiler)");
		return -ENOTSUP;
	}
	if (!cl->list && cl->ndescs == 0) {
		errmsg("no probes specified (see --help)");
		return -EINVAL;
	}
	return 0;
}

static int list_probes(const struct cmdline *cl, const struct probe_table *t)
{
	size_t i, d;
	int ret = 0;

	print_list_heading(stdout);
	if (cl->ndescs == 0) {
		for (i = 0; i < t->n; i++)
			print_list_probe(stdout, &t->probes[i]);
		return 0;
	}
	for (d = 0; d < cl->ndescs; d++) {
		struct probe_desc pd;
		int n = 0;

		if (probe_desc_parse(cl->descs[d], &pd)) {
			errmsg("invalid probe specifier %s: malformed probe description",
			       cl->descs[d]);
			return 1;
		}
		for (i = 0; i < t->n; i++) {
			if (probe_desc_match(&pd, &t->probes[i])) {
				print_list_probe(stdout, &t->probes[i]);
				n++;
			}
		}
		if (!n) {
			errmsg("invalid probe specifier %s: probe description %s does not match any probes",
			       cl->descs[d], cl->descs[d]);
			ret = 1;
		}
	}
	return ret;
}

/*
 * Enable every description; MATCHED[d] gets the count of description d.
 * The "matched" messages go out later, once tracing is on, so a script
 * that waits for them knows its probes fire.
 */
static int build_enabling(const struct cmdline *cl, const struct probe_table *t,
			  struct enabling *en, int *matched)
{
	size_t d;

	for (d = 0; d < cl->ndescs; d++) {
		int n = enab_add(en, t, cl->descs[d], (unsigned int)d, sizeof(struct spt_rec),
				 SPT_ECB_NOPROG);

		if (n == -EINVAL) {
			errmsg("invalid probe specifier %s: malformed probe description",
			       cl->descs[d]);
			return -EINVAL;
		}
		if (n < 0) {
			errmsg("cannot enable %s: %s", cl->descs[d], strerror(-n));
			return n;
		}
		if (n == 0) {
			errmsg("invalid probe specifier %s: probe description %s does not match any probes",
			       cl->descs[d], cl->descs[d]);
			return -ENOENT;
		}
		matched[d] = n;
	}
	return 0;
}

static int trace(const struct cmdline *cl, const struct enabling *en, const int *matched)
{
	size_t d;
	struct tracer tr;
	struct consumer c;
	struct printer pr;
	char err[256];
	uint64_t missed;
	int ret;

	ret = load_tracer(&tr, &cl->o, en, err, sizeof(err));
	if (!ret)
		ret = load_attach(&tr, err, sizeof(err));
	if (ret) {
		errmsg("could not enable tracing: %s%s", err,
		       ret == -EPERM && geteuid() ? " (spectrace needs root)" : "");
		load_close(&tr);
		return 1;
	}
	print_init(&pr, stdout, cl->o.quiet);
	ret = consume_init(&c, &tr, en, &cl->o, &pr, stderr);
	if (ret) {
		errmsg("out of memory");
		load_close(&tr);
		return 1;
	}
	load_gate(&tr, 1);
	for (d = 0; d < cl->ndescs && !cl->o.quiet; d++)
		errmsg("description '%s' matched %d probe%s", cl->descs[d], matched[d],
		       matched[d] == 1 ? "" : "s");
	ret = consume_run(&c, &stop_flag);
	missed = load_missed(&tr);
	if (missed)
		errmsg("%llu probe firing%s skipped by the kernel (BPF recursion on a CPU)",
		       (unsigned long long)missed, missed == 1 ? "" : "s");
	load_close(&tr);
	/* Output that cannot be written (a closed pipe) is not an error of ours. */
	consume_fini(&c);
	if (ret && ret != -EPIPE)
		return 1;
	return c.exited ? (int)(c.exit_status & 0xff) : 0;
}

int main(int argc, char **argv)
{
	struct probe_table t;
	struct enabling en;
	struct cmdline cl;
	int *matched = NULL;
	char err[512];
	int ret;

	memset(&cl, 0, sizeof(cl));
	memset(&en, 0, sizeof(en));
	ret = parse_cmdline(&cl, argc, argv);
	if (ret) {
		free(cl.descs);
		return EXIT_USAGE;
	}
	libbpf_set_print(libbpf_print);

	ret = probe_table_load(&t, NULL, err, sizeof(err));
	if (ret) {
		errmsg("cannot list probes: %s", err);
		free(cl.descs);
		return 1;
	}
	if (cl.list) {
		ret = list_probes(&cl, &t);
	} else if (!(matched = calloc(cl.ndescs, sizeof(*matched)))) {
		errmsg("out of memory");
		ret = 1;
	} else if (build_enabling(&cl, &t, &en, matched)) {
		ret = 1;
	} else if (install_signals()) {
		errmsg("cannot install signal handlers: %s", strerror(errno));
		ret = 1;
	} else {
		ret = trace(&cl, &en, matched);
	}
	free(matched);
	enab_free(&en);
	probe_table_free(&t);
	free(cl.descs);
	return ret;
}
