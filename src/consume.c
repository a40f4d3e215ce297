/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The consumer loop.
 *
 * Invariants: a buffer is read only after the switch program flipped it
 * inactive on its own CPU, and it is read whole before the next switch of
 * that CPU can make it active again (the consumer is the only one who
 * switches). Records are validated before use: the kernel is trusted, but
 * a bad header must end with a message, not a wild read.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/types.h>

#include "abi/buf.h"
#include "abi/fault.h"
#include "abi/spec.h"
#include "consume.h"
#include "temporal.h"
#include "diag.h"

/* A busy switch means a record is in flight: retry for up to this long. */
#define SWITCH_RETRY_NS (200ULL * 1000 * 1000)
#define SWITCH_RETRY_SLEEP_NS (20ULL * 1000)

/*
 * Early switch (switch policy): how often the consumer looks at each CPU's
 * active buffer. Idle, every POLL_MAX_NS, or sooner for small buffers: as
 * often as a CPU writing POLL_RATE bytes per second (64 bytes a
 * microsecond, faster than any clause records) needs to fill half of one,
 * but not more often than every POLL_IDLE_MIN_NS. A CPU whose buffer grew
 * is looked at again when it would pass half at the rate it grew, but not
 * sooner than POLL_MIN_NS. A look that falls due within POLL_MIN_NS of
 * another wake-up (statusrate) is made then: one wake-up for both.
 */
#define POLL_MAX_NS (10ULL * 1000 * 1000)
#define POLL_IDLE_MIN_NS (1000ULL * 1000)
#define POLL_MIN_NS (100ULL * 1000)
#define POLL_RATE (64ULL * 1000 * 1000)

int consume_init(struct consumer *c, struct tracer *tr, const struct enabling *en,
		 const struct opts *o, struct printer *pr, FILE *msg)
{
	memset(c, 0, sizeof(*c));
	c->tr = tr;
	c->en = en;
	c->o = o;
	c->pr = pr;
	c->msg = msg;
	c->drops_seen = calloc((size_t)tr->ncpus, sizeof(*c->drops_seen));
	c->errors_seen = calloc((size_t)tr->ncpus, sizeof(*c->errors_seen));
	c->dyn_seen = calloc((size_t)tr->ncpus, sizeof(*c->dyn_seen));
	c->agg_seen = calloc((size_t)tr->ncpus, sizeof(*c->agg_seen));
	c->offline = calloc((size_t)tr->ncpus, 1);
	c->poll_off = calloc((size_t)tr->ncpus, sizeof(*c->poll_off));
	c->poll_ns = calloc((size_t)tr->ncpus, sizeof(*c->poll_ns));
	if (!c->drops_seen || !c->errors_seen || !c->dyn_seen || !c->agg_seen || !c->offline ||
	    !c->poll_off || !c->poll_ns || (o->temporal && temporal_init(&c->tm, tr->ncpus))) {
		consume_fini(c);
		return -ENOMEM;
	}
	c->tsz = o->temporal ? SPT_REC_TS : 0;
	return 0;
}

void consume_fini(struct consumer *c)
{
	free(c->drops_seen);
	free(c->errors_seen);
	free(c->dyn_seen);
	free(c->agg_seen);
	free(c->offline);
	temporal_fini(&c->tm);
	free(c->poll_off);
	free(c->poll_ns);
	c->poll_off = NULL;
	c->poll_ns = NULL;
	c->drops_seen = NULL;
	c->errors_seen = NULL;
	c->dyn_seen = NULL;
	c->agg_seen = NULL;
	c->offline = NULL;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000ULL),
			       .tv_nsec = (long)(ns % 1000000000ULL) };

	nanosleep(&ts, NULL);
}

/*
 * The main loop's sleep: NS, or less when a seized process stops. SIGCHLD
 * is blocked while proc_woken is looked at and let in only inside ppoll(),
 * so a stop just before the sleep cannot leave it waiting the whole time.
 */
static void sleep_woken(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000ULL),
			       .tv_nsec = (long)(ns % 1000000000ULL) };
	sigset_t chld, old, in;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &chld, &old)) {
		sleep_ns(ns);
		return;
	}
	in = old;
	sigdelset(&in, SIGCHLD);
	if (!proc_woken)
		ppoll(NULL, 0, &ts, &in);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

static int switch_cpu(struct consumer *c, int cpu)
{
	uint64_t waited = 0;
	int ret;

	for (;;) {
		ret = load_switch(c->tr, cpu);
		if (ret != SPT_SWITCH_BUSY)
			return ret;
		if (waited >= SWITCH_RETRY_NS)
			return -EBUSY;
		sleep_ns(SWITCH_RETRY_SLEEP_NS);
		waited += SWITCH_RETRY_SLEEP_NS;
	}
}

/* dtrace-utils' name of a fault (dt_error.c's table). */
static const char *fault_name(uint32_t fault)
{
	switch (fault) {
	case SPT_FLT_BADADDR:
		return "invalid address";
	case SPT_FLT_BADALIGN:
		return "invalid alignment";
	case SPT_FLT_ILLOP:
		return "illegal operation";
	case SPT_FLT_DIVZERO:
		return "divide-by-zero";
	case SPT_FLT_NOSCRATCH:
		return "out of scratch space";
	case SPT_FLT_KPRIV:
		return "invalid kernel access";
	case SPT_FLT_UPRIV:
		return "invalid user access";
	case SPT_FLT_TUPOFLOW:
		return "tuple stack overflow";
	case SPT_FLT_BADSTACK:
		return "bad stack";
	case SPT_FLT_BADSIZE:
		return "invalid size";
	case SPT_FLT_BADINDEX:
		return "index out of bounds";
	}
	return "unknown fault";
}

/*
 * The fault and its value as dtrace-utils prints them: " (0x...)" after
 * an address (none for -1), an alignment, a stack or a size, " (N)" after
 * an index, nothing after the others.
 */
static const char *fault_text(uint32_t fault, uint64_t value, char *buf, size_t len)
{
	const char *name = fault_name(fault);

	switch (fault) {
	case SPT_FLT_BADADDR:
		if (value == UINT64_MAX)
			return name;
		/* fall through */
	case SPT_FLT_BADALIGN:
	case SPT_FLT_BADSTACK:
	case SPT_FLT_BADSIZE:
		snprintf(buf, len, "%s (0x%llx)", name, (unsigned long long)value);
		return buf;
	case SPT_FLT_BADINDEX:
		snprintf(buf, len, "%s (%lld)", name, (long long)value);
		return buf;
	}
	return name;
}

/*
 * dtrace's message for a fault record, in the order of the records, and
 * the fault to the output sink. dtrace-utils' form: the clause is named
 * by its statement number (dt_clause_N: one per clause and probe
 * description, counted over all programs); " at BPF pc N" is left out,
 * as dtrace-utils does when the offset is unknown: the clause runs in
 * spectrace's VM, not as a BPF program of its own.
 */
static void report_fault(struct consumer *c, int cpu, const struct spt_fault_rec *f)
{
	const struct enab_ecb *ecb = enab_lookup(c->en, f->epid);
	const struct probe *p = ecb ? ecb->probe : NULL;
	char ftext[64];
	struct print_fault pf = {
		.cpu = cpu,
		.epid = f->epid,
		.probe = p,
		.action = f->action,
		.offset = f->offset,
		.fault = f->fault,
		.value = f->value,
		.text = fault_text(f->fault, f->value, ftext, sizeof(ftext)),
	};

	print_fault(c->pr, &pf);
	/* Keep the output's records before the message that follows them. */
	fflush(c->pr->out);
	if (!ecb) {
		fprintf(c->msg, "%s: error for unknown enabled probe ID %u: %s\n", spt_progname,
			f->epid, pf.text);
		return;
	}
	fprintf(c->msg, "%s: error in dt_clause_%u for probe ID %u (%s:%s:%s:%s): %s\n",
		spt_progname, ecb->stmt, p->id, p->prov, p->mod, p->func, p->name, pf.text);
}

/*
 * Hand one record to the printer. R has LEFT bytes after it in its buffer
 * (OFF is where, for messages); returns its size, or -EPROTO.
 */
static int64_t consume_record(struct consumer *c, int cpu, const struct spt_rec *r, uint64_t left,
			      uint64_t off)
{
	const struct enab_ecb *ecb;

	if (left >= sizeof(struct spt_fault_rec) + c->tsz && r->epid == SPT_EPID_FAULT &&
	    r->size == sizeof(struct spt_fault_rec) + c->tsz) {
		report_fault(c, cpu, (const struct spt_fault_rec *)r);
		return r->size;
	}
	if (left < sizeof(*r) || r->size < sizeof(*r) + c->tsz || r->size % 8 || r->size > left ||
	    !(ecb = enab_lookup(c->en, r->epid))) {
		fprintf(c->msg,
			"%s: malformed record at offset %llu of CPU %d's buffer (epid %u, size %u)\n",
			spt_progname, (unsigned long long)off, cpu, r->epid, r->size);
		return -EPROTO;
	}
	/* A second signal: dtrace stops printing what is left. */
	if (c->stop && *c->stop >= 2) {
		c->records++;
		return r->size;
	}
	if (c->img && ecb->clause < c->img->nclauses && c->img->clauses[ecb->clause].nacts) {
		const struct img_clause *cl = &c->img->clauses[ecb->clause];

		if (r->size != cl->recsize + c->tsz) {
			fprintf(c->msg,
				"%s: record of epid %u on CPU %d has %u bytes, expected %u\n",
				spt_progname, r->epid, cpu, r->size, cl->recsize + c->tsz);
			return -EPROTO;
		}
		print_record(c->pr, cpu, r->epid, ecb->probe, cl, (const uint8_t *)r);
	} else {
		print_default(c->pr, cpu, r->epid, ecb->probe);
	}
	c->records++;
	return r->size;
}

static int walk(struct consumer *c, int cpu, const uint8_t *buf, uint64_t off, uint64_t len)
{
	while (off < len) {
		int64_t n =
			consume_record(c, cpu, (const struct spt_rec *)(buf + off), len - off, off);

		if (n < 0)
			return (int)n;
		off += (uint64_t)n;
	}
	return 0;
}

/* The temporal merge hands out records one at a time, already checked whole. */
static int merged_record(void *ctx, int cpu, const uint8_t *rec)
{
	const struct spt_rec *r = (const struct spt_rec *)rec;
	int64_t n = consume_record(ctx, cpu, r, r->size, 0);

	return n < 0 ? (int)n : 0;
}

/* -x droptags: dtrace's tag of each kind of drop before its count. */
static const char *drop_tag(const struct consumer *c, const char *tag, char *buf, size_t len)
{
	if (!c->o->droptags)
		return "";
	snprintf(buf, len, "[DTRACEDROP_%s] ", tag);
	return buf;
}

/*
 * A counter grew by N: dtrace's message, "N WHAT" with the plural "s"
 * when N > 1, then SUFFIX (" on CPU C" for the per-CPU kinds).
 */
static void drop_msg(struct consumer *c, const char *tag, uint64_t n, const char *what,
		     const char *suffix)
{
	char tb[40];

	fprintf(c->msg, "%s: %s%llu %s%s%s\n", spt_progname, drop_tag(c, tag, tb, sizeof(tb)),
		(unsigned long long)n, what, n > 1 ? "s" : "", suffix);
}

/*
 * Report the growth of a per-CPU counter since the last pass, as dtrace
 * does ("N drops on CPU C"), on stderr and to the output sink.
 */
static uint64_t report_delta(struct consumer *c, int cpu, uint64_t now, uint64_t *seen,
			     enum print_count kind, const char *tag, const char *what)
{
	uint64_t n = now - *seen;
	char on[32];

	if (n) {
		*seen = now;
		snprintf(on, sizeof(on), " on CPU %d", cpu);
		drop_msg(c, tag, n, what, on);
		print_count(c->pr, kind, cpu, n);
	}
	return n;
}

/*
 * A CPU's counters after its buffer was read: principal and aggregation
 * drops are reported per CPU; faults only to the output sink (dtrace
 * reports each fault, not a count); dynamic variable drops, which dtrace
 * reports for all CPUs together, wait for the end of the pass.
 */
static void report_drops(struct consumer *c, int cpu)
{
	const struct spt_cpu *st = load_cpu_state(c->tr, cpu);
	uint64_t n;

	c->drops += report_delta(c, cpu, st->drops, &c->drops_seen[cpu], PRINT_CNT_DROP,
				 "PRINCIPAL", "drop");
	n = st->errors - c->errors_seen[cpu];
	if (n) {
		c->errors_seen[cpu] = st->errors;
		print_count(c->pr, PRINT_CNT_ERROR, cpu, n);
	}
	c->dyn_pending += st->dyndrops - c->dyn_seen[cpu];
	c->dyn_seen[cpu] = st->dyndrops;
	report_delta(c, cpu, st->aggdrops, &c->agg_seen[cpu], PRINT_CNT_AGGDROP, "AGGREGATION",
		     "aggregation drop");
}

/*
 * The counters of all CPUs, in the order of dtrace's table: dynamic
 * variable drops, speculative drops, failed speculations (busy, then
 * unavailable), none with a CPU.
 */
static void report_status(struct consumer *c)
{
	struct spt_spec_stats st;
	uint64_t n;

	if (c->dyn_pending) {
		drop_msg(c, "DYNAMIC", c->dyn_pending, "dynamic variable drop", "");
		print_count(c->pr, PRINT_CNT_DYNDROP, -1, c->dyn_pending);
		c->dyn_pending = 0;
	}
	if (!c->tr->nspec)
		return;
	load_spec_stats(c->tr, &st);
	n = st.drops - c->spec_seen[2];
	if (n) {
		drop_msg(c, "SPEC", n, "speculative drop", "");
		print_count(c->pr, PRINT_CNT_SPECDROP, -1, n);
	}
	n = st.busy - c->spec_seen[1];
	if (n) {
		drop_msg(c, "SPECBUSY", n, "failed speculation",
			 " (available buffer(s) still busy)");
		print_count(c->pr, PRINT_CNT_SPEC_BUSY, -1, n);
	}
	n = st.unavail - c->spec_seen[0];
	if (n) {
		drop_msg(c, "SPECUNAVAIL", n, "failed speculation",
			 " (no speculative buffer available)");
		print_count(c->pr, PRINT_CNT_SPEC_UNAVAIL, -1, n);
	}
	c->spec_seen[0] = st.unavail;
	c->spec_seen[1] = st.busy;
	c->spec_seen[2] = st.drops;
}

void consume_clean(struct consumer *c)
{
	uint32_t ids[SPT_NSPEC_MAX], ws[SPT_NSPEC_MAX], id, n = 0;
	int cpu;

	for (id = 1; id <= c->tr->nspec; id++) {
		uint32_t w = load_slot_state(c->tr, id);

		if ((w & 0xff) == SPT_SPEC_COMMITTING || (w & 0xff) == SPT_SPEC_DISCARDING) {
			ids[n] = id;
			ws[n++] = w;
		}
	}
	if (!n)
		return;
	for (cpu = 0; cpu < c->tr->ncpus; cpu++) {
		uint64_t waited = 0;
		int r;

		if (c->offline[cpu])
			continue;
		while ((r = load_spec_clean(c->tr, cpu)) == SPT_SWITCH_BUSY &&
		       waited < SWITCH_RETRY_NS) {
			sleep_ns(SWITCH_RETRY_SLEEP_NS);
			waited += SWITCH_RETRY_SLEEP_NS;
		}
		/* A CPU that stayed busy (or went away) keeps the slots for the next sweep. */
		if (r == SPT_SWITCH_BUSY)
			return;
	}
	while (n--)
		load_slot_free(c->tr, ids[n], ws[n]);
}

/*
 * -x temporal: print the records of this pass's snapshots (and those kept
 * from earlier passes) in timestamp order, up to the oldest of the CPUs'
 * last switch times: a record older than that was written before its
 * CPU's switch and so is in hand, on every CPU, while a younger one may
 * still be followed by an older one from a CPU switched later (it waits
 * for the next pass). Once tracing stopped (the gate closed, every CPU
 * switched after it), everything goes out.
 */
static int merge(struct consumer *c)
{
	uint64_t bound = UINT64_MAX;
	int cpu, ret;

	for (cpu = 0; cpu < c->tr->ncpus; cpu++) {
		uint64_t t = load_switched_at(c->tr, cpu);

		if (!c->offline[cpu] && t < bound)
			bound = t;
		/* one pass over every CPU's records: -F's indents start again */
		print_flow_reset(c->pr, cpu);
	}
	ret = temporal_run(&c->tm, bound, c->stopping, merged_record, c);
	if (ret == -EPROTO && c->tm.bad_cpu >= 0)
		fprintf(c->msg, "%s: malformed record at offset %llu of CPU %d's records\n",
			spt_progname, (unsigned long long)c->tm.bad_off, c->tm.bad_cpu);
	else if (ret == -ENOMEM)
		fprintf(c->msg, "%s: out of memory keeping records for the temporal order\n",
			spt_progname);
	return ret;
}

/*
 * Switch CPU's buffers and print the one that became inactive, report its
 * counters; under -x temporal hand it to the merge instead (the caller
 * merges before the buffer can be switched again). Returns 0, -EPROTO for
 * a malformed buffer (tracing goes on) or another -errno when it cannot.
 */
static int drain_cpu(struct consumer *c, int cpu)
{
	const struct spt_cpu *st;
	const uint8_t *buf;
	int idx, r;

	r = switch_cpu(c, cpu);
	if (r == -ENXIO) {
		c->offline[cpu] = 1;
		return 0;
	}
	if (r == -EBUSY) {
		/* Still in flight after the retry period: next time. */
		return 0;
	}
	if (r < 0) {
		fprintf(c->msg, "%s: cannot switch buffers on CPU %d: %s\n", spt_progname, cpu,
			strerror(-r));
		return r;
	}
	/* The new active buffer started empty. */
	c->poll_off[cpu] = 0;
	c->poll_ns[cpu] = now_ns();
	st = load_cpu_state(c->tr, cpu);
	idx = (int)(__atomic_load_n(&st->active, __ATOMIC_ACQUIRE) & 1) ^ 1;
	buf = load_buffer(c->tr, cpu, idx);
	if (c->o->temporal) {
		/* The buffer is read in the merge, before its next switch. */
		if (c->o->bufpolicy == OPT_BUF_RING && st->r_wrapped) {
			r = temporal_add(&c->tm, cpu, buf + st->r_tail, st->r_lap_end - st->r_tail);
			if (!r)
				r = temporal_add(&c->tm, cpu, buf, st->off[idx]);
		} else {
			uint64_t from = c->o->bufpolicy == OPT_BUF_RING ? st->r_tail : 0;

			r = temporal_add(&c->tm, cpu, buf + from, st->off[idx] - from);
		}
		return r;
	}
	print_flow_reset(c->pr, cpu);
	if (c->o->bufpolicy == OPT_BUF_RING && st->r_wrapped) {
		/* Oldest first: the rest of the last lap, then the current one. */
		r = walk(c, cpu, buf, st->r_tail, st->r_lap_end);
		if (!r)
			r = walk(c, cpu, buf, 0, st->off[idx]);
	} else {
		r = walk(c, cpu, buf, c->o->bufpolicy == OPT_BUF_RING ? st->r_tail : 0,
			 st->off[idx]);
	}
	report_drops(c, cpu);
	return r;
}

int consume_flush_output(struct consumer *c)
{
	errno = 0;
	if ((fflush(c->pr->out) || ferror(c->pr->out)) && !c->write_err)
		c->write_err = errno ? errno : EIO;
	return -c->write_err;
}

/*
 * After a pass: messages and output to their readers. Output that cannot
 * be written ends tracing: -errno, kept in write_err (EPIPE: nobody reads).
 */
static int pass_flush(struct consumer *c, int ret)
{
	int w;

	report_status(c);
	ktr_echo(&c->tr->ktr, c->msg);
	fflush(c->msg);
	w = consume_flush_output(c);
	return ret ? ret : w;
}

int consume_pass(struct consumer *c)
{
	int cpu, ret = 0;

	for (cpu = 0; cpu < c->tr->ncpus; cpu++) {
		int r;

		if (c->offline[cpu])
			continue;
		r = drain_cpu(c, cpu);
		if (r && r != -EPROTO)
			return r;
		if (r && !ret)
			ret = r;
	}
	if (c->o->temporal) {
		int r = ret ? ret : merge(c);

		if (r && !ret)
			ret = r;
		for (cpu = 0; cpu < c->tr->ncpus; cpu++)
			if (!c->offline[cpu])
				report_drops(c, cpu);
	}
	return pass_flush(c, ret);
}

uint64_t consume_poll_max(uint64_t bufsize)
{
	uint64_t t = bufsize / 2 * 1000 / (POLL_RATE / 1000000);

	return t > POLL_MAX_NS ? POLL_MAX_NS : t < POLL_IDLE_MIN_NS ? POLL_IDLE_MIN_NS : t;
}

/*
 * Early switch: drain every CPU whose active buffer is more than half full
 * (its offset read from the mmapped per-CPU state; only the consumer
 * switches, so it only grows between two looks). Returns 0 or -errno as
 * consume_pass, and in *WAIT when to look again: the idle interval, or
 * sooner for a CPU that will pass half before then at the rate it grew
 * since the last look.
 */
static int consume_poll(struct consumer *c, uint64_t *wait)
{
	uint64_t half = c->o->bufsize / 2, w = consume_poll_max(c->o->bufsize);
	int cpu, ret = 0, drained = 0;

	for (cpu = 0; cpu < c->tr->ncpus; cpu++) {
		const struct spt_cpu *st = load_cpu_state(c->tr, cpu);
		uint64_t off, now, grew, dt;
		uint32_t act;

		if (c->offline[cpu])
			continue;
		act = __atomic_load_n(&st->active, __ATOMIC_ACQUIRE) & 1;
		off = __atomic_load_n(&st->off[act], __ATOMIC_RELAXED);
		now = now_ns();
		if (off > half) {
			int r = drain_cpu(c, cpu);

			drained = 1;
			if (r && r != -EPROTO)
				return r;
			if (r && !ret)
				ret = r;
			/* It may fill as fast again: look soon. */
			w = POLL_MIN_NS;
			continue;
		}
		grew = off > c->poll_off[cpu] ? off - c->poll_off[cpu] : 0;
		dt = now - c->poll_ns[cpu];
		if (grew && dt) {
			/* (half - off) bytes to go at grew / dt bytes per ns */
			double t = (double)(half - off) * (double)dt / (double)grew;

			if (t < (double)w)
				w = t < (double)POLL_MIN_NS ? POLL_MIN_NS : (uint64_t)t;
		}
		c->poll_off[cpu] = off;
		c->poll_ns[cpu] = now;
	}
	*wait = w;
	return drained ? pass_flush(c, ret) : ret;
}

/*
 * The gate is closed: drain what the other clauses recorded, then fire END
 * and drain its records, so END's output comes last as in dtrace.
 */
static int consume_end(struct consumer *c)
{
	int ret;

	/* What was committed on one CPU reaches the others' buffers first. */
	consume_clean(c);
	/* Nothing older than what the passes hold can come: merge it all. */
	c->stopping = 1;
	ret = consume_pass(c);

	if (ret)
		return ret;
	ret = load_dtrace_probe(c->tr, SPT_DTRACE_END, sched_getcpu());
	if (ret)
		fprintf(c->msg, "%s: cannot fire END: %s\n", spt_progname, strerror(-ret));
	consume_clean(c);
	ret = consume_pass(c);
	/* Nothing committed may stay behind: say so if a CPU never let the cleaner in. */
	for (uint32_t id = 1; id <= c->tr->nspec; id++) {
		uint32_t w = load_slot_state(c->tr, id) & 0xff;

		if (w == SPT_SPEC_COMMITTING || w == SPT_SPEC_DISCARDING)
			fprintf(c->msg, "%s: speculation %u still %s at exit\n", spt_progname, id,
				w == SPT_SPEC_COMMITTING ? "committing" : "discarding");
	}
	return ret;
}

int consume_begin(struct consumer *c)
{
	int ret = load_dtrace_probe(c->tr, SPT_DTRACE_BEGIN, sched_getcpu());

	if (ret) {
		fprintf(c->msg, "%s: cannot fire BEGIN: %s\n", spt_progname, strerror(-ret));
		return ret;
	}
	c->exited = load_exited(c->tr, &c->exit_status);
	/* ring: BEGIN's records stay in the ring like any others. */
	if (c->o->bufpolicy == OPT_BUF_RING)
		return 0;
	/* BEGIN's output comes before anything the other probes record. */
	return consume_pass(c);
}

static uint64_t earliest(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/*
 * A rate of 0 (DTrace: "at every look") is taken as once a millisecond, so
 * the loop still sleeps between looks.
 */
#define RATE_ZERO_NS 1000000ULL

static uint64_t every(uint64_t ns)
{
	return ns ? ns : RATE_ZERO_NS;
}

int consume_run(struct consumer *c, volatile sig_atomic_t *stop)
{
	uint64_t now = now_ns(), poll_wait = consume_poll_max(c->o->bufsize);
	uint64_t next_status = now + every(c->o->statusrate_ns),
		 next_pass = now + every(c->o->switchrate_ns);
	uint64_t next_clean = now + every(c->o->cleanrate_ns), next_poll = now + poll_wait, due;
	int ret = 0, cpu;

	c->stop = stop;
	for (cpu = 0; cpu < c->tr->ncpus; cpu++)
		c->poll_ns[cpu] = now;
	while (!*stop && !c->exited) {
		uint64_t wake = next_status;

		if (c->o->bufpolicy == OPT_BUF_SWITCH)
			wake = earliest(wake, earliest(next_pass, next_poll));
		if (c->tr->nspec)
			wake = earliest(wake, next_clean);
		now = now_ns();
		if (wake > now)
			sleep_woken(wake - now);
		/* What falls due within POLL_MIN_NS is done now: one wake-up for both. */
		now = now_ns();
		due = now + POLL_MIN_NS;
		if (c->tr->nspec && due >= next_clean) {
			next_clean = now + every(c->o->cleanrate_ns);
			consume_clean(c);
		}
		/*
		 * A seized process stopped (at a fork, at its exit, at a
		 * signal): it waits for us, so it is seen to at once.
		 */
		if (proc_woken && c->procs && c->procs->n && proc_poll(c->procs) == 0) {
			c->procs_gone = 1;
			break;
		}
		if (due >= next_status) {
			next_status = now + every(c->o->statusrate_ns);
			load_upids(c->tr);
			c->exited = load_exited(c->tr, &c->exit_status);
			if (c->exited)
				break;
			/* Tracing ends when the last one has exited. */
			if (c->procs && c->procs->n && proc_poll(c->procs) == 0) {
				c->procs_gone = 1;
				break;
			}
			/* fill: one buffer per CPU, read once tracing stopped. */
			if (c->o->bufpolicy == OPT_BUF_FILL && load_filled(c->tr))
				break;
		}
		/* fill and ring: nothing is read until tracing stops. */
		if (c->o->bufpolicy != OPT_BUF_SWITCH)
			continue;
		/*
		 * The early-switch look is cheap: it is made at every wake-up,
		 * which keeps its deadline in step with statusrate's.
		 */
		if (due >= next_pass) {
			next_pass = now + every(c->o->switchrate_ns);
			next_poll = now + consume_poll_max(c->o->bufsize);
			ret = consume_pass(c);
		} else if (c->o->temporal) {
			/* the merge needs every CPU switched in one pass: no early switch */
			continue;
		} else {
			ret = consume_poll(c, &poll_wait);
			next_poll = now_ns() + poll_wait;
		}
		if (ret)
			break;
	}
	/*
	 * A signal ended tracing: dtrace writes a newline (quiet or not), to
	 * end the line the terminal echoed ^C on, before what is left.
	 */
	if (*stop && !c->testing)
		print_end_newline(c->pr);
	/*
	 * Closing the gate first makes the next switch on each CPU the last
	 * one that can catch a record: a probe marks itself busy before it
	 * reads the gate, and the switch waits for busy to clear.
	 */
	load_gate(c->tr, 0);
	if (!ret)
		ret = consume_end(c);
	return ret;
}
