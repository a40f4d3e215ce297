/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * spectrace(1): the command line. Parses options as dtrace(1) does, builds
 * the enabling, drives loader and consumer, and maps failures to exit
 * statuses: 0 success, 1 error, 2 usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <wordexp.h>
#include <sys/wait.h>
#include <linux/types.h>
#include <bpf/libbpf.h>

#include "abi/buf.h"
#include "cg.h"
#include "compile.h"
#include "consume.h"
#include "dis.h"
#include "enab.h"
#include "kfeat.h"
#include "ktrdump.h"
#include "agg.h"
#include "load.h"
#include "opt.h"
#include "parse.h"
#include "print.h"
#include "probe.h"

#define EXIT_USAGE 2

static const char usage_text[] =
	"Usage: spectrace [-eFhlqSVvZ] [-b bufsz] [-x opt[=val]] [-c cmd | -p pid]\n"
	"                 [-n program]... [-s script] [arg...]\n"
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
	"  -c cmd          run cmd once tracing is on, with $target its pid; stop\n"
	"                  tracing (END, output) when it exits; the command is\n"
	"                  killed if spectrace stops first\n"
	"  -p pid          follow process pid: $target is pid, tracing stops when\n"
	"                  it exits\n"
	"  -b bufsz        principal buffer size per CPU, same as -x bufsize\n"
	"  -F              flow indent: \"=> func\" on entry, \"<= func\" on return,\n"
	"                  indented by nesting on each CPU (same as -x flowindent)\n"
	"  -q              quiet: no column heading, no CPU/ID/FUNCTION:NAME prefix,\n"
	"                  no probe-match messages\n"
	"  -x opt[=val]    set a tracing option (see OPTIONS)\n"
	"  -Z              permit probe descriptions that match no probe (they\n"
	"                  enable nothing; the others trace as usual)\n"
	"  -v, --verbose   show libbpf's messages, the verifier log included\n"
	"  -V, --version   print the version and exit\n"
	"  -h, --help      print this help and exit\n"
	"\n"
	"OPTIONS (-x name=value)\n"
	"  bufsize=size    principal buffer per CPU; k, m, g suffixes (default 4m,\n"
	"                  at most 512m)\n"
	"  bufresize=auto|manual\n"
	"                  auto: a size the kernel refuses is halved until it is\n"
	"                  granted (down to 64k) and the size used is reported;\n"
	"                  manual: a refused size is an error (default auto)\n"
	"  bufpolicy=switch|fill|ring\n"
	"                  switch: two buffers per CPU, swapped and read at\n"
	"                  switchrate; fill: one buffer per CPU, tracing stops\n"
	"                  when one fills, END's space kept free; ring: one\n"
	"                  buffer per CPU that wraps, printed at the end\n"
	"  switchrate=rate how often the buffers are switched and read: a number\n"
	"                  in hz, or a time with ns, us, ms, s, m, h, d suffix\n"
	"                  (default 1hz)\n"
	"  temporal        print the records of all CPUs in timestamp order (each\n"
	"                  record then carries its timestamp), not CPU by CPU\n"
	"  quiet           same as -q\n"
	"  ktr_mask=classes, ktr_cpumask=cpus, ktr_entries=n, ktr_verbose\n"
	"                  log spectrace's own events of these classes (BUF,SPEC or\n"
	"                  0x6) into the KTR flight recorder; see spectrace ktrdump -h\n"
	"\n"
	"A record that does not fit in the active buffer is dropped and counted:\n"
	"spectrace reports \"N drops on CPU C\" on stderr. SIGINT or SIGTERM stop\n"
	"tracing; what was recorded is printed before spectrace exits.\n"
	"\n"
	"Exit status: 0 success, 1 error, 2 usage error. Needs root (or\n"
	"CAP_BPF and CAP_PERFMON) and a kernel with BTF.\n";

static const char *progname = "spectrace";
/* -c: the command, held before exec until tracing is on. */
static pid_t child_pid;
static int child_go = -1;
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

/* A program source: one -n text or the -s script, in command-line order. */
struct source {
	const char *text;	/* -n: the text; -s: the file name */
	int is_file;
	char *buf;		/* -s: the file's contents */
	size_t len;
	struct ast_program *ast;
	int matched;		/* probes its clauses matched */
};

struct cmdline {
	struct opts o;
	struct source *srcs;
	size_t nsrcs;
	char **macros;		/* operands: $1, $2, ... */
	size_t nmacros;
	int list;
	const char *cmd;	/* -c: the command to run and trace */
	int target_pid;		/* -p: the process to follow */
	int compile_only;	/* -e */
	int show_dis;		/* -S */
	int zdefs;		/* -Z: descriptions may match nothing */
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
	cl->srcs = calloc((size_t)argc, sizeof(*cl->srcs));
	if (!cl->srcs)
		return -ENOMEM;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":b:c:eFhln:p:qSs:Vvx:Z", longopts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (opt_set(&cl->o, "bufsize", optarg, NULL, 0)) {
				errmsg("failed to set -b %s: invalid value for specified option",
				       optarg);
				return -EINVAL;
			}
			break;
		case 'c':
			if (cl->cmd || cl->target_pid) {
				errmsg("only one -c or -p is supported");
				return -EINVAL;
			}
			cl->cmd = optarg;
			break;
		case 'p': {
			char *end;
			long pid = strtol(optarg, &end, 10);

			if (*end || pid <= 0 || pid > INT32_MAX) {
				errmsg("invalid process id '%s'", optarg);
				return -EINVAL;
			}
			if (cl->cmd || cl->target_pid) {
				errmsg("only one -c or -p is supported");
				return -EINVAL;
			}
			cl->target_pid = (int)pid;
			break;
		}
		case 'e':
			cl->compile_only = 1;
			break;
		case 'F':
			cl->o.flowindent = true;
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case 'l':
			cl->list = 1;
			break;
		case 'n':
			cl->srcs[cl->nsrcs++].text = optarg;
			break;
		case 'q':
			cl->o.quiet = true;
			break;
		case 'S':
			cl->show_dis = 1;
			break;
		case 'Z':
			cl->zdefs = 1;
			break;
		case 's':
			cl->srcs[cl->nsrcs].is_file = 1;
			cl->srcs[cl->nsrcs++].text = optarg;
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
	/* Operands are the macro arguments $1, $2, ... as with dtrace. */
	cl->macros = argv + optind;
	cl->nmacros = (size_t)(argc - optind);
	if (!cl->list && cl->nsrcs == 0) {
		errmsg("no probes specified (see --help)");
		return -EINVAL;
	}
	return 0;
}

/*
 * -c: start CMD (split into words as a shell would, without expansions
 * that run anything) in a child that waits, before exec, until
 * child_release() says tracing is on. Returns the pid or -1.
 */
static pid_t child_start(const char *cmd)
{
	wordexp_t we;
	int pfd[2];
	pid_t pid;
	char c;

	if (wordexp(cmd, &we, WRDE_NOCMD) || we.we_wordc == 0) {
		errmsg("invalid command '%s'", cmd);
		return -1;
	}
	if (pipe2(pfd, O_CLOEXEC)) {
		errmsg("cannot create a pipe: %s", strerror(errno));
		wordfree(&we);
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		errmsg("cannot fork: %s", strerror(errno));
		wordfree(&we);
		return -1;
	}
	if (pid == 0) {
		close(pfd[1]);
		/* Nothing read: the tracer gave up; do not run the command. */
		if (read(pfd[0], &c, 1) != 1)
			_exit(127);
		execvp(we.we_wordv[0], we.we_wordv);
		fprintf(stderr, "%s: failed to exec %s: %s\n", progname, we.we_wordv[0],
			strerror(errno));
		_exit(127);
	}
	close(pfd[0]);
	wordfree(&we);
	child_go = pfd[1];
	return pid;
}

static void child_release(void)
{
	if (child_go >= 0) {
		if (write(child_go, "g", 1) != 1)
			errmsg("cannot start the command: %s", strerror(errno));
		close(child_go);
		child_go = -1;
	}
}

/* The command must not outlive the tracer: kill it if still running. */
static void child_reap(void)
{
	int status;

	if (child_pid <= 0)
		return;
	if (child_go >= 0) {
		close(child_go);
		child_go = -1;
	}
	if (waitpid(child_pid, &status, WNOHANG) == 0) {
		kill(child_pid, SIGKILL);
		waitpid(child_pid, &status, 0);
	}
	child_pid = 0;
}

static int read_file(struct source *src)
{
	FILE *f = fopen(src->text, "r");
	size_t cap = 4096;
	int ret = 0;

	if (!f) {
		errmsg("failed to open %s: %s", src->text, strerror(errno));
		return -errno;
	}
	src->buf = malloc(cap);
	while (src->buf) {
		size_t n = fread(src->buf + src->len, 1, cap - src->len, f);

		src->len += n;
		if (src->len < cap)
			break;
		cap *= 2;
		char *nb = realloc(src->buf, cap);

		if (!nb) {
			free(src->buf);
			src->buf = NULL;
		} else {
			src->buf = nb;
		}
	}
	if (!src->buf) {
		errmsg("out of memory");
		ret = -ENOMEM;
	} else if (ferror(f)) {
		errmsg("failed to read %s: %s", src->text, strerror(errno));
		ret = -EIO;
	}
	fclose(f);
	return ret;
}

/* How a compile error is introduced: dtrace's two shapes. */
static void print_diags(const struct compile_ctx *cc, const struct source *src)
{
	diag_print(stderr, &cc->diags, src->is_file ? NULL : src->text);
}

/*
 * Parse every source and generate the image. Returns 0, or 1 after
 * printing the first error.
 */
static int compile(struct cmdline *cl, struct compile_ctx *cc, struct image *img)
{
	struct cg *g;
	size_t i;

	g = cg_new(cc, &cl->o, cl->macros, cl->nmacros, img);
	if (!g) {
		errmsg("out of memory");
		return 1;
	}
	for (i = 0; i < cl->nsrcs; i++) {
		struct source *src = &cl->srcs[i];

		if (src->is_file && read_file(src)) {
			cg_finish(g);
			return 1;
		}
		src->ast = parse_program(cc, src->is_file ? src->text : NULL,
					 src->is_file ? src->buf : src->text,
					 src->is_file ? src->len : strlen(src->text));
		if (!src->ast || cg_add(g, src->ast)) {
			print_diags(cc, src);
			cg_finish(g);
			return 1;
		}
	}
	if (cg_finish(g)) {
		print_diags(cc, &cl->srcs[cl->nsrcs - 1]);
		return 1;
	}
	return 0;
}

/*
 * Enable every clause on the probes its descriptions match, source by
 * source; a description that matches nothing is an error, as in dtrace.
 */
static int build_enabling(struct cmdline *cl, const struct probe_table *t,
			  const struct image *img, struct enabling *en)
{
	size_t i, k, d, c = 0;

	en->insns = img->insns;
	en->insn_act = img->insn_act;
	en->ninsns = img->ninsns;
	en->strtab = img->strtab;
	en->strtab_len = img->strtab_len;
	en->aggs = img->aggs;
	en->naggs = img->naggs;
	en->edges = img->edges;
	en->nedges = img->nedges;
	en->uses_spec = img->uses_spec;
	en->clauses = img->clauses;
	for (i = 0; i < cl->nsrcs; i++) {
		struct source *src = &cl->srcs[i];

		for (k = 0; k < src->ast->nitems; k++) {
			const struct img_clause *ic;

			if (src->ast->items[k]->kind != AST_ITEM_CLAUSE)
				continue;
			ic = &img->clauses[c];
			for (d = 0; d < ic->ndescs; d++) {
				int n = enab_add(en, t, ic->descs[d], (unsigned int)c, ic->recsize,
						 ic->prog);

				if (n == -EINVAL) {
					errmsg("invalid probe specifier %s: malformed probe description",
					       ic->descs[d]);
					return -EINVAL;
				}
				if (n < 0) {
					errmsg("cannot enable %s: %s", ic->descs[d], strerror(-n));
					return n;
				}
				if (n == 0 && cl->zdefs)
					continue;
				if (n == 0) {
					if (src->is_file)
						errmsg("failed to compile script %s: probe description %s does not match any probes",
						       src->text, ic->descs[d]);
					else
						errmsg("invalid probe specifier %s: probe description %s does not match any probes",
						       src->text, ic->descs[d]);
					return -ENOENT;
				}
				src->matched += n;
			}
			c++;
		}
	}
	return 0;
}

/* Profile probes exist once named: create those the clauses name. */
static int add_profile_probes(struct probe_table *t, const struct image *img)
{
	size_t c, d;

	for (c = 0; c < img->nclauses; c++)
		for (d = 0; d < img->clauses[c].ndescs; d++)
			if (probe_table_add_profile(t, img->clauses[c].descs[d]) < 0) {
				errmsg("out of memory");
				return -ENOMEM;
			}
	return 0;
}

static int list_probes(const struct cmdline *cl, const struct probe_table *t,
		       const struct enabling *en)
{
	size_t i;

	print_list_heading(stdout);
	if (cl->nsrcs == 0) {
		for (i = 0; i < t->n; i++)
			print_list_probe(stdout, &t->probes[i]);
		return 0;
	}
	/* Each probe once, in probe order, however many clauses enable it. */
	for (i = 0; i < t->n; i++) {
		size_t e;

		for (e = 0; e < en->n; e++)
			if (en->ecbs[e].probe == &t->probes[i])
				break;
		if (e < en->n)
			print_list_probe(stdout, &t->probes[i]);
	}
	return 0;
}

static void print_matched(const struct cmdline *cl)
{
	size_t i;

	for (i = 0; i < cl->nsrcs && !cl->o.quiet; i++) {
		const struct source *src = &cl->srcs[i];

		/* dtrace names a -n program by its descriptions: the text before a {, / or ;. */
		int len = (int)strcspn(src->text, src->is_file ? "" : "{/;");

		errmsg("%s '%.*s' matched %d probe%s", src->is_file ? "script" : "description",
		       len, src->text, src->matched, src->matched == 1 ? "" : "s");
	}
}

static void agg_hook(void *ctx, const struct img_action *a, int64_t arg)
{
	struct agg_state *s = ctx;

	agg_action(s, stdout, a, arg);
}

static int trace(const struct cmdline *cl, const struct enabling *en, const struct image *img)
{
	struct agg_source asrc;
	struct agg_state as;
	struct tracer tr;
	struct consumer c;
	struct printer pr;
	char err[256];
	uint64_t missed;
	int ret;

	ret = load_tracer(&tr, &cl->o, en, err, sizeof(err));
	if (!ret && tr.bufsize < cl->o.bufsize) {
		char size[32];

		opt_format_size(tr.bufsize, size, sizeof(size));
		errmsg("buffer size lowered to %s", size);
	}
	if (!ret)
		ret = load_attach(&tr, err, sizeof(err));
	if (ret) {
		errmsg("could not enable tracing: %s%s", err,
		       ret == -EPERM && geteuid() ? " (spectrace needs root)" : "");
		load_close(&tr);
		return 1;
	}
	print_init(&pr, stdout, cl->o.quiet);
	print_set_flow(&pr, cl->o.flowindent);
	load_agg_source(&tr, &asrc);
	ret = agg_init(&as, img, &asrc, &cl->o, stderr);
	if (!ret) {
		ret = consume_init(&c, &tr, en, &cl->o, &pr, stderr);
		if (ret)
			agg_fini(&as);
	}
	if (ret) {
		errmsg("out of memory");
		load_close(&tr);
		return 1;
	}
	pr.agg_act = agg_hook;
	pr.agg_ctx = &as;
	c.img = img;
	c.target = child_pid > 0 ? child_pid : cl->target_pid;
	c.target_child = child_pid > 0;
	ret = consume_begin(&c);
	if (!ret) {
		if (!c.exited)
			load_gate(&tr, 1);
		print_matched(cl);
		child_release();
		ret = consume_run(&c, &stop_flag);
	}
	/* As dtrace: every aggregation printa() did not print, after END. */
	if (!ret) {
		agg_print_unprinted(&as, stdout);
		fflush(stdout);
	}
	agg_fini(&as);
	missed = load_missed(&tr);
	if (missed)
		errmsg("%llu probe firing%s skipped by the kernel (BPF recursion on a CPU)",
		       (unsigned long long)missed, missed == 1 ? "" : "s");
	load_close(&tr);
	consume_fini(&c);
	/* Output that cannot be written (a closed pipe) is not an error of ours. */
	if (ret && ret != -EPIPE)
		return 1;
	return c.exited ? (int)(c.exit_status & 0xff) : 0;
}

static void free_cmdline(struct cmdline *cl)
{
	size_t i;

	for (i = 0; cl->srcs && i < cl->nsrcs; i++)
		free(cl->srcs[i].buf);
	free(cl->srcs);
}

int main(int argc, char **argv)
{
	struct compile_ctx cc;
	struct probe_table t;
	struct enabling en;
	struct cmdline cl;
	struct image img;
	char err[512];
	int ret;

	if (argc > 1 && !strcmp(argv[1], "ktrdump"))
		return ktrdump_main(argc - 1, argv + 1);
	memset(&cl, 0, sizeof(cl));
	memset(&en, 0, sizeof(en));
	memset(&img, 0, sizeof(img));
	ret = parse_cmdline(&cl, argc, argv);
	if (ret) {
		free_cmdline(&cl);
		return EXIT_USAGE;
	}
	libbpf_set_print(libbpf_print);
	if (!cl.compile_only && !cl.list && kfeat_check(err, sizeof(err))) {
		errmsg("%s", err);
		free_cmdline(&cl);
		return 1;
	}
	compile_ctx_init(&cc);
	if (cl.target_pid) {
		if (kill(cl.target_pid, 0) && errno == ESRCH) {
			errmsg("failed to grab pid %d: No such process", cl.target_pid);
			compile_ctx_fini(&cc);
			free_cmdline(&cl);
			return 1;
		}
		cl.o.target = cl.target_pid;
	}
	if (cl.cmd && !cl.compile_only && !cl.list) {
		child_pid = child_start(cl.cmd);
		if (child_pid < 0) {
			compile_ctx_fini(&cc);
			free_cmdline(&cl);
			return 1;
		}
		cl.o.target = child_pid;
	} else if (cl.cmd) {
		/* -e or -l: the command is not run; $target still compiles. */
		cl.o.target = getpid();
	}

	if (cl.nsrcs && compile(&cl, &cc, &img)) {
		ret = 1;
		goto out_cc;
	}
	if (cl.show_dis)
		dis_image(stderr, &img);
	if (cl.compile_only) {
		ret = 0;
		goto out_img;
	}
	ret = probe_table_load(&t, NULL, err, sizeof(err));
	if (ret) {
		errmsg("cannot list probes: %s", err);
		ret = 1;
		goto out_img;
	}
	if (cl.nsrcs && (add_profile_probes(&t, &img) || build_enabling(&cl, &t, &img, &en)))
		ret = 1;
	else if (cl.list)
		ret = list_probes(&cl, &t, &en);
	else if (install_signals()) {
		errmsg("cannot install signal handlers: %s", strerror(errno));
		ret = 1;
	} else {
		ret = trace(&cl, &en, &img);
	}
	enab_free(&en);
	probe_table_free(&t);
out_img:
	cg_image_free(&img);
out_cc:
	child_reap();
	compile_ctx_fini(&cc);
	free_cmdline(&cl);
	return ret;
}
