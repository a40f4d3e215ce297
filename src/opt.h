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
	OPT_OFMT_TEXT,	/* dtrace(1)'s text */
	OPT_OFMT_JSON,	/* one JSON object per line (FreeBSD's oformat=json) */
};

/* How syscall probes are attached (spectrace's option, not dtrace's). */
enum opt_sysattach {
	OPT_SYSATTACH_AUTO,	/* tracepoints for a few syscalls, else raw */
	OPT_SYSATTACH_RAW,	/* tp_btf/sys_enter and sys_exit, a table lookup */
	OPT_SYSATTACH_TP,	/* one syscalls:sys_{enter,exit}_NAME per probe */
};

/* What to do when the kernel refuses principal buffers of bufsize. */
enum opt_bufresize {
	OPT_RESIZE_AUTO,	/* halve the size and try again (DTrace's default) */
	OPT_RESIZE_MANUAL,	/* fail */
};

struct opts {
	uint64_t bufsize;	/* bytes per principal buffer, per CPU */
	enum opt_bufpolicy bufpolicy;
	enum opt_bufresize bufresize;
	bool temporal;		/* merge the CPUs' records in timestamp order */
	uint64_t switchrate_ns;	/* interval between buffer switches */
	uint64_t statusrate_ns;	/* interval between checks for exit() */
	bool quiet;		/* -q: only explicitly traced data */
	bool flowindent;	/* -F: indent output by function entry and return */
	enum opt_oformat oformat;	/* format of the trace output */
	bool destructive;	/* -w: raise(), stop(), system() allowed */
	uint64_t dynvarsize;	/* bytes for self-> variables */
	uint64_t strsize;	/* bytes of a string value */
	uint64_t aggsize;	/* bytes of keyed aggregation data per CPU */
	uint64_t aggrate_ns;	/* interval between checks for aggregation drops */
	bool aggsortkey;	/* sort aggregations by key, not value */
	bool aggsortrev;	/* reverse the sort */
	uint32_t aggsortkeypos;	/* key element compared first */
	uint32_t aggsortpos;	/* aggregation sorted by, of a printa of several */
	uint32_t nspec;		/* speculation slots */
	uint64_t specsize;	/* bytes of a slot's part on each CPU */
	uint64_t cleanrate_ns;	/* interval between cleaner sweeps */
	bool errtags;		/* compile errors show their D_* tag */
	bool defaultargs;	/* an unset $N is 0, $$N "" */
	bool argref;		/* the last macro argument need not be referenced */
	bool droptags;		/* drop messages start with [DTRACEDROP_...] */
	bool quietresize;	/* no "... lowered to ..." message */
	int64_t target;		/* $target: the -c command's or -p process's pid, 0: none */
	struct ktr_opts ktr;	/* -x ktr_*: KTR flight recorder settings */
	enum opt_sysattach sysattach;	/* -x sysattach=auto|raw|tracepoint */
};

#define OPT_DEFAULT_BUFSIZE (4ULL << 20)
/* Largest bufsize accepted; what the kernel grants is decided at load. */
#define OPT_MAX_BUFSIZE (1ULL << 40)
#define OPT_NSEC_PER_SEC 1000000000ULL

void opt_init(struct opts *o);

/*
 * Set option NAME to VALUE (NULL when given without '='). Returns 0, or
 * -ENOENT for an unknown name, -EINVAL for a bad value, -ENOTSUP for a value
 * spectrace recognises but does not implement yet; ERR (if not NULL) gets a
 * one-line reason without the option name.
 */
int opt_set(struct opts *o, const char *name, const char *value, char *err, size_t errlen);

/* Sizes: a number with an optional k/m/g/t suffix (powers of 1024). */
int opt_parse_size(const char *s, uint64_t *out);

/*
 * Write SIZE the way opt_parse_size() reads it, with the largest suffix
 * that divides it (2m, 1536k, 100): BUF gets at most LEN bytes.
 */
void opt_format_size(uint64_t size, char *buf, size_t len);

/*
 * Rates: a bare number is a frequency in hz; with a suffix (hz, ns/nsec,
 * us/usec, ms/msec, s/sec, m/min, h/hour, d/day) it is a frequency or an
 * interval. The result is the interval in nanoseconds, never 0.
 */
int opt_parse_rate(const char *s, uint64_t *interval_ns);

#endif /* SPT_OPT_H */
