/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <criterion/criterion.h>

#include "abi/buf.h"
#include "temporal.h"

/*
 * Records as the kernel writes them under -x temporal: header, data (the
 * epid again, as a check, and padding), timestamp last.
 */
struct out {
	int cpu;
	uint32_t epid;
	uint64_t ts;
};

static struct out got[4096];
static int ngot;
static int stop_at = -1;

static int collect(void *ctx, int cpu, const uint8_t *rec)
{
	const struct spt_rec *r = (const struct spt_rec *)rec;
	uint32_t check;

	(void)ctx;
	if (ngot == stop_at)
		return -EPIPE;
	cr_assert_lt(ngot, 4096);
	memcpy(&check, rec + sizeof(*r), sizeof(check));
	cr_assert_eq(check, r->epid, "the record's data comes with its header");
	got[ngot].cpu = cpu;
	got[ngot].epid = r->epid;
	memcpy(&got[ngot].ts, rec + r->size - SPT_REC_TS, sizeof(uint64_t));
	ngot++;
	return 0;
}

/* Append a record of SIZE bytes, at least 24. */
static size_t put(uint8_t *buf, size_t off, uint32_t epid, uint32_t size, uint64_t ts)
{
	struct spt_rec h = { .epid = epid, .size = size };

	memset(buf + off, 0xa5, size);
	memcpy(buf + off, &h, sizeof(h));
	memcpy(buf + off + sizeof(h), &epid, sizeof(epid));
	memcpy(buf + off + size - SPT_REC_TS, &ts, sizeof(ts));
	return off + size;
}

/* A buffer of N records with these timestamps, epids BASE, BASE+1, ... */
static size_t fill(uint8_t *buf, const uint64_t *ts, int n, uint32_t base)
{
	size_t off = 0;
	int i;

	for (i = 0; i < n; i++)
		off = put(buf, off, base + (uint32_t)i, i % 2 ? 32 : 24, ts[i]);
	return off;
}

static void reset(void)
{
	ngot = 0;
	stop_at = -1;
}

static void expect(const int *cpu, const uint64_t *ts, int n)
{
	int i;

	cr_assert_eq(ngot, n, "%d records handed out, want %d", ngot, n);
	for (i = 0; i < n; i++) {
		cr_assert_eq(got[i].cpu, cpu[i], "record %d: cpu %d, want %d", i, got[i].cpu,
			     cpu[i]);
		cr_assert_eq(got[i].ts, ts[i], "record %d: ts %llu, want %llu", i,
			     (unsigned long long)got[i].ts, (unsigned long long)ts[i]);
	}
}

Test(temporal, merges_cpus_by_timestamp)
{
	static const uint64_t t0[] = { 1, 4, 7 }, t1[] = { 2, 3, 9 };
	static const int wcpu[] = { 0, 1, 1, 0, 0, 1 };
	static const uint64_t wts[] = { 1, 2, 3, 4, 7, 9 };
	uint8_t b0[256], b1[256];
	struct temporal t;

	reset();
	cr_assert_eq(temporal_init(&t, 3), 0);
	cr_assert_eq(temporal_add(&t, 0, b0, fill(b0, t0, 3, 100)), 0);
	cr_assert_eq(temporal_add(&t, 1, b1, fill(b1, t1, 3, 200)), 0);
	cr_assert_eq(temporal_run(&t, 0, 1, collect, NULL), 0);
	expect(wcpu, wts, 6);
	cr_assert_eq(got[0].epid, 100);
	cr_assert_eq(got[1].epid, 200);
	cr_assert_eq(got[5].epid, 202);
	cr_assert_eq(temporal_held(&t), 0);
	temporal_fini(&t);
}

Test(temporal, ties_keep_cpu_then_stream_order)
{
	static const uint64_t t0[] = { 5, 5 }, t1[] = { 5 }, t2[] = { 4, 5 };
	static const int wcpu[] = { 2, 0, 0, 1, 2 };
	static const uint64_t wts[] = { 4, 5, 5, 5, 5 };
	uint8_t b0[128], b1[128], b2[128];
	struct temporal t;

	reset();
	cr_assert_eq(temporal_init(&t, 3), 0);
	temporal_add(&t, 0, b0, fill(b0, t0, 2, 10));
	temporal_add(&t, 1, b1, fill(b1, t1, 1, 20));
	temporal_add(&t, 2, b2, fill(b2, t2, 2, 30));
	cr_assert_eq(temporal_run(&t, 0, 1, collect, NULL), 0);
	expect(wcpu, wts, 5);
	cr_assert_eq(got[1].epid, 10);
	cr_assert_eq(got[2].epid, 11);
	temporal_fini(&t);
}

/*
 * Records at or after the bound wait for the next pass, in a copy: the
 * buffers they were in are reused (switched) before that pass.
 */
Test(temporal, bound_keeps_younger_records_for_the_next_pass)
{
	static const uint64_t t0[] = { 1, 5, 9 }, t1[] = { 2, 6 };
	static const uint64_t n0[] = { 10 }, n1[] = { 7 };
	static const int wcpu1[] = { 0, 1, 0 }, wcpu2[] = { 1, 1, 0, 0 };
	static const uint64_t wts1[] = { 1, 2, 5 }, wts2[] = { 6, 7, 9, 10 };
	uint8_t b0[256], b1[256];
	struct temporal t;
	size_t l0, l1;

	reset();
	cr_assert_eq(temporal_init(&t, 2), 0);
	l0 = fill(b0, t0, 3, 100);
	l1 = fill(b1, t1, 2, 200);
	temporal_add(&t, 0, b0, l0);
	temporal_add(&t, 1, b1, l1);
	cr_assert_eq(temporal_run(&t, 6, 0, collect, NULL), 0);
	expect(wcpu1, wts1, 3);
	/* cpu 0's 9 (a 24-byte record) and cpu 1's 6 (32 bytes) are kept. */
	cr_assert_eq(temporal_held(&t), 24 + 32);
	memset(b0, 0xee, sizeof(b0));
	memset(b1, 0xee, sizeof(b1));
	reset();
	temporal_add(&t, 0, b0, fill(b0, n0, 1, 300));
	temporal_add(&t, 1, b1, fill(b1, n1, 1, 400));
	cr_assert_eq(temporal_run(&t, 8, 0, collect, NULL), 0);
	cr_assert_eq(ngot, 2, "6 and 7 are older than the bound 8");
	cr_assert_eq(got[0].epid, 201, "the kept copy of cpu 1's second record");
	memset(b0, 0xee, sizeof(b0));
	memset(b1, 0xee, sizeof(b1));
	cr_assert_eq(temporal_run(&t, 0, 1, collect, NULL), 0);
	expect(wcpu2, wts2, 4);
	cr_assert_eq(got[2].epid, 102);
	cr_assert_eq(got[3].epid, 300);
	cr_assert_eq(temporal_held(&t), 0);
	temporal_fini(&t);
}

/* A ring's two parts are one CPU's records, oldest part first. */
Test(temporal, segments_of_one_cpu_in_order)
{
	static const uint64_t a[] = { 3, 6 }, b[] = { 8, 12 }, c[] = { 7, 9 };
	static const int wcpu[] = { 0, 0, 1, 0, 1, 0 };
	static const uint64_t wts[] = { 3, 6, 7, 8, 9, 12 };
	uint8_t ba[128], bb[128], bc[128];
	struct temporal t;

	reset();
	cr_assert_eq(temporal_init(&t, 2), 0);
	temporal_add(&t, 0, ba, fill(ba, a, 2, 1));
	temporal_add(&t, 0, bb, 0); /* an empty part is no segment */
	temporal_add(&t, 0, bb, fill(bb, b, 2, 3));
	temporal_add(&t, 1, bc, fill(bc, c, 2, 5));
	cr_assert_eq(temporal_run(&t, 0, 1, collect, NULL), 0);
	expect(wcpu, wts, 6);
	temporal_fini(&t);
}

Test(temporal, too_many_segments)
{
	uint8_t b[24];
	struct temporal t;
	static const uint64_t one[] = { 1 };

	cr_assert_eq(temporal_init(&t, 1), 0);
	fill(b, one, 1, 1);
	cr_assert_eq(temporal_add(&t, 0, b, 24), 0);
	cr_assert_eq(temporal_add(&t, 0, b, 24), 0);
	cr_assert_eq(temporal_add(&t, 0, b, 24), 0);
	cr_assert_eq(temporal_add(&t, 0, b, 24), -E2BIG);
	cr_assert_eq(temporal_add(&t, 1, b, 24), -EINVAL);
	temporal_fini(&t);
}

Test(temporal, malformed_record_is_reported_where_it_is)
{
	static const uint64_t t0[] = { 1, 2 };
	uint8_t b0[128], b1[64];
	struct temporal t;
	size_t l0;

	reset();
	cr_assert_eq(temporal_init(&t, 2), 0);
	l0 = fill(b0, t0, 2, 1);
	/* A record too short to hold a timestamp, after a good one. */
	memset(b1, 0, sizeof(b1));
	((struct spt_rec *)b1)->epid = 9;
	((struct spt_rec *)b1)->size = 8;
	temporal_add(&t, 0, b0, l0);
	temporal_add(&t, 1, b0, 24);
	temporal_add(&t, 1, b1, 16);
	cr_assert_eq(temporal_run(&t, 0, 1, collect, NULL), -EPROTO);
	cr_assert_eq(t.bad_cpu, 1);
	cr_assert_eq(t.bad_off, 24, "after the 24 bytes of its first segment");
	temporal_fini(&t);

	/* A size that runs past its segment. */
	reset();
	cr_assert_eq(temporal_init(&t, 1), 0);
	l0 = fill(b0, t0, 2, 1);
	temporal_add(&t, 0, b0, l0 - 8);
	cr_assert_eq(temporal_run(&t, 0, 1, collect, NULL), -EPROTO);
	cr_assert_eq(ngot, 1);
	cr_assert_eq(t.bad_off, 24);
	temporal_fini(&t);
}

Test(temporal, callback_error_stops_the_merge)
{
	static const uint64_t t0[] = { 1, 2, 3 };
	uint8_t b0[128];
	struct temporal t;

	reset();
	stop_at = 1;
	cr_assert_eq(temporal_init(&t, 1), 0);
	temporal_add(&t, 0, b0, fill(b0, t0, 3, 1));
	cr_assert_eq(temporal_run(&t, 0, 1, collect, NULL), -EPIPE);
	cr_assert_eq(ngot, 1);
	cr_assert_eq(t.bad_cpu, -1);
	temporal_fini(&t);
}

/*
 * 64 CPUs, passes with rising bounds: whatever the bounds, the records come
 * out exactly once, in timestamp order, each CPU's own order kept.
 */
Test(temporal, random_passes_give_one_sorted_stream)
{
	enum { NCPU = 64, PASSES = 8, PER = 6 };
	static uint8_t bufs[NCPU][PER * 32];
	uint64_t last_ts[NCPU], now = 0, seed = 12345, bound = 0;
	uint32_t next_epid[NCPU];
	struct temporal t;
	int cpu, pass, i, total = 0;

	reset();
	cr_assert_eq(temporal_init(&t, NCPU), 0);
	for (cpu = 0; cpu < NCPU; cpu++) {
		last_ts[cpu] = 0;
		next_epid[cpu] = (uint32_t)cpu * 1000;
	}
	for (pass = 0; pass < PASSES; pass++) {
		now += 1000;
		for (cpu = 0; cpu < NCPU; cpu++) {
			uint64_t ts[PER];
			int n;

			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			n = (int)((seed >> 33) % (PER + 1));
			for (i = 0; i < n; i++) {
				seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
				/*
				 * Each CPU's own records in order, none older than
				 * the last bound (what the bound promises), up to
				 * the pass's time.
				 */
				ts[i] = (last_ts[cpu] > bound ? last_ts[cpu] : bound) +
					(seed >> 33) % 200;
				if (ts[i] > now)
					ts[i] = now;
				last_ts[cpu] = ts[i];
			}
			temporal_add(&t, cpu, bufs[cpu], fill(bufs[cpu], ts, n, next_epid[cpu]));
			next_epid[cpu] += (uint32_t)n;
			total += n;
		}
		/* The bound: some time in this pass, never behind the last one. */
		bound = now - 300;
		cr_assert_eq(temporal_run(&t, bound, pass == PASSES - 1, collect, NULL), 0);
		for (cpu = 0; cpu < NCPU; cpu++)
			memset(bufs[cpu], 0xee, sizeof(bufs[cpu]));
	}
	cr_assert_eq(ngot, total);
	for (i = 1; i < ngot; i++) {
		cr_assert_geq(got[i].ts, got[i - 1].ts, "record %d out of order", i);
		if (got[i].ts == got[i - 1].ts)
			cr_assert_geq(got[i].cpu, got[i - 1].cpu, "ties in CPU order");
	}
	for (cpu = 0; cpu < NCPU; cpu++) {
		uint32_t want = (uint32_t)cpu * 1000;

		for (i = 0; i < ngot; i++)
			if (got[i].cpu == cpu)
				cr_assert_eq(got[i].epid, want++, "cpu %d's records once, in order",
					     cpu);
		cr_assert_eq(want, next_epid[cpu]);
	}
	cr_assert_eq(temporal_held(&t), 0);
	temporal_fini(&t);
}
