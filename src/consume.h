/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The consumer: switches each CPU's principal buffers at switchrate (and a
 * CPU's early, when its active buffer is more than half full), walks the
 * records of the inactive buffer, hands them to the printer, and reports
 * drops.
 */
#ifndef SPT_CONSUME_H
#define SPT_CONSUME_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "enab.h"
#include "image.h"
#include "load.h"
#include "opt.h"
#include "print.h"
#include "proc.h"
#include "temporal.h"

struct consumer {
	struct tracer *tr;
	const struct enabling *en;
	const struct image *img; /* record layouts; NULL: default records only */
	const struct opts *o;
	struct printer *pr;
	FILE *msg;		/* stderr: drop reports */
	uint64_t *drops_seen;	/* per CPU: drops already reported */
	uint64_t *errors_seen;	/* per CPU: errors already reported */
	uint64_t *dyn_seen;	/* per CPU: dynamic drops already counted */
	uint64_t dyn_pending;	/* dynamic drops of this pass, reported for all CPUs */
	uint64_t *agg_seen;	/* per CPU: aggregation drops already reported */
	uint64_t spec_seen[3];	/* speculation failures (unavailable, busy), drops reported */
	uint8_t *offline;	/* per CPU: switch said the CPU is offline */
	struct temporal tm;	/* -x temporal: records waiting for the merge */
	uint32_t tsz;		/* bytes of timestamp at the end of each record */
	int stopping;		/* the gate is closed: the passes drain everything */
	uint64_t *poll_off;	/* per CPU: active buffer's fill at the last look (early switch) */
	uint64_t *poll_ns;	/* per CPU: when that was (CLOCK_MONOTONIC) */
	uint64_t records;	/* records consumed so far */
	uint64_t drops;		/* drops reported so far */
	int exited;		/* a clause called exit() */
	int write_err;		/* the output could not be written: its errno (EPIPE: no reader) */
	struct proc_set *procs; /* -c, -p: tracing ends when all have exited; NULL: none */
	int procs_gone;		/* they have */
	int64_t exit_status;	/* its argument */
	int testing;		/* _DTRACE_TESTING: no newline for the first signal */
	/* consume_run()'s stop flag: the SIGINTs and SIGTERMs seen (from 2 on,
	 * "impatient": what is left is read but not printed) */
	volatile sig_atomic_t *stop;
};

int consume_init(struct consumer *c, struct tracer *tr, const struct enabling *en,
		 const struct opts *o, struct printer *pr, FILE *msg);
void consume_fini(struct consumer *c);

/*
 * Flush the output; the first write error is kept in write_err. Returns
 * -write_err (0 while the output is fine).
 */
int consume_flush_output(struct consumer *c);

/*
 * One pass: switch and drain every CPU, report new drops. Returns 0 or
 * -errno (a malformed buffer is -EPROTO, reported on MSG).
 */
int consume_pass(struct consumer *c);

/*
 * Speculations: run the cleaner on every CPU for the slots committing or
 * discarding, then free them.
 */
void consume_clean(struct consumer *c);

/*
 * Fire BEGIN with the gate still closed; sets c->exited if BEGIN called
 * exit(). Returns 0 or -errno.
 */
int consume_begin(struct consumer *c);

/*
 * Trace until *STOP is set (it counts signals; the first one puts a
 * newline on the output, as dtrace ends the line of the ^C, unless
 * c->testing), a clause calls exit() or every -c/-p process
 * has exited: a pass every
 * switchrate, a look at exit() every statusrate, and under the switch
 * policy an early switch of any CPU whose active buffer is more than half
 * full (looked at every consume_poll_max() or sooner when the buffers
 * fill fast). Then close the gate,
 * drain everything that was recorded, report drops. Returns 0 or -errno;
 * c->exited and c->exit_status tell about exit().
 */
int consume_run(struct consumer *c, volatile sig_atomic_t *stop);

/* Early switch: the longest wait between two looks at the buffers' fill, ns. */
uint64_t consume_poll_max(uint64_t bufsize);

#endif /* SPT_CONSUME_H */
