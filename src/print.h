/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The output sink: everything spectrace writes as trace output (records,
 * aggregations) goes through a printer, and so do the events that are
 * diagnostics on stderr (faults, drops, failed speculations), which the
 * consumer reports there itself. The printer's format decides what each
 * becomes on the output: dtrace(1)'s text (print.c), in which the stderr
 * events put nothing there, or one JSON object per line (json.c).
 */
#ifndef SPT_PRINT_H
#define SPT_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "image.h"
#include "json.h"
#include "probe.h"

#define PRINT_MAX_CPUS 256

struct agg_snap;
struct printer;

enum print_format {
	PRINT_TEXT,	/* dtrace(1)'s layout */
	PRINT_JSON,	/* -x oformat=json: one object per line */
};

/* Why an aggregation is printed. */
enum print_agg_when {
	PRINT_AGG_PRINTA,	/* a printa() action */
	PRINT_AGG_EXIT,		/* at exit: printa() never printed it */
};

/* Counters the consumer reports on stderr when they grow. */
enum print_count {
	PRINT_CNT_DROP,		/* principal buffer drops, per CPU */
	PRINT_CNT_AGGDROP,	/* aggregation drops, per CPU */
	PRINT_CNT_DYNDROP,	/* dynamic variable drops, per CPU */
	PRINT_CNT_SPECDROP,	/* speculative drops, all CPUs */
	PRINT_CNT_ERROR,	/* errors (faults), per CPU */
	PRINT_CNT_SPEC_UNAVAIL,	/* failed speculations: no speculative buffer available */
	PRINT_CNT_SPEC_BUSY,	/* failed speculations: available buffers still busy */
	PRINT_CNT_MISSED,	/* firings the kernel skipped (BPF recursion), all CPUs */
};

/* A fault of a clause (dtrace's "error on enabled probe ID ..."). */
struct print_fault {
	int cpu;		/* whose buffer held the fault record */
	uint32_t epid;
	const struct probe *probe;	/* NULL: the EPID is unknown */
	uint32_t action;	/* 0: the predicate */
	uint32_t offset;	/* byte offset of the faulting instruction in the action */
	uint32_t fault;		/* SPT_FLT_* (DTRACEFLT_*) */
	uint64_t value;		/* the address, for bad address and alignment faults */
	const char *text;	/* dtrace's wording of the fault, "invalid address (0x0)" */
};

/* What a format does with each event (print.c: text; json.c: JSON). */
struct print_ops {
	/* A record of EPID, fired by P on CPU; CL NULL: the default action. */
	void (*record)(struct printer *pr, int cpu, uint32_t epid, const struct probe *p,
		       const struct img_clause *cl, const uint8_t *data);
	/* Aggregation SNAP, sorted, printed with printa's format F (or NULL). */
	void (*agg)(struct printer *pr, const struct agg_snap *snap, const struct fmt *f,
		    uint64_t normal, enum print_agg_when when);
	void (*fault)(struct printer *pr, const struct print_fault *f);
	/* KIND grew by N on CPU (-1 for the counters of all CPUs). */
	void (*count)(struct printer *pr, enum print_count kind, int cpu, uint64_t n);
};

/* -F: a CPU's indent and the record before, for this pass over its buffer. */
struct print_flow {
	int depth;
	uint32_t last_epid;	/* 0: none yet */
	uint32_t last_id;	/* its probe id */
};

struct printer {
	FILE *out;
	const struct print_ops *ops;
	enum print_format format;
	bool quiet;
	bool heading_done;	/* the column heading goes out before the first record */
	bool flow;		/* -F: indent by entry/return nesting, per CPU */
	bool testing;		/* _DTRACE_TESTING: no CPU and ID columns */
	struct print_flow flowst[PRINT_MAX_CPUS];	/* -F: each CPU's indent */
	/* the last record's column prefix, for the next one of the same CPU
	 * and probe (most of them: buffers are drained one CPU at a time) */
	const struct probe *pfx_probe;
	int pfx_cpu;
	int pfx_len;
	char pfx[2 * PROBE_FIELD_MAX + 48];
	const struct image *img;	/* aggregation names (JSON); NULL: none */
	/* printa, clear, trunc, normalize, denormalize: run by the consumer's
	 * aggregation code in record order, printing through PR; ARG is the
	 * action's field, if any */
	void (*agg_act)(void *ctx, struct printer *pr, const struct img_action *a, int64_t arg);
	void *agg_ctx;
	/* JSON: the line being built, printf()'s text of the current record,
	 * and the lines printa() made meanwhile, which follow the record */
	struct jbuf line, text, after;
	bool in_record;
	/* system(): run CMD (NULL: it could not be formatted, out of memory),
	 * its output on the file descriptor FD */
	void (*system)(void *ctx, const char *cmd, int fd);
	void *system_ctx;
};

extern const struct print_ops json_ops;

void print_init(struct printer *pr, FILE *out, bool quiet);
/* Release what the JSON format allocated. */
void print_fini(struct printer *pr);

void print_set_format(struct printer *pr, enum print_format format);

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

/* The -l heading and one line per probe. */
void print_list_heading(FILE *out);
void print_list_probe(FILE *out, const struct probe *p);
/* -lv: the section dtrace -lv prints after a probe's line. */
void print_list_args(FILE *out, const struct probe_args *a);

#endif /* SPT_PRINT_H */
