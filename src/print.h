/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/* The printer: dtrace(1)'s output for records. */
#ifndef SPT_PRINT_H
#define SPT_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "image.h"
#include "probe.h"

#define PRINT_MAX_CPUS 256

struct printer {
	FILE *out;
	bool quiet;
	bool heading_done;	/* the column heading goes out before the first record */
	bool flow;		/* -F: indent by entry/return nesting, per CPU */
	int depth[PRINT_MAX_CPUS];	/* -F: nesting of each CPU */
	/* printa, clear, trunc, normalize, denormalize: run by the consumer's
	 * aggregation code in record order; ARG is the action's field, if any */
	void (*agg_act)(void *ctx, const struct img_action *a, int64_t arg);
	void *agg_ctx;
	/* system(): run CMD (NULL: it could not be formatted, out of memory) */
	void (*system)(void *ctx, const char *cmd);
	void *system_ctx;
};

void print_init(struct printer *pr, FILE *out, bool quiet);

/* -F: flow-indented output, "=> func" on entry, "<= func" on return. */
void print_set_flow(struct printer *pr, bool flow);

/* A record of the default action (the EPID alone) fired by P on CPU. */
void print_default(struct printer *pr, int cpu, const struct probe *p);

/*
 * A record of clause CL fired by P on CPU: the prefix (unless quiet), each
 * action's output, and the newline dtrace ends every record with (unless
 * quiet). DATA is the whole record, header included, CL->recsize bytes.
 */
void print_record(struct printer *pr, int cpu, const struct probe *p,
		  const struct img_clause *cl, const uint8_t *data);

/* The -l heading and one line per probe. */
void print_list_heading(FILE *out);
void print_list_probe(FILE *out, const struct probe *p);
/* -lv: the section dtrace -lv prints after a probe's line. */
void print_list_args(FILE *out, const struct probe_args *a);

#endif /* SPT_PRINT_H */
