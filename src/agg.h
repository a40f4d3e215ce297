/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Aggregations in the consumer: snapshots of the per-CPU kernel data
 * merged into one value per tuple, sorted as dtrace(1) does and handed to
 * the printer (print.h lays them out), and the consumer-side actions
 * printa, clear, trunc, normalize and denormalize.
 *
 * Reading the kernel's maps (agg_snapshot) is separate from the pure
 * functions below it (merge, compare, the histograms' buckets), which the
 * unit tests drive with hand-made snapshots.
 */
#ifndef SPT_AGG_H
#define SPT_AGG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "image.h"
#include "opt.h"

struct printer;

/* Where the kernel keeps the data (filled by the loader). */
struct agg_source {
	int hash_fd;   /* spt_agg: keyed aggregations, per CPU */
	int array_fd;  /* spt_agg0: keyless ones, per CPU, index = id */
	int stacks_fd; /* spt_stacks: the frames of stack keys, -1: none */
	int ncpus;
	uint32_t words;	  /* u64 words of every value */
	uint32_t keysize; /* bytes of spt_agg's keys */
	/* the loaded string table: probe names of keys stored by offset */
	const volatile uint8_t *strtab;
	size_t strtab_len;
};

/*
 * One tuple: its key (agg->keysize bytes, the id first) and merged words;
 * kkey is the key as the kernel's map has it (agg->kkeysize bytes) when it
 * differs (probe names stored by offset, stacks by stack-store key), else
 * NULL; or the kernel's keys of all the map's tuples merged into this one
 * (symbol keys reduced to their function or module, as dtrace does).
 */
struct agg_tuple {
	uint8_t *key;
	uint64_t *w;
	uint64_t *pcw; /* aggpercpu: each CPU's words (snap->ncpus of them), or NULL */
	uint8_t *kkey; /* nkkey kernel keys, one after another */
	size_t nkkey;
};

struct agg_snap {
	const struct img_agg *agg;
	const int64_t *edges; /* the image's edges; agg->edge0 indexes them */
	struct agg_tuple *t;
	size_t n, cap;
	/*
	 * printa(@a, @b, ...): the other aggregations' values, tuple i of each
	 * with the key of t[i] (zero words where it has none), and the factor
	 * each is normalized by.
	 */
	struct agg_snap *more;
	size_t nmore;
	uint64_t normal;
	uint32_t ncpus; /* aggpercpu: the CPUs of each tuple's pcw; 0: none */
	size_t last;	/* the tuple the latest add made or merged into */
};

struct agg_sort {
	bool bykey;	 /* aggsortkey */
	bool rev;	 /* aggsortrev */
	uint32_t keypos; /* aggsortkeypos */
	uint32_t pos;	 /* aggsortpos: printa(@a, @b, ...) sorts by that one's values */
};

struct agg_state {
	const struct image *img;
	struct agg_source src;
	struct agg_sort sort;
	uint64_t *normal; /* per aggregation, 1 unless normalize()d */
	bool *printed;	  /* printa()ed: not printed again at exit */
	bool *seen;	  /* keyless: has had data (a cleared one still prints) */
	bool percpu;	  /* aggpercpu: snapshots keep each CPU's words */
	FILE *msg;
};

int agg_init(struct agg_state *s, const struct image *img, const struct agg_source *src,
	     const struct opts *o, FILE *msg);
void agg_fini(struct agg_state *s);

/*
 * Run a consumer-side aggregation action of a record; ARG is its field, if
 * any. printa() prints through PR.
 */
void agg_action(struct agg_state *s, struct printer *pr, const struct img_action *a, int64_t arg);

/* At exit: print every aggregation that printa() did not print. */
void agg_print_unprinted(struct agg_state *s, struct printer *pr);

/* Read aggregation ID from the kernel into SNAP (merged, unsorted). */
int agg_snapshot(struct agg_state *s, uint32_t id, struct agg_snap *snap);
void agg_snap_free(struct agg_snap *snap);

/* --- pure functions --- */

/* Add one CPU's words SRC into DST (NWORDS each) for function FUNC. */
void agg_merge(uint32_t func, uint64_t *dst, const uint64_t *src, uint32_t nwords);
/* Append a tuple (copies of KEY and W) to SNAP. */
int agg_snap_add(struct agg_snap *snap, const uint8_t *key, const uint64_t *w);
/*
 * Add the map's tuple of kernel key KKEY and words W to SNAP under D's
 * key DKEY: its symbol elements reduced (sym(), usym() to the function,
 * mod(), umod() to the module), merged into a tuple with that key if
 * SNAP has one; KKEY is kept with the tuple for clear() and trunc().
 */
int agg_snap_add_kernel(struct agg_snap *snap, uint8_t *dkey, const uint64_t *w,
			const uint8_t *kkey);
/* Sort SNAP as dtrace prints: by value, then key (SORT changes that). */
void agg_snap_sort(struct agg_snap *snap, const struct agg_sort *sort);
/*
 * Join SNAPS[0..N) (several aggregations with the same key signature) by
 * key into OUT: OUT's tuples are the distinct keys with snaps[0]'s values,
 * OUT->more the others' (zero where an aggregation has no such key),
 * NORMALS each one's factor, sorted by SORT (pos: whose values). The
 * inputs are left as they were.
 */
int agg_snap_join(const struct agg_snap *snaps, const uint64_t *normals, size_t n,
		  const struct agg_sort *sort, struct agg_snap *out);
/* The value printed for scalar functions (count, sum, avg, min, max, stddev). */
int64_t agg_value(const struct img_agg *a, const uint64_t *w, uint64_t normal);

/* quantize, lquantize, llquantize: values are buckets of counts. */
bool agg_is_hist(uint32_t func);
/* A histogram's number of buckets (its words after the count). */
uint32_t agg_nbuckets(const struct img_agg *a);
/*
 * Bucket B's value as dtrace labels and weighs it: quantize's power of
 * two, lquantize's and llquantize's lower edge (the ends: one past).
 */
int64_t agg_bucket_label(const struct agg_snap *snap, uint32_t b);
/*
 * llquantize's edges (cg_agg.c): R for the negative bins, bin0's, then
 * R + 1 positive lower bounds a_1..a_R and F = factor^(hmag + 1); buckets
 * 0 (<= -F), R negative, bin0 = R + 1, R positive, 2R + 2 (>= F).
 * agg_llq_r is R, agg_llq_pos a_k (k = 1..R + 1, a_{R+1} = F), agg_llq_k
 * bucket B's k: its distance from bin0 (0 for bin0 and the two ends).
 */
uint32_t agg_llq_r(const struct img_agg *a);
int64_t agg_llq_pos(const struct agg_snap *snap, uint32_t k);
uint32_t agg_llq_k(const struct img_agg *a, uint32_t b);

#endif /* SPT_AGG_H */
