/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The temporal merge (-x temporal). A binary min-heap of the CPUs that
 * have a record, keyed by (timestamp of their oldest record, CPU): each
 * step hands out the root's record and moves that CPU down the heap, so a
 * pass costs O(records x log CPUs).
 *
 * Invariants: a stream's segments are whole records in time order; after
 * temporal_run() no segment points outside the stream's own copy. Records
 * are validated before their size or timestamp is used.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#include "abi/buf.h"
#include "temporal.h"

int temporal_init(struct temporal *t, int ncpus)
{
	memset(t, 0, sizeof(*t));
	t->s = calloc((size_t)ncpus, sizeof(*t->s));
	t->heap = calloc((size_t)ncpus, sizeof(*t->heap));
	if (!t->s || !t->heap) {
		temporal_fini(t);
		return -ENOMEM;
	}
	t->n = ncpus;
	return 0;
}

void temporal_fini(struct temporal *t)
{
	int i;

	for (i = 0; t->s && i < t->n; i++)
		free(t->s[i].kept);
	free(t->s);
	free(t->heap);
	t->s = NULL;
	t->heap = NULL;
	t->n = 0;
}

int temporal_add(struct temporal *t, int cpu, const uint8_t *p, uint64_t len)
{
	struct temporal_stream *s;

	if (cpu < 0 || cpu >= t->n)
		return -EINVAL;
	s = &t->s[cpu];
	if (!len)
		return 0;
	if (s->nseg == TEMPORAL_MAX_SEGS)
		return -E2BIG;
	s->seg[s->nseg].p = p;
	s->seg[s->nseg].len = len;
	s->nseg++;
	return 0;
}

/* Offset of the stream's next record among all its bytes, for messages. */
static uint64_t stream_pos(const struct temporal_stream *s)
{
	uint64_t pos = s->off;
	int i;

	for (i = 0; i < s->cur; i++)
		pos += s->seg[i].len;
	return pos;
}

/*
 * The stream's next record (and its timestamp in s->ts), NULL when it has
 * none; *BAD is set when the next record is malformed.
 */
static const uint8_t *stream_head(struct temporal_stream *s, int *bad)
{
	const struct spt_rec *r;
	uint64_t left;

	while (s->cur < s->nseg && s->off == s->seg[s->cur].len) {
		s->cur++;
		s->off = 0;
	}
	if (s->cur >= s->nseg)
		return NULL;
	left = s->seg[s->cur].len - s->off;
	r = (const struct spt_rec *)(s->seg[s->cur].p + s->off);
	if (left < sizeof(*r) + SPT_REC_TS || r->size < sizeof(*r) + SPT_REC_TS || r->size % 8 ||
	    r->size > left) {
		*bad = 1;
		return NULL;
	}
	memcpy(&s->ts, (const uint8_t *)r + r->size - SPT_REC_TS, sizeof(s->ts));
	return (const uint8_t *)r;
}

static int older(const struct temporal *t, int a, int b)
{
	return t->s[a].ts < t->s[b].ts || (t->s[a].ts == t->s[b].ts && a < b);
}

static void sift_down(struct temporal *t, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i, tmp;

		if (l < t->nheap && older(t, t->heap[l], t->heap[m]))
			m = l;
		if (r < t->nheap && older(t, t->heap[r], t->heap[m]))
			m = r;
		if (m == i)
			return;
		tmp = t->heap[i];
		t->heap[i] = t->heap[m];
		t->heap[m] = tmp;
		i = m;
	}
}

static void sift_up(struct temporal *t, int i)
{
	while (i > 0) {
		int parent = (i - 1) / 2, tmp;

		if (!older(t, t->heap[i], t->heap[parent]))
			return;
		tmp = t->heap[i];
		t->heap[i] = t->heap[parent];
		t->heap[parent] = tmp;
		i = parent;
	}
}

/* Copy what is left of the stream into its own storage, as one segment. */
static int stream_keep(struct temporal_stream *s)
{
	uint64_t total = 0, pos = 0;
	uint8_t *dst;
	int i;

	for (i = s->cur; i < s->nseg; i++)
		total += s->seg[i].len - (i == s->cur ? s->off : 0);
	dst = s->kept;
	if (total > s->kept_cap) {
		dst = malloc(total);
		if (!dst)
			return -ENOMEM;
	}
	/* The first piece may lie in s->kept itself: memmove. */
	for (i = s->cur; i < s->nseg; i++) {
		uint64_t from = i == s->cur ? s->off : 0;

		memmove(dst + pos, s->seg[i].p + from, s->seg[i].len - from);
		pos += s->seg[i].len - from;
	}
	if (dst != s->kept) {
		free(s->kept);
		s->kept = dst;
		s->kept_cap = total;
	}
	s->nseg = total ? 1 : 0;
	s->seg[0].p = s->kept;
	s->seg[0].len = total;
	s->cur = 0;
	s->off = 0;
	return 0;
}

static int bad_record(struct temporal *t, int cpu)
{
	t->bad_cpu = cpu;
	t->bad_off = stream_pos(&t->s[cpu]);
	return -EPROTO;
}

int temporal_run(struct temporal *t, uint64_t bound, int all, temporal_fn fn, void *ctx)
{
	int cpu, ret = 0, bad = 0;

	t->bad_cpu = -1;
	t->nheap = 0;
	for (cpu = 0; cpu < t->n; cpu++) {
		if (stream_head(&t->s[cpu], &bad)) {
			t->heap[t->nheap++] = cpu;
			sift_up(t, t->nheap - 1);
		} else if (bad) {
			return bad_record(t, cpu);
		}
	}
	while (t->nheap) {
		struct temporal_stream *s;
		const uint8_t *rec;

		cpu = t->heap[0];
		s = &t->s[cpu];
		if (!all && s->ts >= bound)
			break;
		rec = s->seg[s->cur].p + s->off;
		ret = fn(ctx, cpu, rec);
		if (ret)
			return ret;
		s->off += ((const struct spt_rec *)rec)->size;
		if (!stream_head(s, &bad)) {
			if (bad)
				return bad_record(t, cpu);
			t->heap[0] = t->heap[--t->nheap];
		}
		sift_down(t, 0);
	}
	for (cpu = 0; cpu < t->n; cpu++) {
		ret = stream_keep(&t->s[cpu]);
		if (ret)
			return ret;
	}
	return 0;
}

uint64_t temporal_held(const struct temporal *t)
{
	uint64_t sum = 0;
	int i, k;

	for (i = 0; i < t->n; i++)
		for (k = t->s[i].cur; k < t->s[i].nseg; k++)
			sum += t->s[i].seg[k].len - (k == t->s[i].cur ? t->s[i].off : 0);
	return sum;
}
