/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Aggregations: the contract between the code generator, the VM (AGG
 * instruction), the loader and the consumer.
 *
 * Every aggregation variable (@name) has an id 0..SPT_AGG_MAX-1 and a
 * descriptor in spt_aggs[]. Its data lives per CPU, never shared:
 *
 *   keyless (@a = f(x)):  percpu array spt_agg0, entry id
 *   keyed (@a[k...] = f(x)): percpu hash spt_agg, key = the VM's key area
 *                         (u64 id, then 8 bytes per integer key and
 *                         SPT_STRSIZE per string key, zero-padded), the
 *                         first spt_agg_keysize bytes of it
 *
 * A value is an array of u64 words, the same layout for every function:
 *   w[0]  number of updates on this CPU (0: never updated, or cleared)
 *   w[1..] the function's data:
 *     count     -                      (the count is w[0])
 *     sum       w[1] sum
 *     avg       w[1] sum               (count is w[0])
 *     min, max  w[1] the extreme       (valid when w[0] != 0)
 *     stddev    w[1] sum, w[2..3] sum of squares (128-bit, low word first)
 *     quantize, lquantize, llquantize
 *               w[1 + b] the count of bucket b, b = 0..nedges
 *
 * Histogram buckets are found by binary search in spt_agg_edges[]: bucket
 * b holds the values v with edge[b-1] <= v < edge[b] (edges ascending,
 * signed; bucket 0 is everything below edge[0], bucket nedges everything
 * from edge[nedges-1] up). The code generator computes the edges of
 * quantize (DTrace's powers of two), lquantize and llquantize, so the
 * kernel has one search for all three.
 */
#ifndef SPT_ABI_AGG_H
#define SPT_ABI_AGG_H

#define SPT_AGG_MAX 256		/* aggregation variables (power of two) */
#define SPT_AGG_EDGES_MAX 4096	/* bucket edges of all histograms (power of two) */
#define SPT_AGG_SEARCH_STEPS 13 /* binary search steps: log2(SPT_AGG_EDGES_MAX) + 1 */
#define SPT_AGG_WORDS_MAX 1024	/* value words of one aggregation: 8 KiB (power of two) */

enum spt_agg_func {
	SPT_AGG_NONE = 0,
	SPT_AGG_COUNT,
	SPT_AGG_SUM,
	SPT_AGG_AVG,
	SPT_AGG_MIN,
	SPT_AGG_MAX_,
	SPT_AGG_STDDEV,
	SPT_AGG_QUANTIZE,
	SPT_AGG_LQUANTIZE,
	SPT_AGG_LLQUANTIZE,
};

/* spt_aggdesc.flags */
#define SPT_AGGF_KEYED 0x1 /* data in spt_agg, keyed by the VM's key area */
#define SPT_AGGF_INT32 0x2 /* lquantize: the value is taken as a 32-bit int */

struct spt_aggdesc {
	__u32 func;   /* enum spt_agg_func */
	__u32 flags;  /* SPT_AGGF_* */
	__u32 edge0;  /* histograms: first edge in spt_agg_edges[] */
	__u32 nedges; /* histograms: number of edges (buckets - 1) */
};
_Static_assert(sizeof(struct spt_aggdesc) == 16, "aggregation descriptor layout");

#endif /* SPT_ABI_AGG_H */
