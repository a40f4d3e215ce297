/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Aggregations in the consumer (see agg.h): read, merged, sorted as
 * dtrace(1) sorts them and handed to the printer, which lays them out
 * (print_text.c, print_json.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <bpf/bpf.h>

#include "abi/agg.h"
#include "abi/isa.h"
#include "abi/limits.h"
#include "agg.h"
#include "print.h"
#include "stack.h"
#include "diag.h"

int agg_init(struct agg_state *s, const struct image *img, const struct agg_source *src,
	     const struct opts *o, FILE *msg)
{
	size_t i, n = img->naggs ? img->naggs : 1;

	memset(s, 0, sizeof(*s));
	s->img = img;
	s->src = *src;
	s->msg = msg;
	s->sort.bykey = o->aggsortkey;
	s->sort.rev = o->aggsortrev;
	s->sort.keypos = o->aggsortkeypos;
	s->sort.pos = o->aggsortpos;
	s->percpu = o->aggpercpu;
	s->normal = calloc(n, sizeof(*s->normal));
	s->printed = calloc(n, sizeof(*s->printed));
	s->seen = calloc(n, sizeof(*s->seen));
	if (!s->normal || !s->printed || !s->seen) {
		agg_fini(s);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		s->normal[i] = 1;
	return 0;
}

void agg_fini(struct agg_state *s)
{
	free(s->normal);
	free(s->printed);
	free(s->seen);
	s->normal = NULL;
	s->printed = NULL;
	s->seen = NULL;
}

void agg_snap_free(struct agg_snap *snap)
{
	size_t i;

	for (i = 0; i < snap->nmore; i++)
		agg_snap_free(&snap->more[i]);
	free(snap->more);
	snap->more = NULL;
	snap->nmore = 0;
	for (i = 0; i < snap->n; i++) {
		free(snap->t[i].key);
		free(snap->t[i].w);
		free(snap->t[i].pcw);
		free(snap->t[i].kkey);
	}
	free(snap->t);
	snap->t = NULL;
	snap->n = snap->cap = 0;
}

int agg_snap_add(struct agg_snap *snap, const uint8_t *key, const uint64_t *w)
{
	const struct img_agg *a = snap->agg;
	struct agg_tuple *t;

	if (snap->n == snap->cap) {
		size_t cap = snap->cap ? snap->cap * 2 : 16;
		struct agg_tuple *nt = realloc(snap->t, cap * sizeof(*nt));

		if (!nt)
			return -ENOMEM;
		snap->t = nt;
		snap->cap = cap;
	}
	t = &snap->t[snap->n];
	t->key = calloc(1, a->keysize);
	t->w = calloc(a->nwords, sizeof(uint64_t));
	if (!t->key || !t->w) {
		free(t->key);
		free(t->w);
		return -ENOMEM;
	}
	memcpy(t->key, key, a->keysize);
	memcpy(t->w, w, a->nwords * sizeof(uint64_t));
	t->pcw = NULL;
	t->kkey = NULL;
	t->nkkey = 0;
	snap->last = snap->n++;
	return 0;
}

void agg_merge(uint32_t func, uint64_t *dst, const uint64_t *src, uint32_t nwords)
{
	uint32_t i;

	if (!src[0])
		return;
	switch (func) {
	case SPT_AGG_MIN:
		if (!dst[0] || (int64_t)src[1] < (int64_t)dst[1])
			dst[1] = src[1];
		break;
	case SPT_AGG_MAX_:
		if (!dst[0] || (int64_t)src[1] > (int64_t)dst[1])
			dst[1] = src[1];
		break;
	case SPT_AGG_STDDEV:
		dst[1] += src[1];
		dst[2] += src[2];
		dst[3] += src[3] + (dst[2] < src[2]);
		break;
	default:
		/* count, sum, avg and the histograms' buckets simply add up. */
		for (i = 1; i < nwords; i++)
			dst[i] += src[i];
		break;
	}
	dst[0] += src[0];
}

static uint64_t isqrt128(unsigned __int128 v)
{
	uint64_t lo = 0, hi = UINT64_MAX;

	/* The largest r with r * r <= v. */
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2 + 1;

		if ((unsigned __int128)mid * mid <= v)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/*
 * sqrt(average of the squares - the square of the average), as dtrace-utils
 * computes it: the sum of the squares is divided by the normalisation
 * factor once (illumos: twice), so under normalize() it is not sigma/normal.
 */
static uint64_t stddev(const uint64_t *w, uint64_t normal)
{
	unsigned __int128 sq = (unsigned __int128)w[3] << 64 | w[2], avg2;
	int64_t avg;

	if (!w[0])
		return 0;
	sq = sq / normal / w[0];
	avg = (int64_t)w[1] / (int64_t)normal / (int64_t)w[0];
	if (avg < 0)
		avg = -avg;
	avg2 = (unsigned __int128)(uint64_t)avg * (uint64_t)avg;
	return sq > avg2 ? isqrt128(sq - avg2) : 0;
}

int64_t agg_value(const struct img_agg *a, const uint64_t *w, uint64_t normal)
{
	int64_t n = (int64_t)(normal ? normal : 1);

	switch (a->func) {
	case SPT_AGG_COUNT:
		return (int64_t)w[0] / n;
	case SPT_AGG_AVG:
		return w[0] ? (int64_t)w[1] / n / (int64_t)w[0] : 0;
	case SPT_AGG_STDDEV:
		return (int64_t)stddev(w, (uint64_t)n);
	case SPT_AGG_SUM:
	case SPT_AGG_MIN:
	case SPT_AGG_MAX_:
		return w[0] ? (int64_t)w[1] / n : 0;
	}
	return 0;
}

bool agg_is_hist(uint32_t func)
{
	return func == SPT_AGG_QUANTIZE || func == SPT_AGG_LQUANTIZE || func == SPT_AGG_LLQUANTIZE;
}

uint32_t agg_nbuckets(const struct img_agg *a)
{
	return a->nedges + 1;
}

/* llquantize's edges: see agg.h. */
uint32_t agg_llq_r(const struct img_agg *a)
{
	return (a->nedges - 2) / 2;
}

/* a_k, k = 1..R + 1 (a_{R+1} = F). */
int64_t agg_llq_pos(const struct agg_snap *snap, uint32_t k)
{
	return snap->edges[snap->agg->edge0 + agg_llq_r(snap->agg) + k];
}

/* Bucket B's k: its distance from bin0 (0 for bin0 and the two ends). */
uint32_t agg_llq_k(const struct img_agg *a, uint32_t b)
{
	uint32_t r = agg_llq_r(a), bin0 = r + 1;

	if (b == 0 || b == 2 * r + 2)
		return 0;
	return b > bin0 ? b - bin0 : bin0 - b;
}

/* quantize's bucket b is labelled by dtrace's bucket value, the others by lower edges. */
int64_t agg_bucket_label(const struct agg_snap *snap, uint32_t b)
{
	const struct img_agg *a = snap->agg;

	if (a->func == SPT_AGG_LLQUANTIZE) {
		uint32_t r = agg_llq_r(a), k = agg_llq_k(a, b);

		if (b == 0)
			return -agg_llq_pos(snap, r + 1);
		if (b == 2 * r + 2)
			return agg_llq_pos(snap, r + 1);
		return b == r + 1 ? 0 : b > r + 1 ? agg_llq_pos(snap, k) : -agg_llq_pos(snap, k);
	}
	if (a->func == SPT_AGG_QUANTIZE)
		return b < 63 ? -(INT64_C(1) << (62 - b)) : b == 63 ? 0 : INT64_C(1) << (b - 64);
	if (b == 0)
		return snap->edges[a->edge0] - 1;
	/* lquantize's overflow bucket weighs one above its label (dtrace) */
	if (b == a->nedges)
		return snap->edges[a->edge0 + b - 1] + 1;
	return snap->edges[a->edge0 + b - 1];
}

/* dtrace's comparison of histograms: the sum of bucket value x count, then the zero bucket. */
static int hist_cmp(const struct agg_snap *snap, const uint64_t *x, const uint64_t *y)
{
	const struct img_agg *a = snap->agg;
	long double tx = 0, ty = 0;
	int64_t zx = 0, zy = 0;
	uint32_t b;

	for (b = 0; b < agg_nbuckets(a); b++) {
		int64_t label = agg_bucket_label(snap, b);

		tx += (long double)label * (long double)(int64_t)x[1 + b];
		ty += (long double)label * (long double)(int64_t)y[1 + b];
		if (label == 0) {
			zx = (int64_t)x[1 + b];
			zy = (int64_t)y[1 + b];
		}
	}
	if (tx != ty)
		return tx < ty ? -1 : 1;
	return zx < zy ? -1 : zx > zy;
}

static int val_cmp(const struct agg_snap *snap, const struct agg_tuple *x,
		   const struct agg_tuple *y)
{
	const struct img_agg *a = snap->agg;
	int64_t vx, vy;

	if (agg_is_hist(a->func))
		return hist_cmp(snap, x->w, y->w);
	/* avg compares its integer average (dtrace's sum / count), not normalized. */
	vx = agg_value(a, x->w, 1);
	vy = agg_value(a, y->w, 1);
	return vx < vy ? -1 : vx > vy;
}

/* One key element: integers as unsigned values of their size (dtrace), strings bytewise. */
static int key_elem_cmp(const struct img_field *k, const uint8_t *x, const uint8_t *y)
{
	uint64_t vx, vy;

	if (k->type == IMG_STACK || k->type == IMG_USTACK) {
		int r = memcmp(x + k->offset, y + k->offset, k->size);

		return r < 0 ? -1 : r > 0;
	}
	if (k->type == IMG_STR) {
		int r = strncmp((const char *)x + k->offset, (const char *)y + k->offset, k->size);

		return r < 0 ? -1 : r > 0;
	}
	/* a user address: (pid, address) pairs, the pid first */
	if (k->size == 16 && stack_is_sym(k)) {
		memcpy(&vx, x + k->offset, 8);
		memcpy(&vy, y + k->offset, 8);
		if (vx != vy)
			return vx < vy ? -1 : 1;
		memcpy(&vx, x + k->offset + 8, 8);
		memcpy(&vy, y + k->offset + 8, 8);
		return vx < vy ? -1 : vx > vy;
	}
	memcpy(&vx, x + k->offset, 8);
	memcpy(&vy, y + k->offset, 8);
	if (k->size < 8) {
		vx &= (UINT64_C(1) << (8 * k->size)) - 1;
		vy &= (UINT64_C(1) << (8 * k->size)) - 1;
	}
	return vx < vy ? -1 : vx > vy;
}

static int key_cmp(const struct agg_snap *snap, const struct agg_tuple *x,
		   const struct agg_tuple *y, uint32_t pos)
{
	const struct img_agg *a = snap->agg;
	uint32_t i;

	if (!a->nkeys)
		return 0;
	for (i = 0; i < a->nkeys; i++) {
		int r = key_elem_cmp(&a->keys[(pos + i) % a->nkeys], x->key, y->key);

		if (r)
			return r;
	}
	return 0;
}

/* qsort has no context argument in C11: the snapshot being sorted. */
static const struct agg_snap *sort_snap;
static const struct agg_sort *sort_opts;

static int tuple_cmp(const void *px, const void *py)
{
	const struct agg_tuple *x = px, *y = py;
	uint32_t pos = sort_opts->keypos < sort_snap->agg->nkeys ? sort_opts->keypos : 0;
	int r;

	if (sort_opts->bykey) {
		r = key_cmp(sort_snap, x, y, pos);
		if (!r)
			r = val_cmp(sort_snap, x, y);
	} else {
		r = val_cmp(sort_snap, x, y);
		if (!r)
			r = key_cmp(sort_snap, x, y, pos);
	}
	return sort_opts->rev ? -r : r;
}

void agg_snap_sort(struct agg_snap *snap, const struct agg_sort *sort)
{
	if (snap->n < 2)
		return;
	sort_snap = snap;
	sort_opts = sort;
	qsort(snap->t, snap->n, sizeof(*snap->t), tuple_cmp);
	sort_snap = NULL;
	sort_opts = NULL;
}

/* A tuple of one of the snapshots being joined. */
struct join_ref {
	const struct agg_snap *snap;
	size_t i;
};

static size_t join_keysize;

/* Keys compared past the aggregation id: the tuples' elements alone. */
static int join_ref_cmp(const void *px, const void *py)
{
	const struct join_ref *x = px, *y = py;

	return memcmp(x->snap->t[x->i].key + 8, y->snap->t[y->i].key + 8, join_keysize - 8);
}

/* The rows of a joined snapshot, sorted as one: by the values of snaps[pos]. */
static const struct agg_snap *join_snaps;
static size_t join_n;

static int join_row_cmp(const void *px, const void *py)
{
	size_t x = *(const size_t *)px, y = *(const size_t *)py, pos;
	const struct agg_snap *by;
	int r;

	pos = sort_opts->pos < join_n ? sort_opts->pos : 0;
	by = &join_snaps[pos];
	sort_snap = by;
	r = tuple_cmp(&by->t[x], &by->t[y]);
	return r;
}

int agg_snap_join(const struct agg_snap *snaps, const uint64_t *normals, size_t n,
		  const struct agg_sort *sort, struct agg_snap *out)
{
	size_t total = 0, i, j, nrows = 0, *order = NULL;
	struct join_ref *refs = NULL;
	struct agg_snap *rows = NULL;
	size_t keysize = snaps[0].agg->keysize;
	int ret = -ENOMEM;

	memset(out, 0, sizeof(*out));
	for (j = 0; j < n; j++)
		total += snaps[j].n;
	refs = calloc(total ? total : 1, sizeof(*refs));
	rows = calloc(n, sizeof(*rows));
	if (!refs || !rows)
		goto fail;
	for (j = 0, total = 0; j < n; j++)
		for (i = 0; i < snaps[j].n; i++)
			refs[total++] = (struct join_ref){ &snaps[j], i };
	join_keysize = keysize;
	qsort(refs, total, sizeof(*refs), join_ref_cmp);
	for (j = 0; j < n; j++) {
		rows[j].agg = snaps[j].agg;
		rows[j].edges = snaps[j].edges;
		rows[j].normal = normals[j];
	}
	/* One row per distinct key; each aggregation's words or zeroes. */
	for (i = 0; i < total; i = j) {
		uint64_t zero[SPT_AGG_WORDS_MAX] = { 0 };
		uint8_t *key = calloc(1, keysize);

		if (!key)
			goto fail;
		memcpy(key, refs[i].snap->t[refs[i].i].key, keysize);
		for (j = i; j < total && !join_ref_cmp(&refs[i], &refs[j]); j++)
			;
		for (size_t a = 0; a < n; a++) {
			const uint64_t *w = zero;
			size_t k;

			for (k = i; k < j; k++)
				if (refs[k].snap == &snaps[a])
					w = refs[k].snap->t[refs[k].i].w;
			if (agg_snap_add(&rows[a], key, w)) {
				free(key);
				goto fail;
			}
		}
		free(key);
		nrows++;
	}
	/* Sort the rows by one aggregation's values, the others follow. */
	order = calloc(nrows ? nrows : 1, sizeof(*order));
	if (!order)
		goto fail;
	for (i = 0; i < nrows; i++)
		order[i] = i;
	if (nrows > 1) {
		join_snaps = rows;
		join_n = n;
		sort_opts = sort;
		qsort(order, nrows, sizeof(*order), join_row_cmp);
		sort_opts = NULL;
		sort_snap = NULL;
		join_snaps = NULL;
	}
	for (j = 0; j < n; j++) {
		struct agg_tuple *t = malloc((nrows ? nrows : 1) * sizeof(*t));

		if (!t)
			goto fail;
		for (i = 0; i < nrows; i++)
			t[i] = rows[j].t[order[i]];
		free(rows[j].t);
		rows[j].t = t;
		rows[j].cap = nrows ? nrows : 1;
	}
	*out = rows[0];
	out->more = n > 1 ? malloc((n - 1) * sizeof(*out->more)) : NULL;
	if (n > 1 && !out->more) {
		memset(out, 0, sizeof(*out));
		goto fail;
	}
	for (j = 1; j < n; j++)
		out->more[j - 1] = rows[j];
	out->nmore = n - 1;
	free(rows);
	free(refs);
	free(order);
	return 0;
fail:
	if (rows)
		for (j = 0; j < n; j++)
			agg_snap_free(&rows[j]);
	free(rows);
	free(refs);
	free(order);
	return ret;
}

/* --- the kernel side --- */

static int read_percpu(int fd, const void *key, uint64_t *vals)
{
	return bpf_map_lookup_elem(fd, key, vals) ? -errno : 0;
}

static bool renamed(const struct img_agg *a)
{
	uint32_t i;

	for (i = 0; i < a->nkeys; i++)
		if (a->kpname[i] || a->kstack[i])
			return true;
	return false;
}

/*
 * A stack key's frames from the stack store, under the key the kernel's
 * field holds (SPT_STACK_KFIELD) into the stack field at DST.
 */
static int unstack(const struct agg_source *src, const struct img_field *k, const uint8_t *kf,
		   uint8_t *dst)
{
	uint64_t frames[SPT_STACK_MAX], skey;
	size_t n = (k->size - 16) / 8;

	memcpy(dst, kf, 16);
	memcpy(&skey, kf + 16, 8);
	if (src->stacks_fd < 0 || bpf_map_lookup_elem(src->stacks_fd, &skey, frames))
		return -EINVAL;
	memcpy(dst + 16, frames, 8 * (n < SPT_STACK_MAX ? n : SPT_STACK_MAX));
	return 0;
}

/*
 * The key as D sees it from the kernel's KKEY: each probe name stored as
 * its string-table offset becomes the name (cg_agg_finish), the other
 * elements move to their places. -EINVAL for an offset outside the table.
 */
static int unrename(const struct agg_source *src, const struct img_agg *a, const uint8_t *kkey,
		    uint8_t *key)
{
	uint32_t i;

	memset(key, 0, a->keysize);
	memcpy(key, kkey, 8);
	for (i = 0; i < a->nkeys; i++) {
		const struct img_field *k = &a->keys[i];
		uint64_t off;
		size_t n;

		if (a->kstack[i]) {
			if (unstack(src, k, kkey + a->koff[i], key + k->offset))
				return -EINVAL;
			continue;
		}
		if (!a->kpname[i]) {
			memcpy(key + k->offset, kkey + a->koff[i],
			       k->type == IMG_STR || k->type >= IMG_SYM ? k->size : 8);
			continue;
		}
		memcpy(&off, kkey + a->koff[i], 8);
		if (!src->strtab || !off || off >= src->strtab_len)
			return -EINVAL;
		for (n = 0; off + n < src->strtab_len && n + 1 < k->size && src->strtab[off + n];
		     n++)
			key[k->offset + n] = src->strtab[off + n];
	}
	return 0;
}

/* Has symbol keys, which dtrace reduces to their function or module. */
static bool reduced(const struct img_agg *a)
{
	uint32_t i;

	for (i = 0; i < a->nkeys; i++)
		if (stack_is_sym(&a->keys[i]) && a->keys[i].type != IMG_UADDR)
			return true;
	return false;
}

int agg_snap_add_kernel(struct agg_snap *snap, uint8_t *dkey, const uint64_t *w,
			const uint8_t *kkey)
{
	const struct img_agg *a = snap->agg;
	struct agg_tuple *t = NULL;
	bool merge = reduced(a);
	uint8_t *nk;
	uint32_t i;
	size_t j;
	int ret;

	for (i = 0; i < a->nkeys; i++)
		if (stack_is_sym(&a->keys[i]))
			stack_sym_reduce(&a->keys[i], dkey);
	for (j = 0; merge && j < snap->n && !t; j++)
		if (!memcmp(snap->t[j].key, dkey, a->keysize))
			t = &snap->t[j];
	if (t) {
		agg_merge(a->func, t->w, w, a->nwords);
		snap->last = (size_t)(t - snap->t);
	} else {
		ret = agg_snap_add(snap, dkey, w);
		if (ret)
			return ret;
		t = &snap->t[snap->n - 1];
	}
	nk = realloc(t->kkey, (t->nkkey + 1) * a->kkeysize);
	if (!nk)
		return -ENOMEM;
	t->kkey = nk;
	memcpy(nk + t->nkkey++ * a->kkeysize, kkey, a->kkeysize);
	return 0;
}

/*
 * aggpercpu: keep each CPU's words (VALS, WORDS apart in the map's value)
 * with tuple T, or add them to those it has (a merged symbol key).
 */
static int keep_percpu(struct agg_snap *snap, struct agg_tuple *t, const uint64_t *vals,
		       uint32_t words)
{
	uint32_t nw = snap->agg->nwords, c;

	if (!t->pcw) {
		t->pcw = calloc((size_t)snap->ncpus * nw, sizeof(uint64_t));
		if (!t->pcw)
			return -ENOMEM;
	}
	for (c = 0; c < snap->ncpus; c++)
		agg_merge(snap->agg->func, t->pcw + (size_t)c * nw, vals + (size_t)c * words, nw);
	return 0;
}

int agg_snapshot(struct agg_state *s, uint32_t id, struct agg_snap *snap)
{
	const struct img_agg *a = &s->img->aggs[id];
	uint32_t words = s->src.words, c;
	size_t vlen = (size_t)s->src.ncpus * words;
	uint64_t *vals = calloc(vlen, sizeof(uint64_t));
	uint64_t *sum = calloc(words, sizeof(uint64_t));
	uint8_t *key = calloc(1, s->src.keysize + SPT_KEY_SIZE);
	uint8_t *next = calloc(1, s->src.keysize + SPT_KEY_SIZE);
	uint8_t *dkey = calloc(1, a->keysize + SPT_KEY_SIZE); /* D's key of a renamed one */
	int ret = -ENOMEM;

	memset(snap, 0, sizeof(*snap));
	snap->agg = a;
	snap->edges = s->img->edges;
	snap->ncpus = s->percpu ? (uint32_t)s->src.ncpus : 0;
	if (!vals || !sum || !key || !next || !dkey)
		goto out;
	if (!(a->flags & SPT_AGGF_KEYED)) {
		ret = read_percpu(s->src.array_fd, &id, vals);
		if (ret)
			goto out;
		for (c = 0; c < (uint32_t)s->src.ncpus; c++)
			agg_merge(a->func, sum, vals + (size_t)c * words, a->nwords);
		if (sum[0])
			s->seen[id] = true;
		memset(key, 0, s->src.keysize);
		memcpy(key, &(uint64_t){ id }, 8);
		ret = s->seen[id] ? agg_snap_add(snap, key, sum) : 0;
		if (!ret && s->seen[id] && snap->ncpus)
			ret = keep_percpu(snap, &snap->t[snap->last], vals, words);
		goto out;
	}
	/* Every key of every keyed aggregation is in the one map: pick ours. */
	ret = bpf_map_get_next_key(s->src.hash_fd, NULL, next);
	while (!ret) {
		uint64_t kid;

		memcpy(key, next, s->src.keysize);
		memcpy(&kid, key, 8);
		if (kid == id && !read_percpu(s->src.hash_fd, key, vals)) {
			memset(sum, 0, words * sizeof(uint64_t));
			for (c = 0; c < (uint32_t)s->src.ncpus; c++)
				agg_merge(a->func, sum, vals + (size_t)c * words, a->nwords);
			if (renamed(a) || reduced(a)) {
				ret = renamed(a) ? unrename(&s->src, a, key, dkey) : 0;
				if (!renamed(a))
					memcpy(dkey, key, a->keysize);
				if (!ret)
					ret = agg_snap_add_kernel(snap, dkey, sum, key);
			} else {
				ret = agg_snap_add(snap, key, sum);
			}
			if (!ret && snap->ncpus)
				ret = keep_percpu(snap, &snap->t[snap->last], vals, words);
			if (ret)
				goto out;
		}
		ret = bpf_map_get_next_key(s->src.hash_fd, key, next);
	}
	ret = 0;
out:
	free(vals);
	free(sum);
	free(key);
	free(next);
	free(dkey);
	if (ret)
		agg_snap_free(snap);
	return ret;
}

/* Zero the values of every tuple (clear), or delete the tuples (trunc) not kept. */
static void agg_reset(struct agg_state *s, uint32_t id, const struct agg_snap *snap,
		      size_t keep_from, size_t keep_to, bool del)
{
	const struct img_agg *a = &s->img->aggs[id];
	uint64_t *zero = calloc((size_t)s->src.ncpus * s->src.words, sizeof(uint64_t));
	size_t i;

	if (!zero)
		return;
	if (!(a->flags & SPT_AGGF_KEYED)) {
		if (del && keep_to > keep_from) {
			free(zero); /* trunc(@a, n) keeps the one tuple */
			return;
		}
		bpf_map_update_elem(s->src.array_fd, &id, zero, BPF_ANY);
		if (del)
			s->seen[id] = false;
	} else {
		/*
		 * The map's keys are as long as the longest aggregation's, this
		 * one's zero-padded (KINIT zeroes the whole key).
		 */
		uint8_t *k = calloc(1, s->src.keysize);

		for (i = 0; k && i < snap->n; i++) {
			size_t j, nk = snap->t[i].kkey ? snap->t[i].nkkey : 1;

			for (j = 0; j < nk; j++) {
				if (snap->t[i].kkey)
					memcpy(k, snap->t[i].kkey + j * a->kkeysize, a->kkeysize);
				else
					memcpy(k, snap->t[i].key, a->keysize);
				if (!del)
					bpf_map_update_elem(s->src.hash_fd, k, zero, BPF_EXIST);
				else if (i < keep_from || i >= keep_to)
					bpf_map_delete_elem(s->src.hash_fd, k);
			}
		}
		free(k);
	}
	free(zero);
}

/* Print aggregation ID; returns its number of tuples. */
static size_t show(struct agg_state *s, struct printer *pr, uint32_t id, const struct fmt *f,
		   enum print_agg_when when)
{
	struct agg_snap snap;
	int ret = agg_snapshot(s, id, &snap);
	size_t n;

	if (ret) {
		fprintf(s->msg, "%s: cannot read aggregation @%s: %s\n", spt_progname,
			s->img->aggs[id].name, strerror(-ret));
		return 0;
	}
	agg_snap_sort(&snap, &s->sort);
	print_agg(pr, &snap, f, s->normal[id], when);
	n = snap.n;
	agg_snap_free(&snap);
	return n;
}

/* printa(@a, @b, ...): the aggregations joined by key, printed as one. */
static void show_joined(struct agg_state *s, struct printer *pr, const struct img_action *a)
{
	struct agg_snap snaps[IMG_PRINTA_MAX], joined;
	uint64_t normals[IMG_PRINTA_MAX];
	size_t n = a->naggs, j, got = 0;
	int ret = 0;

	for (j = 0; j < n && !ret; j++) {
		if (a->aggs[j] >= s->img->naggs) {
			ret = -EINVAL;
			break;
		}
		ret = agg_snapshot(s, a->aggs[j], &snaps[j]);
		if (!ret)
			got++;
		/* dtrace marks an aggregation printed once printa() printed some of it. */
		if (!ret && snaps[j].n)
			s->printed[a->aggs[j]] = true;
		normals[j] = s->normal[a->aggs[j]];
	}
	if (!ret)
		ret = agg_snap_join(snaps, normals, n, &s->sort, &joined);
	for (j = 0; j < got; j++)
		agg_snap_free(&snaps[j]);
	if (ret) {
		fprintf(s->msg, "%s: cannot read aggregation @%s: %s\n", spt_progname,
			s->img->aggs[a->agg].name, strerror(-ret));
		return;
	}
	print_agg(pr, &joined, a->has_fmt ? &a->fmt : NULL, normals[0], PRINT_AGG_PRINTA);
	agg_snap_free(&joined);
}

void agg_action(struct agg_state *s, struct printer *pr, const struct img_action *a, int64_t arg)
{
	struct agg_snap snap;
	uint32_t id = a->agg;

	if (id >= s->img->naggs)
		return;
	switch (a->kind) {
	case IMG_ACT_PRINTA:
		if (a->naggs > 1) {
			show_joined(s, pr, a);
			return;
		}
		/* dtrace marks it printed only when printa() printed a tuple. */
		if (show(s, pr, id, a->has_fmt ? &a->fmt : NULL, PRINT_AGG_PRINTA))
			s->printed[id] = true;
		return;
	case IMG_ACT_NORMALIZE:
		if (arg <= 0) {
			fprintf(s->msg,
				"%s: normalize( ) of @%s by %lld ignored: the factor must be positive\n",
				spt_progname, s->img->aggs[id].name, (long long)arg);
			return;
		}
		s->normal[id] = (uint64_t)arg;
		return;
	case IMG_ACT_DENORMALIZE:
		s->normal[id] = 1;
		return;
	case IMG_ACT_CLEAR:
	case IMG_ACT_TRUNC:
		if (agg_snapshot(s, id, &snap))
			return;
		if (a->kind == IMG_ACT_CLEAR) {
			agg_reset(s, id, &snap, 0, 0, false);
		} else {
			/* Keep the N largest values (N > 0) or the -N smallest; none without N. */
			struct agg_sort by_value = { false, false, 0, 0 };
			size_t n = a->nfields ? (size_t)(arg < 0 ? -arg : arg) : 0;

			agg_snap_sort(&snap, &by_value);
			if (n > snap.n)
				n = snap.n;
			if (arg > 0)
				agg_reset(s, id, &snap, snap.n - n, snap.n, true);
			else
				agg_reset(s, id, &snap, 0, n, true);
		}
		agg_snap_free(&snap);
		return;
	default:
		return;
	}
}

void agg_print_unprinted(struct agg_state *s, struct printer *pr)
{
	uint32_t id;

	/* aggsortrev reverses the aggregations' order too, as dtrace's comparison does. */
	for (id = 0; id < s->img->naggs; id++) {
		uint32_t k = s->sort.rev ? (uint32_t)s->img->naggs - 1 - id : id;

		if (!s->printed[k])
			show(s, pr, k, NULL, PRINT_AGG_EXIT);
	}
}
