/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * -x temporal: the records of all CPUs merged into one stream in
 * timestamp order. Each CPU's records are already in time order; the merge
 * takes the oldest head among the CPUs, up to a bound before which every
 * CPU's records are known to be complete, and keeps the younger ones (a
 * copy: their buffers are switched again before the next pass) for the
 * next pass.
 *
 * A record here is a struct spt_rec whose last 8 bytes are its timestamp
 * (SPT_REC_TS); the size in its header includes them.
 */
#ifndef SPT_TEMPORAL_H
#define SPT_TEMPORAL_H

#include <stddef.h>
#include <stdint.h>

#define TEMPORAL_MAX_SEGS 3 /* what was kept, then up to two parts of a ring */

struct temporal_seg {
	const uint8_t *p;
	uint64_t len;
};

/* One CPU's records not yet handed out, oldest first. */
struct temporal_stream {
	struct temporal_seg seg[TEMPORAL_MAX_SEGS];
	int nseg;
	int cur;       /* segment of the next record */
	uint64_t off;  /* its offset in that segment */
	uint64_t ts;   /* its timestamp, while the CPU is in the heap */
	uint8_t *kept; /* records held from an earlier pass (owned) */
	size_t kept_cap;
};

struct temporal {
	struct temporal_stream *s; /* one per CPU */
	int n;
	int *heap; /* CPUs with a record, oldest head first */
	int nheap;
	int bad_cpu;	  /* after -EPROTO: where the malformed record is */
	uint64_t bad_off; /* its offset among that CPU's records of the pass */
};

/* Called for each record in merged order; a non-zero return stops the merge. */
typedef int (*temporal_fn)(void *ctx, int cpu, const uint8_t *rec);

int temporal_init(struct temporal *t, int ncpus);
void temporal_fini(struct temporal *t);

/*
 * Records of CPU that follow those it already has: LEN bytes of whole
 * records at P, which must stay valid until the next temporal_run().
 */
int temporal_add(struct temporal *t, int cpu, const uint8_t *p, uint64_t len);

/*
 * Hand every record older than BOUND (all of them when ALL is set) to FN
 * in timestamp order, ties in CPU order, each CPU's own order kept; copy
 * the rest so the segments added may be reused. Returns 0, FN's non-zero
 * value, -EPROTO for a malformed record (bad_cpu, bad_off say where) or
 * -ENOMEM.
 */
int temporal_run(struct temporal *t, uint64_t bound, int all, temporal_fn fn, void *ctx);

/* Bytes of records held for the next pass, over all CPUs. */
uint64_t temporal_held(const struct temporal *t);

#endif /* SPT_TEMPORAL_H */
