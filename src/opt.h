/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Tracing options: one table behind -x name=value, the short flags (-b,
 * -q, ...) and, later, #pragma D option.
 */
#ifndef SPT_OPT_H
#define SPT_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ktr_opt.h"

enum opt_bufpolicy {
	OPT_BUF_SWITCH,
	OPT_BUF_FILL,
	OPT_BUF_RING,
};

enum opt_oformat {
	OPT_OFMT_TEXT, /* dtrace(1)'s text */
	OPT_OFMT_JSON, /* one JSON object per line (FreeBSD's oformat=json) */
};

/* How syscall probes are attached (spectrace's option, not dtrace's). */
enum opt_sysattach {
	OPT_SYSATTACH_AUTO, /* tracepoints for a few syscalls, else raw */
	OPT_SYSATTACH_RAW,  /* tp_btf/sys_enter and sys_exit, a table lookup */
	OPT_SYSATTACH_TP,   /* one syscalls:sys_{enter,exit}_NAME per probe */
};

/* What to do when the kernel refuses principal buffers of bufsize. */
enum opt_bufresize {
	OPT_RESIZE_AUTO,   /* halve the size and try again (DTrace's default) */
	OPT_RESIZE_MANUAL, /* fail */
};

/*
 * An integer option's slot before anything set it, as DTrace's
 * DTRACEOPT_UNSET: a boolean option is on when its slot is anything else,
 * 0 included.
 */
#define OPT_UNSET (-2LL)

/* Where a value comes from: some options may not be set from a D program. */
enum opt_ctx {
	OPT_CTX_CMDLINE, /* -x, -b, -q and the other letters */
	OPT_CTX_ENV,	 /* DTRACE_OPT_NAME */
	OPT_CTX_PRAGMA,	 /* #pragma D option */
};

/* One -D, -U or -I (or -x define/undef/incdir), in command-line order. */
struct opt_cpparg {
	char flag; /* 'D', 'U', 'I' */
	char *arg; /* owned */
};

struct opts {
	uint64_t bufsize; /* bytes per principal buffer, per CPU */
	enum opt_bufpolicy bufpolicy;
	enum opt_bufresize bufresize;
	bool temporal;		  /* merge the CPUs' records in timestamp order */
	uint64_t switchrate_ns;	  /* interval between buffer switches (0: every look) */
	uint64_t statusrate_ns;	  /* interval between checks for exit() (0: every look) */
	bool rawbytes;		  /* trace() records and string keys as hex dumps */
	bool quiet;		  /* -q: only explicitly traced data */
	bool flowindent;	  /* -F: indent output by function entry and return */
	enum opt_oformat oformat; /* format of the trace output */
	bool destructive;	  /* -w: raise(), stop(), system() allowed */
	uint64_t dynvarsize;	  /* bytes for self-> variables and associative arrays */
	uint64_t strsize;	  /* characters a string holds, as asked (strings are cut at it) */
	uint64_t aggsize;	  /* bytes of keyed aggregation data per CPU */
	uint64_t scratchsize;	  /* as dtrace stores it: roundup(n + 8, 8), 264 by default */
	uint64_t aggrate_ns;	  /* interval between checks for aggregation drops */
	bool aggsortkey;	  /* sort aggregations by key, not value */
	bool aggsortrev;	  /* reverse the sort */
	uint32_t aggsortkeypos;	  /* key element compared first */
	uint32_t aggsortpos;	  /* aggregation sorted by, of a printa of several */
	uint32_t nspec;		  /* speculation slots */
	uint32_t stackframes;	  /* stack()'s frames, 0: the default (20) */
	uint32_t ustackframes;	  /* ustack()'s frames, 0: the default (100) */
	uint32_t maxframes;	  /* cap of both, 0: SPT_STACK_MAX */
	uint32_t cpu1;		  /* -x cpu: clauses run on CPU cpu1 - 1 only; 0: on all */
	uint32_t stackindent;	  /* blanks before each frame printed (14) */
	bool noresolve;		  /* user addresses as object:0xoffset, not symbols */
	uint64_t ustackwindow;	  /* bytes of user stack ustack() records for DWARF unwinding */
	uint64_t specsize;	  /* bytes of a slot's part on each CPU */
	uint64_t cleanrate_ns;	  /* interval between cleaner sweeps (0: every look) */
	int64_t target;		  /* $target: the -c command's or -p process's pid, 0: none */
	struct ktr_opts ktr;	  /* -x ktr_*: KTR flight recorder settings */
	enum opt_sysattach sysattach; /* -x sysattach=auto|raw|tracepoint */

	bool quietresize; /* no "... lowered to ..." notices */
	bool bpflog;	  /* show libbpf's messages, the verifier log among them */
	/* compiler flags (-x NAME, no value) */
	bool defaultargs; /* an undefined $N is 0, $$N "" */
	bool argref;	  /* operands need not be referenced */
	bool empty;	  /* a program without clauses is allowed */
	bool zdefs;	  /* descriptions may match no probe (the compiler's part of -Z) */
	bool aggpercpu;	  /* each aggregation value followed by every CPU's */
	bool errtags;	  /* compile errors carry their [D_TAG] */
	bool droptags;	  /* drop messages carry their [DTRACEDROP_...] */
	bool verbose;	  /* -S: the bytecode on stderr */
	/* the C preprocessor (-C, -D, -U, -I, -H, -X, cpp*) */
	bool cpp;		 /* run it on script files */
	bool cpphdrs;		 /* -H: it lists the files included */
	char stdc;		 /* -X: 'a', 'c', 's' or 't' */
	char *cpppath;		 /* owned; NULL: "cpp" */
	char *cppargs;		 /* owned; extra arguments, split at blanks */
	struct opt_cpparg *cppv; /* owned */
	size_t ncppv;
};

#define OPT_DEFAULT_BUFSIZE (4ULL << 20)
#define OPT_NSEC_PER_SEC 1000000000ULL
/* The most bytes a string takes with its NUL in spectrace (bpf/abi/limits.h's SPT_STRSIZE). */
#define OPT_STRSIZE_MAX 256

/* DTrace's error texts (libdtrace's dt_error.c), shown after the option's name. */
#define OPT_E_NAME "Invalid option name"
#define OPT_E_VALUE "Invalid value for specified option"
#define OPT_E_CTX "Option cannot be used from within a D program"

void opt_init(struct opts *o);
/* Free what opt_set() allocated (preprocessor arguments). */
void opt_fini(struct opts *o);

/*
 * Set option NAME to VALUE (NULL when given without '=', which is not the
 * same as an empty value) as DTrace parses it, coming from CTX. Returns 0,
 * or -ENOENT for an unknown name, -EINVAL for a bad value, -EPERM for an
 * option a D program may not set, -EOVERFLOW for a value too large,
 * -ENOTSUP for a value spectrace recognises but does not implement; ERR (if
 * not NULL) gets a one-line reason without the option name (DTrace's text).
 */
int opt_set_in(struct opts *o, const char *name, const char *value, enum opt_ctx ctx, char *err,
	       size_t errlen);
/* Whether NAME is a flag that takes no value at all (zdefs, cpp, aggpercpu, ...). */
bool opt_flag_only(const char *name);
/* The scratch bytes alloca() and copyin() may take in a clause: scratchsize less 8. */
uint64_t opt_scratch_bytes(const struct opts *o);
/* opt_set_in() from the command line. */
int opt_set(struct opts *o, const char *name, const char *value, char *err, size_t errlen);

/*
 * Apply the DTRACE_OPT_<NAME> environment variables (the name in upper
 * case) through GETENV, as dtrace(1) does before the command line: errors
 * are ignored.
 */
void opt_set_env(struct opts *o, char *(*getenv_fn)(const char *));

/*
 * The names of the options spectrace accepts, in table order (NULL past the
 * end), and their count.
 */
const char *opt_name(size_t i);
size_t opt_count(void);

/*
 * DTrace's boolean and integer options: no value (NULL) is 0, an empty one
 * OPT_UNSET, yes/enable/enabled/true/on/set (any case) 1, no/disable/
 * disabled/false/off/unset OPT_UNSET, else a non-negative C integer
 * (strtoull base 0) with nothing after it. A boolean is on unless OPT_UNSET.
 */
int opt_parse_runtime(const char *s, int64_t *out);

/*
 * Sizes: a C integer (base 0) with an optional last letter k, m, g or t (any
 * case; powers of 1024) and nothing after it. No value (NULL or "") is 0.
 */
int opt_parse_size(const char *s, uint64_t *out);

/*
 * Write SIZE the way opt_parse_size() reads it, with the largest suffix
 * that divides it (2m, 1536k, 100): BUF gets at most LEN bytes.
 */
void opt_format_size(uint64_t size, char *buf, size_t len);

/*
 * Rates and times: a C integer with an optional suffix, any case: hz, or
 * ns/nsec, us/usec, ms/msec, s/sec, m/min, h/hour, d/day. The result is
 * the interval in nanoseconds; N hz is 10^9/N ns (0hz is 0). A bare
 * number is a frequency in hz, as the seeds define it (dtrace-utils reads
 * it as nanoseconds). No value (NULL or "") is 0.
 */
int opt_parse_rate(const char *s, uint64_t *interval_ns);

#endif /* SPT_OPT_H */
