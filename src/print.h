/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The output sink: everything spectrace writes as trace output (records,
 * aggregations) goes through a printer, and so do the events that are
 * diagnostics on stderr (faults, drops, failed speculations), which the
 * consumer reports there itself. The printer's format decides what each
 * becomes on the output: dtrace(1)'s text (print_text.c), in which the
 * stderr events put nothing there, or one JSON object per line
 * (print_json.c). Each format is a table of operations (print_priv.h)
 * with state of its own that nothing else reads; print.c holds the sink,
 * the dispatch and the decoders of a record's fields.
 */
#ifndef SPT_PRINT_H
#define SPT_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "image.h"
#include "probe.h"

struct agg_snap;
struct print_ops;
struct printer;

enum print_format {
	PRINT_TEXT, /* dtrace(1)'s layout */
	PRINT_JSON, /* -x oformat=json: one object per line */
};

/* Why an aggregation is printed. */
enum print_agg_when {
	PRINT_AGG_PRINTA, /* a printa() action */
	PRINT_AGG_EXIT,	  /* at exit: printa() never printed it */
};

/* Counters the consumer reports on stderr when they grow. */
enum print_count {
	PRINT_CNT_DROP,		/* principal buffer drops, per CPU */
	PRINT_CNT_AGGDROP,	/* aggregation drops, per CPU */
	PRINT_CNT_DYNDROP,	/* dynamic variable drops, per CPU */
	PRINT_CNT_SPECDROP,	/* speculative drops, all CPUs */
	PRINT_CNT_ERROR,	/* errors (faults), per CPU */
	PRINT_CNT_SPEC_UNAVAIL, /* failed speculations: no speculative buffer available */
	PRINT_CNT_SPEC_BUSY,	/* failed speculations: available buffers still busy */
	PRINT_CNT_MISSED,	/* firings the kernel skipped (BPF recursion), all CPUs */
};

/* A fault of a clause (dtrace's "error on enabled probe ID ..."). */
struct print_fault {
	int cpu; /* whose buffer held the fault record */
	uint32_t epid;
	const struct probe *probe; /* NULL: the EPID is unknown */
	uint32_t action;	   /* 0: the predicate */
	uint32_t offset;	   /* byte offset of the faulting instruction in the action */
	uint32_t fault;		   /* SPT_FLT_* (DTRACEFLT_*) */
	uint64_t value;		   /* the address, for bad address and alignment faults */
	const char *text;	   /* dtrace's wording of the fault, "invalid address (0x0)" */
};

struct printer {
	FILE *out;
	const struct print_ops *ops; /* the format's */
	void *state;		     /* the format's own, private to it */
	enum print_format format;
	bool quiet;
	bool flow;		 /* -F: indent by entry/return nesting, per CPU */
	bool testing;		 /* _DTRACE_TESTING: no CPU and ID columns */
	const struct image *img; /* aggregation names (JSON); NULL: none */
	/* printa, clear, trunc, normalize, denormalize: run by the consumer's
	 * aggregation code in record order, printing through PR; ARG is the
	 * action's field, if any */
	void (*agg_act)(void *ctx, struct printer *pr, const struct img_action *a, int64_t arg);
	void *agg_ctx;
	/* system(): run CMD (NULL: it could not be formatted, out of memory),
	 * its output on the file descriptor FD */
	void (*system)(void *ctx, const char *cmd, int fd);
	void *system_ctx;
	/* freopen(): the output before it redirected (NULL: not redirected) */
	FILE *orig_out;
	/* a consumer-side error of a record of EPID fired by P (freopen's) */
	void (*liberr)(void *ctx, uint32_t epid, const struct probe *p, const char *text);
	void *liberr_ctx;
	/* setopt(): set option NAME to VALUE ("1" when not given) while tracing */
	void (*setopt)(void *ctx, struct printer *pr, const char *name, const char *value,
		       uint32_t epid, const struct probe *p);
	void *setopt_ctx;
};

/*
 * The rawbytes option: every trace() record, and each string key of an
 * aggregation printed without a format, as a hex dump; a string then
 * shows print_strsize + 1 bytes (dtrace-utils' string record), its NUL
 * and zeroes after the text.
 */
extern bool print_rawbytes;
extern unsigned int print_strsize;

/* A printer of the text format onto OUT; -ENOMEM: its state could not be allocated. */
int print_init(struct printer *pr, FILE *out, bool quiet);
/* Release the format's state; close a freopen()ed file. */
void print_fini(struct printer *pr);

/* Switch to FORMAT (its state anew); -ENOMEM leaves the printer as it was. */
int print_set_format(struct printer *pr, enum print_format format);

/* -F: flow-indented output, "=> func" on entry, "<= func" on return. */
void print_set_flow(struct printer *pr, bool flow);

/* _DTRACE_TESTING: heading and prefix without the CPU and ID columns. */
void print_set_testing(struct printer *pr, bool testing);

/* -F: a pass over CPU's buffer starts; its indent starts again from 0. */
void print_flow_reset(struct printer *pr, int cpu);

/* The newline dtrace writes when tracing has stopped (text format only). */
void print_end_newline(struct printer *pr);

/* A record of the default action (the EPID alone) fired by P on CPU. */
void print_default(struct printer *pr, int cpu, uint32_t epid, const struct probe *p);

/*
 * A record of clause CL fired by P on CPU: the prefix (unless quiet), each
 * action's output, and the newline dtrace ends every record with (unless
 * quiet). DATA is the whole record, header included, CL->recsize bytes.
 */
void print_record(struct printer *pr, int cpu, uint32_t epid, const struct probe *p,
		  const struct img_clause *cl, const uint8_t *data);

void print_agg(struct printer *pr, const struct agg_snap *snap, const struct fmt *f,
	       uint64_t normal, enum print_agg_when when);
void print_fault(struct printer *pr, const struct print_fault *f);
void print_count(struct printer *pr, enum print_count kind, int cpu, uint64_t n);

/*
 * freopen(), ftruncate() of record DATA (EPID, fired by P): the output
 * redirected to (appended to) the formatted file, or back for ""; the
 * current output file truncated.
 */
void print_file_action(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		       const uint8_t *data, uint32_t epid, const struct probe *p);
/* setopt() of record DATA through the consumer's hook. */
void print_setopt(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		  const uint8_t *data, uint32_t epid, const struct probe *p);
/* Run a record's aggregation action A through the consumer's hook. */
void print_agg_action(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		      const uint8_t *data);

/* A record's fields: an integer's 8 bytes, a string cut at its NUL or its size. */
uint64_t print_field_value(const struct img_field *f, const uint8_t *data);
int print_field_str(const struct img_field *f, const uint8_t *data, const char **s);

/* printf() action A of a record of CL, formatted onto OUT. */
void print_printf(FILE *out, const struct img_action *a, const struct img_clause *cl,
		  const uint8_t *data);
/* system() action A's command, formatted as printf would (malloc'd; NULL: out of memory). */
char *print_system_cmd(const struct img_action *a, const struct img_clause *cl,
		       const uint8_t *data);

/*
 * The text layouts of an aggregation (print_text.c), which printa() with a
 * format also fills JSON's "printa" member with: dtrace's default layout,
 * a line (or histogram) per tuple (printa() puts a newline first), and
 * printa("format", @a), the format once per tuple.
 */
void print_agg_default(FILE *out, const struct agg_snap *snap, uint64_t normal);
void print_agg_fmt(FILE *out, const struct agg_snap *snap, const struct fmt *f, uint64_t normal);

/* The -l heading and one line per probe. */
void print_list_heading(FILE *out);
void print_list_probe(FILE *out, const struct probe *p);
/* -lv: the section dtrace -lv prints after a probe's line. */
void print_list_args(FILE *out, const struct probe_args *a);

/* dtrace's hex dump of the N bytes at P (tracemem(), section 2.4 of the reference). */
void print_hexdump(FILE *out, const uint8_t *p, size_t n);

#endif /* SPT_PRINT_H */
