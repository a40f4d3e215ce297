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
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <linux/types.h>
#include <bpf/libbpf.h>

#include "abi/buf.h"
#include "cg.h"
#include "compile.h"
#include "consume.h"
#include "cpp.h"
#include "dis.h"
#include "enab.h"
#include "kfeat.h"
#include "ktrdump.h"
#include "priv.h"
#include "abi/limits.h"
#include "agg.h"
#include "load.h"
#include "opt.h"
#include "parse.h"
#include "print.h"
#include "probe.h"
#include "proc.h"
#include "stack.h"
#include "diag.h"

#define EXIT_USAGE 2
/* What dtrace -V prints after the program's name: the D language version. */
#define SPT_D_VERSION "Oracle D 2.0"

static const char usage_text[] =
	"Usage: spectrace [-CeFhHlqSVvwZ] [-b bufsz] [-o output] [-x opt[=val]]\n"
	"                 [-D name[=def]] [-I path] [-U name] [-L path] [-X a|c|s|t]\n"
	"                 [-c cmd]... [-p pid]... [-n program]... [-s script] [arg...]\n"
	"\n"
	"Trace the running kernel with DTrace's model on eBPF.\n"
	"\n"
	"  -n probe-desc   enable the probes that match probe-desc, written\n"
	"                  provider:module:function:name; empty fields and the globs\n"
	"                  * ? [...] match any; fewer fields name the rightmost ones\n"
	"                  (openat:entry is ::openat:entry); may be repeated\n"
	"  -P provider, -m [provider:]module, -f [[provider:]module:]function\n"
	"                  as -n, the description in that context (-P syscall is\n"
	"                  syscall:::); a predicate and an action may follow\n"
	"  -s script       compile and enable the D program in the file script\n"
	"  -l              list the probes matching -n (all probes without -n)\n"
	"                  and exit; with -v (-lv) each probe's argument types too\n"
	"  -c cmd          run cmd once tracing is on, with $target its pid; stop\n"
	"                  tracing (END, output) when it exits; the command is\n"
	"                  killed if spectrace stops first\n"
	"  -p pid          follow process pid: $target is pid, tracing stops when\n"
	"                  it exits\n"
	"                  -c and -p may be repeated: $target is the pid of the\n"
	"                  first one given, tracing stops when all have exited\n"
	"  -b bufsz        principal buffer size per CPU, same as -x bufsize\n"
	"  -o output       append the trace output (records, printf, printa,\n"
	"                  aggregations at exit; -l's list) to the file output,\n"
	"                  created if missing, instead of stdout; messages stay\n"
	"                  on stderr\n"
	"  -F              flow indent: \"=> func\" on entry, \"<= func\" on return,\n"
	"                  indented by nesting on each CPU (same as -x flowindent)\n"
	"  -q              quiet: no column heading, no CPU/ID/FUNCTION:NAME prefix,\n"
	"                  no probe-match messages\n"
	"  -w              permit destructive actions: raise(sig), stop() and\n"
	"                  system(\"fmt\", ...) (same as -x destructive)\n"
	"  -x opt[=val]    set a tracing option (see OPTIONS); DTRACE_OPT_NAME=val\n"
	"                  in the environment sets one before the command line\n"
	"  -C              run the C preprocessor (cpp, or -x cpppath) on -s scripts\n"
	"  -D name[=def]   define name for cpp; -U name undefines it\n"
	"  -I path         add path to cpp's include path\n"
	"  -H              cpp lists the files it includes, on stderr\n"
	"  -X a|c|s|t      cpp conformance: s is traditional cpp, the others ISO C\n"
	"  -L path         D library directory (spectrace has no D libraries)\n"
	"  -Z              permit probe descriptions that match no probe (they\n"
	"                  enable nothing; the others trace as usual)\n"
	"  -v, --verbose   with -l: list argument types; with -V: more versions\n"
	"                  (dtrace's stability report is not supported)\n"
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
	"  oformat=text|json\n"
	"                  text: dtrace(1)'s layout (default); json: one JSON\n"
	"                  object per line for each record, aggregation, fault,\n"
	"                  drop count and failed speculation (see README)\n"
	"  temporal        print the records of all CPUs in timestamp order (each\n"
	"                  record then carries its timestamp), not CPU by CPU\n"
	"  strsize=n       strings hold at most n characters (default 256; 255 at\n"
	"                  most in spectrace)\n"
	"  Every option of dtrace(1) is taken, with its value syntax: a boolean is\n"
	"    on with no value or any number (quiet=0 too), off with an empty value\n"
	"    or no/false/off; flags take no value. README lists those without\n"
	"    effect on Linux.\n"
	"  quiet           same as -q\n"
	"  destructive     same as -w\n"
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

/* No arguments at all: the synopsis, one example, where to read on. */
static const char first_run_text[] =
	"\n"
	"Example: every file opened, by which program, until Ctrl-C (as root):\n"
	"  spectrace -n 'syscall::openat:entry { printf(\"%s %s\\n\", execname, copyinstr(arg1)); }'\n"
	"\n"
	"spectrace --help lists the options; man spectrace explains them.\n";

static int verbose;
static volatile sig_atomic_t stop_flag;

__attribute__((format(printf, 1, 2))) static void errmsg(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", spt_progname);
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

/* _DTRACE_TESTING in the environment: dtrace's testing mode. */
static bool testing;

/* SIGINT, SIGTERM: the first stops tracing, a second one makes spectrace impatient. */
static void on_stop(int sig)
{
	(void)sig;
	if (stop_flag < 2)
		stop_flag++;
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
	const char *text; /* -n: the text; -s: the file name */
	int is_file;
	char *buf; /* -s: the file's contents */
	size_t len;
	struct ast_program *ast;
	int matched;  /* probes its clauses matched */
	bool zdefs;   /* -x zdefs or its pragma held for this program */
	bool errtags; /* and -x errtags or its pragma */
};

/* A -c command or a -p process, in command-line order. */
struct procarg {
	const char *cmd; /* -c: the command to run and trace */
	int pid;	 /* -p: the process to follow */
};

struct cmdline {
	struct opts o;
	struct source *srcs;
	size_t nsrcs;
	const char *argv0; /* $0 of -n programs: argv[0] as given */
	char **macros;	   /* operands: $1, $2, ... */
	size_t nmacros;
	int list;
	struct procarg *procs; /* -c and -p */
	size_t nprocs;
	int compile_only;  /* -e */
	int show_dis;	   /* -S */
	int zdefs;	   /* -Z: descriptions may match nothing */
	int version;	   /* -V */
	const char *ofile; /* -o: trace output appended to this file */
	int fail_status;   /* what a failed parse exits with: 2 usage, 1 a bad option */
};

static void print_first_run(FILE *f)
{
	/* The synopsis is usage_text up to its first empty line. */
	int len = (int)(strstr(usage_text, "\n\n") - usage_text) + 1;

	fprintf(f, "%.*s%s", len, usage_text, first_run_text);
}

/*
 * -vV, after the versions: the kernel, then each kernel feature spectrace
 * needs with the release that brought it and what this kernel said.
 * Returns 1 if stdout cannot be written (dtrace's -V status).
 */
static int print_features(void)
{
	static const char *const state[] = {
		[KFEAT_HAVE] = "yes",
		[KFEAT_MISSING] = "no",
		[KFEAT_UNKNOWN] = "unknown",
	};
	const struct kfeat *t;
	struct utsname u;
	size_t n, i, unknown = 0;

	libbpf_set_print(libbpf_print);
	t = kfeat_table(&n);
	if (!uname(&u))
		printf("kernel: Linux %s %s\n", u.release, u.machine);
	printf("kernel features (needs Linux %d.%d):\n", t[0].major, t[0].minor);
	for (i = 0; i < n; i++) {
		enum kfeat_state s = t[i].probe();

		unknown += s == KFEAT_UNKNOWN;
		printf("  %-8s%s (Linux %d.%d)\n", state[s], t[i].name, t[i].major, t[i].minor);
	}
	if (unknown)
		printf("(unknown: the kernel does not tell without privileges; run as root to ask)\n");
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}

/* dtrace(1)'s message for an option that could not be set: the option's name only. */
static int set_failed(struct cmdline *cl, const char *what, const char *err)
{
	errmsg("failed to set %s: %s", what, err);
	cl->fail_status = 1;
	return -EINVAL;
}

/* -x name[=value]: split at the first '='; no '=' is no value, "name=" an empty one. */
static int set_option(struct cmdline *cl, const char *arg)
{
	char what[80], err[160];
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	char *name = strndup(arg, len);
	int ret;

	if (!name) {
		errmsg("out of memory");
		cl->fail_status = 1;
		return -ENOMEM;
	}
	ret = opt_set(&cl->o, name, eq ? eq + 1 : NULL, err, sizeof(err));
	if (ret) {
		snprintf(what, sizeof(what), "-x %s", name);
		set_failed(cl, what, err);
	}
	free(name);
	return ret;
}

/* A letter that stands for an option (-b, -D, -I, -L, -U, -X, -H, ...). */
static int set_letter(struct cmdline *cl, int c, const char *name, const char *arg)
{
	char what[300], err[160];

	if (!opt_set(&cl->o, name, arg, err, sizeof(err)))
		return 0;
	snprintf(what, sizeof(what), arg ? "-%c %s" : "-%c", c, arg ? arg : "");
	return set_failed(cl, what, err);
}

/*
 * -P provider, -m [provider:]module, -f [[provider:]module:]function: the
 * description in its context, written out in full (the fields given are
 * the rightmost of the context's), then the rest of the argument (a
 * predicate, an action). NULL when out of memory.
 */
static char *spec_in_context(int c, const char *arg, size_t *len)
{
	size_t n = strcspn(arg, " \t\n{/;"), colons = 0, i, lead, trail, want;
	char *s;

	want = c == 'P' ? 0 : c == 'm' ? 1 : 2;
	for (i = 0; i < n; i++)
		colons += arg[i] == ':';
	lead = colons < want ? want - colons : 0;
	trail = colons < want ? 3 - want : 3 - colons;
	*len = lead + strlen(arg) + trail;
	s = malloc(*len + 1);
	if (!s)
		return NULL;
	memset(s, ':', lead);
	memcpy(s + lead, arg, n);
	memset(s + lead + n, ':', trail);
	strcpy(s + lead + n + trail, arg + n);
	return s;
}

static void usage_error(struct cmdline *cl)
{
	fputs(usage_text, stderr);
	cl->fail_status = EXIT_USAGE;
}

/*
 * As dtrace(1): a first pass over the arguments finds usage errors (and
 * -V, -h) before anything is set, then the environment's DTRACE_OPT_*
 * options apply, then a second pass sets the options and queues the
 * programs in command-line order, so the last setting wins.
 */
static int parse_cmdline(struct cmdline *cl, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	static const char optstring[] = ":3:6:aAb:c:CD:ef:FGhHi:I:lL:m:n:o:p:P:qSs:U:VvwX:x:Z";
	int c, help = 0, modes = 0;

	opt_init(&cl->o);
	cl->fail_status = EXIT_USAGE;
	if (argc < 2) {
		/* dtrace prints its usage; spectrace the synopsis and an example */
		print_first_run(stderr);
		return -EINVAL;
	}
	cl->srcs = calloc((size_t)argc, sizeof(*cl->srcs));
	cl->procs = calloc((size_t)argc, sizeof(*cl->procs));
	if (!cl->srcs || !cl->procs)
		return -ENOMEM;
	opterr = 0;
	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			help = 1;
			modes++;
			break;
		case 'G':
		case 'l':
			modes++;
			break;
		case 'V':
			/* printed once the options are read: -vV says more */
			modes++; /* as dtrace(1), -V -V too */
			cl->version = 1;
			break;
		case '3':
		case '6':
			/* -32 and -64 are read as -3 2 and -6 4 */
			if (strcmp(optarg, c == '3' ? "2" : "4")) {
				errmsg("illegal option -- %c%s", c, optarg);
				usage_error(cl);
				return -EINVAL;
			}
			break;
		case ':':
			errmsg("option requires an argument -- '%c'", optopt);
			usage_error(cl);
			return -EINVAL;
		case '?':
			if (optopt)
				errmsg("invalid option -- '%c'", optopt);
			else
				errmsg("unrecognized option '%s'", argv[optind - 1]);
			usage_error(cl);
			return -EINVAL;
		default:
			break;
		}
	}
	if (modes > 1) {
		errmsg("only one of the [-GhlV] options can be specified at a time");
		return -EINVAL;
	}
	if (help) {
		fputs(usage_text, stdout);
		exit(0);
	}
	opt_set_env(&cl->o, getenv);
	optind = 0; /* glibc: start over, permuting again */
	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (set_letter(cl, c, "bufsize", optarg))
				return -EINVAL;
			break;
		case 'c':
			cl->procs[cl->nprocs++].cmd = optarg;
			break;
		case 'p': {
			char *end;
			long pid = strtol(optarg, &end, 10);

			if (!*optarg || *end || pid <= 0 || pid > INT32_MAX) {
				/* dtrace(1)'s words; a fatal error, not a usage error */
				errmsg("invalid pid: %s", optarg);
				cl->fail_status = 1;
				return -EINVAL;
			}
			cl->procs[cl->nprocs++].pid = (int)pid;
			break;
		}
		case '3':
			if (!strcmp(optarg, "2")) {
				errmsg("not supported: -32 (spectrace traces the 64-bit kernel only)");
				cl->fail_status = 1;
				return -EINVAL;
			}
			break;
		case 'C':
			cl->o.cpp = true;
			break;
		case 'D':
			if (set_letter(cl, c, "define", optarg))
				return -EINVAL;
			break;
		case 'I':
			if (set_letter(cl, c, "incdir", optarg))
				return -EINVAL;
			break;
		case 'U':
			if (set_letter(cl, c, "undef", optarg))
				return -EINVAL;
			break;
		case 'L':
			if (set_letter(cl, c, "libdir", optarg))
				return -EINVAL;
			break;
		case 'X':
			if (set_letter(cl, c, "stdc", optarg))
				return -EINVAL;
			break;
		case 'H':
			cl->o.cpphdrs = true;
			break;
		case 'G':
			errmsg("not supported: -G (ELF objects with USDT providers)");
			cl->fail_status = 1;
			return -EINVAL;
		case 'e':
			cl->compile_only = 1;
			break;
		case 'F':
			cl->o.flowindent = true;
			break;
		case 'l':
			cl->list = 1;
			break;
		case 'n':
			cl->srcs[cl->nsrcs++].text = optarg;
			break;
		case 'P':
		case 'm':
		case 'f': {
			struct source *src = &cl->srcs[cl->nsrcs++];

			src->text = optarg;
			src->buf = spec_in_context(c, optarg, &src->len);
			if (!src->buf) {
				errmsg("out of memory");
				cl->fail_status = 1;
				return -ENOMEM;
			}
			break;
		}
		case 'i':
			errmsg("not supported: -i (probes by id: use -n with the description)");
			cl->fail_status = 1;
			return -EINVAL;
		case 'o':
			cl->ofile = optarg;
			break;
		case 'q':
			cl->o.quiet = true;
			break;
		case 'w':
			cl->o.destructive = true;
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
		case 'v':
			verbose = 1;
			break;
		case 'x':
			if (set_option(cl, optarg))
				return -EINVAL;
			break;
		default:
			/* -a, -A (anonymous tracing) are accepted and ignored, as in dtrace-utils */
			break;
		}
	}
	/* Operands are the macro arguments $1, $2, ... as with dtrace. */
	cl->argv0 = argv[0];
	cl->macros = argv + optind;
	cl->nmacros = (size_t)(argc - optind);
	if (!cl->list && !cl->version && cl->nsrcs == 0 && cl->compile_only) {
		/* dtrace -e stops after compiling, before it counts the probes */
		exit(0);
	}
	if (!cl->list && !cl->version && cl->nsrcs == 0) {
		errmsg("no probes specified");
		cl->fail_status = 1;
		return -EINVAL;
	}
	return 0;
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

/*
 * How a compile error is introduced: dtrace's two shapes; the tag with
 * -xerrtags; the source line and a caret on a terminal only.
 */
static void print_diags(struct compile_ctx *cc, const struct cmdline *cl, const struct source *src)
{
	cc->diags.errtags = cl->o.errtags;
	cc->diags.caret = isatty(STDERR_FILENO);
	cc->diags.src = src->is_file ? src->buf : src->text;
	cc->diags.srclen = src->is_file ? src->len : strlen(src->text);
	diag_print(stderr, &cc->diags, src->is_file ? NULL : src->text);
}

/*
 * Parse every source and generate the image. Returns 0, or 1 after
 * printing the first error.
 */
/*
 * The compiler flags a pragma may set: as in DTrace, a pragma sets them
 * for its own program only, -x for every program.
 */
struct cflags {
	bool argref, cpp, defaultargs, empty, errtags, verbose, zdefs;
};

static struct cflags cflags_save(const struct opts *o)
{
	return (struct cflags){ o->argref,  o->cpp,	o->defaultargs, o->empty,
				o->errtags, o->verbose, o->zdefs };
}

static void cflags_restore(struct opts *o, const struct cflags *f)
{
	o->argref = f->argref;
	o->cpp = f->cpp;
	o->defaultargs = f->defaultargs;
	o->empty = f->empty;
	o->errtags = f->errtags;
	o->verbose = f->verbose;
	o->zdefs = f->zdefs;
}

static int compile(struct cmdline *cl, struct compile_ctx *cc, struct image *img)
{
	struct cg *g;
	size_t i;

	g = cg_new(cc, &cl->o, cl->macros, cl->nmacros, img);
	if (!g) {
		errmsg("out of memory");
		return 1;
	}
	cg_set_argv0(g, cl->argv0);
	for (i = 0; i < cl->nsrcs; i++) {
		struct source *src = &cl->srcs[i];
		struct cflags saved = cflags_save(&cl->o);

		if (src->is_file && read_file(src)) {
			cg_finish(g);
			return 1;
		}
		/* -C: script files through cpp (dtrace runs it on -s files, not -n text) */
		if (src->is_file && cl->o.cpp) {
			char err[256], *pp;
			size_t pplen;

			if (cpp_run(&cl->o, src->buf, src->len, &pp, &pplen, err, sizeof(err))) {
				errmsg("failed to compile script %s: %s", src->text, err);
				cg_finish(g);
				return 1;
			}
			free(src->buf);
			src->buf = pp;
			src->len = pplen;
		}
		src->ast = parse_program(cc, src->is_file ? src->text : NULL,
					 src->buf ? src->buf : src->text,
					 src->buf ? src->len : strlen(src->text));
		if (!src->ast || cg_add(g, src->ast)) {
			print_diags(cc, cl, src);
			cg_finish(g);
			return 1;
		}
		src->zdefs = cl->o.zdefs;
		src->errtags = cl->o.errtags;
		cflags_restore(&cl->o, &saved);
	}
	if (cg_finish(g)) {
		print_diags(cc, cl, &cl->srcs[cl->nsrcs - 1]);
		return 1;
	}
	return 0;
}

/*
 * Enable every clause on the probes its descriptions match (enab_build,
 * which writes dtrace's messages); each program's count of matched
 * probes comes back for print_matched. Under -e this is all it does:
 * dtrace matches the descriptions when it compiles.
 */
static int build_enabling(struct cmdline *cl, struct probe_table *t, const struct image *img,
			  struct enabling *en)
{
	struct enab_how how = { cl->zdefs, cl->list, cl->compile_only, stderr };
	struct enab_src *es = calloc(cl->nsrcs, sizeof(*es));
	size_t i;
	int ret;

	if (!es) {
		errmsg("out of memory");
		return -ENOMEM;
	}
	for (i = 0; i < cl->nsrcs; i++)
		es[i] = (struct enab_src){ cl->srcs[i].text, cl->srcs[i].is_file, cl->srcs[i].zdefs,
					   cl->srcs[i].errtags, 0 };
	ret = enab_build(en, t, img, es, cl->nsrcs, &how);
	for (i = 0; i < cl->nsrcs; i++)
		cl->srcs[i].matched = es[i].matched;
	free(es);
	return ret;
}

/* One -l line, and with -v the probe's argument types. */
static int list_probe(const struct probe_table *t, const struct probe *p, FILE *out)
{
	struct probe_args a;
	int ret;

	print_list_probe(out, p);
	if (!verbose)
		return 0;
	ret = probe_arg_types(t, p, &a);
	if (ret) {
		errmsg("cannot read the argument types of %s:%s:%s:%s: %s", p->prov, p->mod,
		       p->func, p->name, strerror(-ret));
		return 1;
	}
	print_list_args(out, &a);
	return 0;
}

static int list_probes(const struct cmdline *cl, const struct probe_table *t,
		       const struct enabling *en, FILE *out)
{
	size_t i;

	print_list_heading(out);
	if (cl->nsrcs == 0) {
		for (i = 0; i < t->n; i++)
			if (list_probe(t, &t->probes[i], out))
				return 1;
		return 0;
	}
	/* Each probe once, in probe order, however many clauses enable it. */
	for (i = 0; i < t->n; i++) {
		size_t e;

		for (e = 0; e < en->n; e++)
			if (en->ecbs[e].probe == &t->probes[i])
				break;
		if (e < en->n && list_probe(t, &t->probes[i], out))
			return 1;
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

		errmsg("%s '%.*s' matched %d probe%s", src->is_file ? "script" : "description", len,
		       src->text, src->matched, src->matched == 1 ? "" : "s");
	}
}

static void agg_hook(void *ctx, struct printer *pr, const struct img_action *a, int64_t arg)
{
	agg_action(ctx, pr, a, arg);
}

/* system(): the consumer runs the command when it processes the record. */
/*
 * A library-level error of a record (setopt's, freopen's), in the form of
 * dtrace-utils' fault message (CTX: the enabling, for the clause's number).
 */
static void record_error(void *ctx, uint32_t epid, const struct probe *p, const char *text)
{
	const struct enab_ecb *ecb = ctx ? enab_lookup(ctx, epid) : NULL;

	fflush(stdout);
	if (p && ecb)
		fprintf(stderr, "%s: error in dt_clause_%u for probe ID %u (%s:%s:%s:%s): %s\n",
			spt_progname, ecb->stmt, p->id, p->prov, p->mod, p->func, p->name, text);
	else
		fprintf(stderr, "%s: error for unknown enabled probe ID %u: %s\n", spt_progname,
			epid, text);
}

/*
 * setopt() while tracing, as dtrace: its dynamic options (quiet,
 * flowindent, the aggregation sort) take effect; a compile-time one is
 * accepted and changes nothing (only later compilations would see it);
 * any other real option is an error, "Operation illegal when tracing is
 * active", and tracing goes on.
 */
struct setopt_ctx {
	struct opts *o; /* the run's: the consumer reads switchrate from it */
	struct agg_state *as;
	const struct enabling *en;
};

static bool name_in(const char *name, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], name))
			return true;
	return false;
}

static void run_setopt(void *ctx, struct printer *pr, const char *name, const char *value,
		       uint32_t epid, const struct probe *p)
{
	static const char *const dynamic[] = {
		"quiet",	 "flowindent",	"aggsortkey", "aggsortrev",
		"aggsortkeypos", "aggsortpos",	"rawbytes",   "stackindent",
		"printsize",	 "quietresize", "switchrate", "aggrate",
	};
	static const char *const compile[] = {
		"cpp",		"cppargs",  "cpphdrs",	   "cpppath",	"define",     "undef",
		"incdir",	"stdc",	    "defaultargs", "argref",	"empty",      "zdefs",
		"pspec",	"errtags",  "droptags",	   "knodefs",	"kdefs",      "unodefs",
		"udefs",	"nolibs",   "libdir",	   "syslibdir", "version",    "amin",
		"late",		"linkmode", "linktype",	   "lazyload",	"linknommap", "strip",
		"ldpath",	"ctypes",   "dtypes",	   "ctfpath",	"modpath",    "procfspath",
		"dofstashpath", "evaltime", "pgmax",	   "useruid",	"sysslice",   "preallocate",
		"iregs",	"tregs",    "disasm",	   "tree",	"debug",      "debugassert",
		"core",		"verbose",
	};
	struct setopt_ctx *sc = ctx;
	struct opts o = *sc->o;
	bool dyn = name_in(name, dynamic, sizeof(dynamic) / sizeof(dynamic[0]));
	char err[256] = "", msg[1100];
	int ret;

	if (opt_flag_only(name)) {
		/* setopt() always passes a value, which a flag-only option refuses */
		snprintf(err, sizeof(err), "Invalid value for specified option");
		ret = -EINVAL;
	} else if (name_in(name, compile, sizeof(compile) / sizeof(compile[0]))) {
		return;
	} else {
		ret = opt_set(&o, name, value, err, sizeof(err));
	}
	if (dyn && ret == -ENOENT)
		return; /* dynamic in dtrace, without an effect here */
	if (!ret && !dyn)
		snprintf(err, sizeof(err), "Operation illegal when tracing is active");
	if (ret || !dyn) {
		/* dtrace's text ends in a newline of its own: an empty line follows */
		snprintf(msg, sizeof(msg), "couldn't set option \"%s\" to \"%s\": %s\n", name,
			 value, err);
		record_error((void *)sc->en, epid, p, msg);
		return;
	}
	*sc->o = o;
	pr->quiet = o.quiet;
	stack_indent = o.stackindent;
	stack_noresolve = o.noresolve;
	print_rawbytes = o.rawbytes;
	print_set_flow(pr, o.flowindent);
	sc->as->sort.bykey = o.aggsortkey;
	sc->as->sort.rev = o.aggsortrev;
	sc->as->sort.keypos = o.aggsortkeypos;
	sc->as->sort.pos = o.aggsortpos;
}

static void run_system(void *ctx, const char *cmd, int fd)
{
	int ret;

	(void)ctx;
	if (!cmd) {
		errmsg("system( ): out of memory");
		return;
	}
	ret = proc_system(cmd, fd);
	if (ret < 0)
		errmsg("system( ): cannot run /bin/sh: %s", strerror(-ret));
}

/*
 * dtrace's "WHAT lowered to SIZE": SIZE in the largest unit of k, m, g,
 * t, p, e not above it when it is a multiple of it ("2m"), else in bytes
 * ("1572864 bytes"); below 1024 the number and a blank.
 */
static void lowered(const char *what, uint64_t size)
{
	static const char units[] = "kmgtpe";
	uint64_t unit = 1024;
	int u = -1;

	while (u < 5 && size >= unit) {
		u++;
		if (u == 5 || size / 1024 < unit)
			break;
		unit *= 1024;
	}
	if (u < 0)
		errmsg("%s lowered to %llu ", what, (unsigned long long)size);
	else if (size % unit == 0)
		errmsg("%s lowered to %llu%c", what, (unsigned long long)(size / unit), units[u]);
	else
		errmsg("%s lowered to %llu bytes", what, (unsigned long long)size);
}

/*
 * A -c command stopped at its exit: the mappings of the processes whose
 * user stacks were taken since the last look are read while they live.
 */
static void snapshot_at_exit(int pid, void *arg)
{
	(void)pid;
	load_upids(arg);
}

static int trace(const struct cmdline *cl, const struct enabling *en, const struct image *img,
		 struct proc_set *procs, FILE *out)
{
	struct agg_source asrc;
	struct agg_state as;
	struct opts ro = cl->o; /* setopt() changes the dynamic options in it */
	struct setopt_ctx soc;
	struct tracer tr;
	struct consumer c;
	struct printer pr;
	char err[256];
	uint64_t missed;
	bool early;
	int ret;

	ret = load_tracer(&tr, &cl->o, en, err, sizeof(err));
	if (!ret && tr.bufsize < cl->o.bufsize && !cl->o.quietresize && !testing)
		lowered("buffer size", tr.bufsize);
	/* A strsize above what the kernel side holds is lowered to it, and said. */
	if (!ret && cl->o.strsize > OPT_STRSIZE_MAX && !cl->o.quietresize && !testing)
		errmsg("string size lowered to %d", OPT_STRSIZE_MAX);
	if (!ret)
		ret = load_attach(&tr, err, sizeof(err));
	if (ret) {
		errmsg("could not enable tracing: %s%s", err,
		       ret == -EPERM && geteuid() ? " (spectrace needs root)" : "");
		load_close(&tr);
		return 1;
	}
	if (print_init(&pr, out, cl->o.quiet) ||
	    print_set_format(&pr, cl->o.oformat == OPT_OFMT_JSON ? PRINT_JSON : PRINT_TEXT)) {
		errmsg("out of memory");
		print_fini(&pr);
		load_close(&tr);
		return 1;
	}
	stack_indent = cl->o.stackindent;
	stack_noresolve = cl->o.noresolve;
	print_rawbytes = cl->o.rawbytes;
	print_strsize = cl->o.strsize < SPT_STRSIZE ? (unsigned int)cl->o.strsize : SPT_STRSIZE;
	print_set_flow(&pr, cl->o.flowindent);
	print_set_testing(&pr, testing);
	pr.img = img;
	load_agg_source(&tr, &asrc);
	ret = agg_init(&as, img, &asrc, &cl->o, stderr);
	if (!ret) {
		ret = consume_init(&c, &tr, en, &ro, &pr, stderr);
		if (ret)
			agg_fini(&as);
	}
	if (ret) {
		errmsg("out of memory");
		load_close(&tr);
		print_fini(&pr);
		return 1;
	}
	pr.agg_act = agg_hook;
	pr.agg_ctx = &as;
	pr.system = run_system;
	pr.liberr = record_error;
	pr.liberr_ctx = (void *)en;
	soc.o = &ro;
	soc.en = en;
	soc.as = &as;
	pr.setopt = run_setopt;
	pr.setopt_ctx = &soc;
	c.img = img;
	c.procs = procs;
	c.testing = testing;
	/*
	 * A signal before tracing started ends the run at once, as in dtrace:
	 * no END, no final newline, no aggregations.
	 */
	if (stop_flag) {
		early = true;
	} else {
		ret = consume_begin(&c);
		early = !ret && stop_flag;
	}
	if (!ret && !early) {
		if (!c.exited)
			load_gate(&tr, 1);
		print_matched(cl);
		/* dtrace's notice once tracing is on; quiet hides it */
		if (cl->o.destructive && !cl->o.quiet)
			errmsg("allowing destructive actions");
		proc_release(procs);
		procs->at_exit = snapshot_at_exit;
		procs->at_exit_arg = &tr;
		ret = consume_run(&c, &stop_flag);
		procs->at_exit = NULL;
	}
	/*
	 * As dtrace: a newline once tracing has stopped, quiet or not, then
	 * every aggregation printa() did not print, unless a second signal
	 * made us impatient.
	 */
	if (!ret && !early) {
		print_end_newline(&pr);
		if (stop_flag < 2)
			agg_print_unprinted(&as, &pr);
	}
	agg_fini(&as);
	missed = load_missed(&tr);
	if (missed) {
		errmsg("%llu probe firing%s skipped by the kernel (BPF recursion on a CPU)",
		       (unsigned long long)missed, missed == 1 ? "" : "s");
		print_count(&pr, PRINT_CNT_MISSED, -1, missed);
	}
	consume_flush_output(&c);
	/*
	 * As dtrace: output that cannot be written is an error, said once
	 * (main() closes -o's file without saying it again); on a closed pipe
	 * it is not ours (dtrace dies of the SIGPIPE without a word).
	 */
	if (c.write_err && (c.write_err != EPIPE || cl->ofile)) {
		errmsg("failed to write to %s: %s", cl->ofile ? cl->ofile : "<stdout>",
		       strerror(c.write_err));
		clearerr(pr.out);
		ret = ret ? ret : -c.write_err;
	}
	print_fini(&pr);
	load_close(&tr);
	consume_fini(&c);
	if (ret && (ret != -EPIPE || cl->ofile))
		return 1;
	return c.exited ? (int)(c.exit_status & 0xff) : 0;
}

/*
 * -c and -p in command-line order: create (held before exec) or grab
 * each; $target is the first one's pid, as in dtrace. Under -e and -l no
 * command runs, and $target is spectrace's pid if the first is a -c.
 */
static int start_procs(struct cmdline *cl, struct proc_set *procs)
{
	char err[256];
	size_t i;
	int pid;

	for (i = 0; i < cl->nprocs; i++) {
		const struct procarg *pa = &cl->procs[i];

		if (pa->pid) {
			if (proc_grab(procs, pa->pid, err, sizeof(err))) {
				errmsg("%s", err);
				return -1;
			}
			pid = pa->pid;
		} else if (!cl->compile_only && !cl->list) {
			pid = proc_create(procs, pa->cmd, err, sizeof(err));
			if (pid < 0) {
				errmsg("%s", err);
				return -1;
			}
		} else {
			pid = getpid();
		}
		if (i == 0)
			cl->o.target = pid;
	}
	return 0;
}

static void free_cmdline(struct cmdline *cl)
{
	size_t i;

	for (i = 0; cl->srcs && i < cl->nsrcs; i++)
		free(cl->srcs[i].buf);
	free(cl->srcs);
	free(cl->procs);
	opt_fini(&cl->o);
}

int main(int argc, char **argv)
{
	struct compile_ctx cc;
	struct probe_table t;
	struct proc_set procs;
	struct enabling en;
	struct cmdline cl;
	struct image img;
	FILE *out = stdout;
	char err[512];
	int ret;

	if (argc > 0 && argv[0][0]) {
		const char *slash = strrchr(argv[0], '/');

		/* as dtrace(1): messages begin with the name it was run as */
		spt_progname = slash && slash[1] ? slash + 1 : argv[0];
	}
	if (argc > 1 && !strcmp(argv[1], "ktrdump"))
		return ktrdump_main(argc - 1, argv + 1);
	/*
	 * Output to a file or a pipe in 64k writes: the consumer flushes after
	 * every pass anyway, and a busy one spends less in write(2).
	 */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOFBF, 65536);
	/* As dtrace(1): no arguments at all is a usage error, shown on stderr. */
	if (argc == 1) {
		print_first_run(stderr);
		return EXIT_USAGE;
	}
	testing = getenv("_DTRACE_TESTING") != NULL;
	memset(&cl, 0, sizeof(cl));
	memset(&en, 0, sizeof(en));
	memset(&img, 0, sizeof(img));
	ret = parse_cmdline(&cl, argc, argv);
	if (ret) {
		ret = cl.fail_status;
		free_cmdline(&cl);
		return ret == 1 ? 1 : EXIT_USAGE;
	}
	/*
	 * -V: dtrace's "NAME: D version" (the D that spectrace compiles is
	 * dtrace-utils'); with -v the program's own version too.
	 */
	if (cl.version) {
		ret = printf("%s: %s\n", spt_progname, SPT_D_VERSION) <= 0;
		if (!ret && verbose)
			ret = printf("This is spectrace %s\n", SPT_VERSION) <= 0 ||
			      print_features();
		free_cmdline(&cl);
		return ret;
	}
	/*
	 * dtrace's -v in exec mode is its stability report, and spectrace
	 * keeps no stability attributes: refused, not run without it.
	 */
	if (verbose && !cl.list) {
		errmsg("not supported: -v (dtrace's stability report: spectrace keeps no stability attributes; -x bpflog shows libbpf's messages)");
		free_cmdline(&cl);
		return 1;
	}
	/* As dtrace(1): privileges first, in exec and list modes, status 2. */
	if (priv_check(PRIV_TRACE, err, sizeof(err))) {
		errmsg("%s", err);
		free_cmdline(&cl);
		return EXIT_USAGE;
	}
	/* dtrace(1)'s testing mode also forces quietresize on */
	if (testing)
		cl.o.quietresize = true;
	if (cl.o.bpflog)
		verbose = 1;
	if (cl.o.verbose)
		cl.show_dis = 1;
	libbpf_set_print(libbpf_print);
	if (!cl.compile_only && !cl.list && kfeat_check(err, sizeof(err))) {
		errmsg("%s", err);
		free_cmdline(&cl);
		return 1;
	}
	compile_ctx_init(&cc);
	proc_init(&procs);
	if (start_procs(&cl, &procs)) {
		ret = 1;
		goto out_cc;
	}

	cc.allow_empty = cl.o.empty;
	if (cl.nsrcs && compile(&cl, &cc, &img)) {
		ret = 1;
		goto out_cc;
	}
	if (cl.show_dis)
		dis_image(stderr, &img);
	/*
	 * dtrace(1) appends to -o's file; opened once the program compiled, so
	 * a script with an error creates no file.
	 */
	if (cl.ofile && !cl.compile_only) {
		out = fopen(cl.ofile, "ae");
		if (!out) {
			out = stdout;
			errmsg("failed to open output file '%s': %s", cl.ofile, strerror(errno));
			ret = 1;
			goto out_img;
		}
		if (!isatty(fileno(out)))
			setvbuf(out, NULL, _IOFBF, 65536);
	}
	ret = probe_table_load(&t, NULL, err, sizeof(err));
	if (ret) {
		errmsg("cannot list probes: %s", err);
		ret = 1;
		goto out_img;
	}
	if (cl.nsrcs && build_enabling(&cl, &t, &img, &en)) {
		ret = 1;
	} else if (cl.compile_only && !cl.list) {
		ret = 0;
	} else if (!cl.list && img.destructive && !cl.o.destructive) {
		/* dtrace's EDT_DESTRUCTIVE, found when it enables the programs. */
		errmsg("could not enable tracing: Destructive actions not allowed");
		ret = 1;
	} else if (cl.list) {
		ret = list_probes(&cl, &t, &en, out);
	} else if (install_signals()) {
		errmsg("cannot install signal handlers: %s", strerror(errno));
		ret = 1;
	} else {
		ret = trace(&cl, &en, &img, &procs, out);
	}
	enab_free(&en);
	probe_table_free(&t);
out_img:
	errno = 0;
	if (out != stdout && (ferror(out) | fclose(out))) {
		errmsg("failed to write to %s: %s", cl.ofile, strerror(errno ? errno : EIO));
		ret = 1;
	}
	cg_image_free(&img);
out_cc:
	proc_fini(&procs);
	compile_ctx_fini(&cc);
	free_cmdline(&cl);
	return ret;
}
