/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Aggregations in the code generator: `@name[keys] = func(args);`
 * statements, the actions that act on aggregations (printa, clear, trunc,
 * normalize, denormalize), and the histogram edges of quantize, lquantize
 * and llquantize (bpf/abi/agg.h explains the layout they share).
 *
 * An aggregation is defined by its first use: the function (with its
 * constant parameters) and the key signature may not change afterwards,
 * as in D. An aggregating statement records nothing in the principal
 * buffer; the data stays per CPU in the kernel until the consumer reads it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#include "abi/agg.h"
#include "cg.h"
#include "cg_priv.h"
#include "diag.h"
#include "probe.h"

struct aggfn {
	const char *name;
	enum spt_agg_func func;
	unsigned int min_args, max_args;
};

static const struct aggfn aggfns[] = {
	{ "count", SPT_AGG_COUNT, 0, 0 },
	{ "sum", SPT_AGG_SUM, 1, 1 },
	{ "avg", SPT_AGG_AVG, 1, 1 },
	{ "min", SPT_AGG_MIN, 1, 1 },
	{ "max", SPT_AGG_MAX_, 1, 1 },
	{ "stddev", SPT_AGG_STDDEV, 1, 1 },
	{ "quantize", SPT_AGG_QUANTIZE, 1, 2 },
	{ "lquantize", SPT_AGG_LQUANTIZE, 3, 5 },
	{ "llquantize", SPT_AGG_LLQUANTIZE, 5, 6 },
};

static const struct aggfn *aggfn_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(aggfns) / sizeof(aggfns[0]); i++)
		if (!strcmp(aggfns[i].name, name))
			return &aggfns[i];
	return NULL;
}

const char *cg_agg_func_name(uint32_t func)
{
	size_t i;

	for (i = 0; i < sizeof(aggfns) / sizeof(aggfns[0]); i++)
		if (aggfns[i].func == func)
			return aggfns[i].name;
	return "?";
}

bool cg_is_aggfunc(const char *name)
{
	return aggfn_find(name) != NULL;
}

static const char *agg_name(const struct ast_expr *e)
{
	return e->u.agg.name[0] ? e->u.agg.name : "_";
}

static int agg_find(struct cg *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->img->naggs; i++)
		if (!strcmp(g->img->aggs[i].name, name))
			return (int)i;
	return -1;
}

/*
 * An integer constant expression: literals, character constants and the
 * arithmetic of them. Returns 0, or -1 after an error tagged TAG.
 */
static int const_int(struct cg *g, const struct ast_expr *e, int64_t *v, enum diag_tag tag,
		     const char *what)
{
	int64_t a, b;

	/* library constants and constant inlines */
	if (e->kind == AST_IDENT && cg_const_fold(g, e, v))
		return 0;
	switch (e->kind) {
	case AST_INT:
		*v = (int64_t)e->u.i.value;
		return 0;
	case AST_CHAR:
		*v = (int64_t)e->u.c.value;
		return 0;
	case AST_UNARY:
		if (e->u.unary.op != AST_OP_NEG && e->u.unary.op != AST_OP_PLUS &&
		    e->u.unary.op != AST_OP_BNOT)
			break;
		if (const_int(g, e->u.unary.operand, &a, tag, what))
			return -1;
		*v = e->u.unary.op == AST_OP_NEG  ? (int64_t)(0 - (uint64_t)a) :
		     e->u.unary.op == AST_OP_BNOT ? ~a :
						    a;
		return 0;
	case AST_BINARY:
		if (const_int(g, e->u.binary.lhs, &a, tag, what) ||
		    const_int(g, e->u.binary.rhs, &b, tag, what))
			return -1;
		switch (e->u.binary.op) {
		case AST_OP_ADD:
			*v = (int64_t)((uint64_t)a + (uint64_t)b);
			return 0;
		case AST_OP_SUB:
			*v = (int64_t)((uint64_t)a - (uint64_t)b);
			return 0;
		case AST_OP_MUL:
			*v = (int64_t)((uint64_t)a * (uint64_t)b);
			return 0;
		case AST_OP_SHL:
			*v = (int64_t)((uint64_t)a << (b & 63));
			return 0;
		case AST_OP_SHR:
			*v = a >> (b & 63);
			return 0;
		case AST_OP_BAND:
			*v = a & b;
			return 0;
		case AST_OP_BOR:
			*v = a | b;
			return 0;
		case AST_OP_BXOR:
			*v = a ^ b;
			return 0;
		case AST_OP_DIV:
		case AST_OP_MOD:
			/* a constant divided by zero: D's own compile-time error */
			if (!b)
				return cg_error(g, DIAG_DIV_ZERO, e->loc,
						"expression contains division by zero");
			if (a == INT64_MIN && b == -1)
				return cg_error(g, tag, e->loc, "%s: division by zero or overflow",
						what);
			*v = e->u.binary.op == AST_OP_DIV ? a / b : a % b;
			return 0;
		default:
			break;
		}
		break;
	default:
		break;
	}
	return cg_error(g, tag, e->loc, "%s must be an integer constant", what);
}

static int edges_add(struct cg *g, int64_t v)
{
	struct image *img = g->img;

	if (img->nedges >= SPT_AGG_EDGES_MAX)
		return -1;
	if (!(img->nedges & 63)) {
		int64_t *ne = realloc(img->edges, (img->nedges + 64) * sizeof(*ne));

		if (!ne)
			return cg_nomem(g);
		img->edges = ne;
	}
	img->edges[img->nedges++] = v;
	return 0;
}

/* quantize: DTrace's 127 power-of-two buckets, zero in the middle. */
static int quantize_edges(struct cg *g)
{
	int b;

	/* Lower edge of bucket b, for b = 1..126. */
	for (b = 1; b <= 126; b++) {
		int64_t e;

		if (b <= 62)
			e = -(INT64_C(1) << (63 - b)) + 1; /* above bucket b-1's value */
		else if (b == 63)
			e = 0;
		else
			e = INT64_C(1) << (b - 64);
		if (edges_add(g, e))
			return -1;
	}
	return 0;
}

/*
 * lquantize(v, base, limit[, step]): underflow, (limit - base) / step
 * levels, overflow; dtrace-utils' checks. PRM gets base, limit, step.
 */
static int lquantize_edges(struct cg *g, const struct ast_expr *call, int64_t *prm)
{
	int64_t low, high, step = 1, levels, i;
	struct ast_expr *const *a = call->u.call.args;

	if (const_int(g, a[1], &low, DIAG_LQUANT_BASETYPE, "lquantize( ) argument #1") ||
	    const_int(g, a[2], &high, DIAG_LQUANT_LIMTYPE, "lquantize( ) argument #2"))
		return -1;
	if (call->u.call.nargs > 3 &&
	    const_int(g, a[3], &step, DIAG_LQUANT_STEPTYPE, "lquantize( ) argument #3"))
		return -1;
	if (low < INT32_MIN || low > INT32_MAX)
		return cg_error(g, DIAG_LQUANT_BASEVAL, a[1]->loc,
				"lquantize( ) argument #1 must be a 32-bit quantity");
	if (high < INT32_MIN || high > INT32_MAX)
		return cg_error(g, DIAG_LQUANT_LIMVAL, a[2]->loc,
				"lquantize( ) argument #2 must be a 32-bit quantity");
	if (high <= low)
		return cg_error(
			g, DIAG_LQUANT_MISMATCH, a[2]->loc,
			"lquantize( ) base (argument #1) must be less than limit (argument #2)");
	if (step <= 0)
		return cg_error(
			g, DIAG_LQUANT_STEPTYPE, a[3]->loc,
			"lquantize( ) argument #3 must be a non-zero positive integer constant");
	if (step > UINT16_MAX)
		return cg_error(g, DIAG_LQUANT_STEPVAL, a[3]->loc,
				"lquantize( ) argument #3 must be a 16-bit quantity");
	levels = (high - low) / step;
	if (levels < 1)
		return cg_error(
			g, DIAG_LQUANT_STEPLARGE, call->loc,
			"lquantize( ) step (argument #3) too large: must have at least one quantization level");
	if (levels > UINT16_MAX)
		return cg_error(
			g, DIAG_LQUANT_STEPSMALL, call->loc,
			"lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity");
	if (levels + 3 > SPT_AGG_WORDS_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"not supported: lquantize( ) with more than %d levels",
				SPT_AGG_WORDS_MAX - 3);
	prm[0] = low;
	prm[1] = low + levels * step;
	prm[2] = step;
	for (i = 0; i <= levels; i++)
		if (edges_add(g, low + i * step))
			return -1;
	return 0;
}

/* An llquantize( ) argument: an integer constant in [0, 65535] (TYPE, VAL tags). */
static int llq_arg(struct cg *g, const struct ast_expr *e, int n, enum diag_tag type,
		   enum diag_tag val, int64_t *v)
{
	char what[32];

	snprintf(what, sizeof(what), "llquantize( ) argument #%d", n);
	if (const_int(g, e, v, type, what))
		return -1;
	if (*v < 0 || *v > UINT16_MAX)
		return cg_error(g, val, e->loc,
				"llquantize( ) argument #%d must be an unsigned 16-bit quantity",
				n);
	return 0;
}

/*
 * llquantize(v, factor, lmag, hmag, steps), dtrace-utils' layout: one bin
 * for |v| < factor^lmag in the middle; for each magnitude m in lmag..hmag
 * steps - steps/factor linear bins over [factor^m, factor^(m+1)) on each
 * side of it, negative values mirroring positive ones; one bin at each
 * end for |v| >= factor^(hmag+1). The bins' lower bounds are rounded up
 * to integers: a bin no integer falls in (lmag 0 with more steps than the
 * factor) repeats the next edge, and the printer skips it as dtrace skips
 * its unlabelled bins. PRM gets factor, lmag, hmag, steps.
 */
static int llquantize_edges(struct cg *g, const struct ast_expr *call, int64_t *prm)
{
	struct ast_expr *const *a = call->u.call.args;
	int64_t factor, lmag, hmag, steps, m, j, sf, nb, k;
	unsigned __int128 p = 1, pl, big = (unsigned __int128)UINT64_MAX, lim = INT64_MAX;
	uint64_t *pos;
	size_t r;

	if (const_int(g, a[1], &factor, DIAG_LLQUANT_FACTORTYPE, "llquantize( ) argument #1"))
		return -1;
	if (factor < 2 || factor > UINT16_MAX)
		return cg_error(
			g, DIAG_LLQUANT_FACTORVAL, a[1]->loc,
			"llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2");
	if (llq_arg(g, a[2], 2, DIAG_LLQUANT_LMAGTYPE, DIAG_LLQUANT_LMAGVAL, &lmag) ||
	    llq_arg(g, a[3], 3, DIAG_LLQUANT_HMAGTYPE, DIAG_LLQUANT_HMAGVAL, &hmag))
		return -1;
	if (hmag < lmag)
		return cg_error(
			g, DIAG_LLQUANT_HMAGVAL, a[3]->loc,
			"llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)");
	for (m = 0; m <= hmag; m++) {
		p *= (unsigned __int128)factor;
		if (p > big)
			return cg_error(
				g, DIAG_LLQUANT_HMAGVAL, a[3]->loc,
				"llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits");
	}
	if (const_int(g, a[4], &steps, DIAG_LLQUANT_STEPTYPE, "llquantize( ) argument #4"))
		return -1;
	if (steps <= 0)
		return cg_error(
			g, DIAG_LLQUANT_STEPTYPE, a[4]->loc,
			"llquantize( ) argument #4 must be a non-zero positive integer constant");
	if (steps > UINT16_MAX)
		return cg_error(g, DIAG_LLQUANT_STEPVAL, a[4]->loc,
				"llquantize( ) argument #4 must be an unsigned 16-bit quantity");
	if (steps < factor && factor % steps)
		return cg_error(
			g, DIAG_LLQUANT_STEPVAL, a[4]->loc,
			"llquantize( ) argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
	if (steps > factor && steps % factor)
		return cg_error(
			g, DIAG_LLQUANT_STEPVAL, a[4]->loc,
			"llquantize( ) argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor");
	if (steps > factor && lmag == 0 && (factor * factor) % steps)
		return cg_error(
			g, DIAG_LLQUANT_STEPVAL, a[4]->loc,
			"llquantize( ) argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0");
	if (steps > factor && lmag > 0) {
		for (pl = 1, m = 0; m <= lmag && pl <= big; m++)
			pl *= (unsigned __int128)factor;
		if (pl % (unsigned __int128)steps)
			return cg_error(
				g, DIAG_LLQUANT_STEPVAL, a[4]->loc,
				"llquantize( ) argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0");
	}
	sf = steps / factor;
	nb = (hmag - lmag + 1) * (steps - sf);
	if (2 * nb + 3 > SPT_AGG_WORDS_MAX - 1)
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"not supported: llquantize( ) with more than %d buckets",
				SPT_AGG_WORDS_MAX - 2);
	prm[0] = factor;
	prm[1] = lmag;
	prm[2] = hmag;
	prm[3] = steps;
	/* pos[k] = the lower bound of positive bin k + 1, pos[nb] = factor^(hmag + 1). */
	pos = calloc((size_t)nb + 1, sizeof(*pos));
	if (!pos)
		return cg_nomem(g);
	for (pl = 1, m = 0; m < lmag; m++)
		pl *= (unsigned __int128)factor;
	r = 0;
	for (m = lmag; m <= hmag; m++) {
		unsigned __int128 next = pl * (unsigned __int128)factor;

		for (j = 0; j < steps - sf; j++) {
			unsigned __int128 lo =
				j ? ((unsigned __int128)(sf + j) * next + (unsigned __int128)steps -
				     1) / (unsigned __int128)steps :
				    pl;

			pos[r++] = (uint64_t)(lo > lim ? lim : lo);
		}
		pl = next;
	}
	pos[r] = (uint64_t)(pl > lim ? lim : pl);
	/* Ascending: the negative bins (from the far end), bin0, the positive ones, the end. */
	for (k = nb; k >= 1; k--)
		if (edges_add(g, -(int64_t)pos[k] + 1))
			goto fail;
	if (edges_add(g, -(int64_t)pos[0] + 1))
		goto fail;
	for (k = 0; k <= nb; k++)
		if (edges_add(g, (int64_t)pos[k]))
			goto fail;
	free(pos);
	return 0;
fail:
	free(pos);
	if (g->err)
		return -1;
	return cg_error(g, DIAG_UNSUPPORTED, call->loc,
			"not supported: more than %d histogram buckets in one program",
			SPT_AGG_EDGES_MAX);
}

/* Create aggregation NAME for CALL of F with keys of types KT. */
static int agg_new(struct cg *g, const char *name, const struct aggfn *f,
		   const struct ast_expr *call, const struct ct *kt, size_t nkeys)
{
	struct image *img = g->img;
	struct img_agg *a;
	uint32_t off = 8, koff, edge0 = img->nedges;
	int64_t prm[4] = { 0, 0, 0, 0 };
	size_t i;
	int ret = 0;

	if (img->naggs >= SPT_AGG_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"not supported: more than %d aggregations", SPT_AGG_MAX);
	if (f->func == SPT_AGG_QUANTIZE)
		ret = quantize_edges(g);
	else if (f->func == SPT_AGG_LQUANTIZE)
		ret = lquantize_edges(g, call, prm);
	else if (f->func == SPT_AGG_LLQUANTIZE)
		ret = llquantize_edges(g, call, prm);
	if (ret) {
		if (!g->err)
			cg_error(g, DIAG_UNSUPPORTED, call->loc,
				 "not supported: more than %d histogram buckets in one program",
				 SPT_AGG_EDGES_MAX);
		return -1;
	}
	if (!(img->naggs & 15)) {
		struct img_agg *na = realloc(img->aggs, (img->naggs + 16) * sizeof(*na));

		if (!na)
			return cg_nomem(g);
		img->aggs = na;
	}
	a = &img->aggs[img->naggs++];
	memset(a, 0, sizeof(*a));
	a->name = name;
	a->func = f->func;
	a->line = call->loc.line;
	memcpy(a->params, prm, sizeof(a->params));
	a->nkeys = (uint32_t)nkeys;
	a->flags = nkeys ? SPT_AGGF_KEYED : 0;
	if (f->func == SPT_AGG_LQUANTIZE)
		a->flags |= SPT_AGGF_INT32;
	for (i = 0; i < nkeys; i++) {
		struct img_field *k = &a->keys[i];

		k->offset = off;
		if (kt[i].kind == CT_STACK) {
			k->type = kt[i].sign ? IMG_USTACK : IMG_STACK;
			k->size = kt[i].size;
			off += kt[i].size;
		} else if (kt[i].kind == CT_SYM) {
			k->type = (enum img_ftype)kt[i].psize;
			k->size = kt[i].size;
			off += kt[i].size;
		} else if (kt[i].kind == CT_STR) {
			k->type = IMG_STR;
			k->size = SPT_STRSIZE;
			off += SPT_STRSIZE;
		} else {
			k->type = kt[i].sign && !kt[i].ptr ? IMG_INT : IMG_UINT;
			k->size = kt[i].ptr ? 8 : kt[i].size;
			off += 8;
		}
	}
	if (off > SPT_AGGKEY_MAX) {
		img->naggs--;
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"aggregation key larger than %d bytes", SPT_AGGKEY_MAX);
	}
	a->keysize = off;
	/*
	 * The kernel's key: a stack is its depth, pid and stack-store key
	 * (bpf/vm.h spt_vm_stkintern), which the consumer turns back into
	 * the frames when it reads the map.
	 */
	koff = 8;
	for (i = 0; i < nkeys; i++) {
		const struct img_field *k = &a->keys[i];

		a->koff[i] = koff;
		a->kstack[i] = k->type == IMG_STACK || k->type == IMG_USTACK;
		if (a->kstack[i])
			koff += SPT_STACK_KFIELD;
		else if (k->type == IMG_STR)
			koff += SPT_STRSIZE;
		else
			koff += k->type >= IMG_SYM ? k->size : 8;
	}
	a->kkeysize = koff;
	a->edge0 = edge0;
	a->nedges = img->nedges - edge0;
	switch (f->func) {
	case SPT_AGG_COUNT:
		a->nwords = 1;
		break;
	case SPT_AGG_STDDEV:
		a->nwords = 4;
		break;
	case SPT_AGG_QUANTIZE:
	case SPT_AGG_LQUANTIZE:
	case SPT_AGG_LLQUANTIZE:
		a->nwords = 2 + a->nedges;
		break;
	default:
		a->nwords = 2;
		break;
	}
	if (a->nwords > SPT_AGG_WORDS_MAX) {
		img->naggs--;
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"not supported: %s( ) with more than %d buckets", f->name,
				SPT_AGG_WORDS_MAX - 1);
	}
	return (int)(img->naggs - 1);
}

/* The D type of key K of A, for messages. */
static const char *key_type_name(const struct img_field *k, char *buf, size_t len)
{
	struct ct t = ct_int;

	if (k->type == IMG_STR)
		return "string";
	if (k->type == IMG_STACK || k->type == IMG_USTACK)
		return "stack";
	if (k->type == IMG_SYM || k->type == IMG_MOD)
		return "_symaddr";
	if (k->type == IMG_USYM || k->type == IMG_UADDR || k->type == IMG_UMOD)
		return "_usymaddr";
	t.size = k->size;
	t.sign = k->type == IMG_INT;
	return cg_type_name(&t, buf, len);
}

/* A key that is one of the probe's names as it is: probeprov...probename. */
static uint8_t is_probe_name(const struct ast_expr *k)
{
	static const char *const names[] = { "probeprov", "probemod", "probefunc", "probename" };
	size_t i;

	if (k->kind != AST_IDENT || k->u.ident.scope != AST_SCOPE_GLOBAL)
		return 0;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(k->u.ident.name, names[i]))
			return 1;
	return 0;
}

/*
 * The kernel's key of an aggregation whose every use put a probe name in
 * some element: that element holds the name's offset in the string table
 * (8 bytes; the loader puts each distinct name there once, so equal names
 * are equal offsets) instead of strsize bytes of string, which is what a
 * firing hashes and compares. The key instructions of each update (KINIT
 * id, the KINT/KSTR of each element in order, then AGG id: one run, moved
 * only as a whole) get the new offsets. Only while strsize cannot cut a
 * probe name, so that the consumer's names are the strings the kernel
 * would have stored.
 */
void cg_agg_finish(struct cg *g)
{
	struct image *img = g->img;
	size_t id, j;

	if (g->o->strsize < PROBE_FIELD_MAX - 1)
		return;
	for (id = 0; id < img->naggs; id++) {
		struct img_agg *a = &img->aggs[id];
		uint32_t i, off = 8;
		bool any = false;

		bool plain = true;

		/*
		 * Only keys of integers and strings are renamed: each is one
		 * KINT or KSTR below, which the rewrite counts (a stack is
		 * stored by SPT_OP_STACK, a user address in two KINTs).
		 */
		for (i = 0; i < a->nkeys; i++)
			plain &= a->keys[i].type == IMG_INT || a->keys[i].type == IMG_UINT ||
				 a->keys[i].type == IMG_STR;
		for (i = 0; i < a->nkeys && plain; i++) {
			a->kpname[i] = a->keys[i].type == IMG_STR && g->agg_pname[id][i];
			any |= a->kpname[i];
			a->koff[i] = off;
			off += a->keys[i].type == IMG_STR && !a->kpname[i] ? SPT_STRSIZE : 8;
		}
		if (!plain)
			continue; /* keeps agg_new's kernel key */
		if (!any) {
			memset(a->kpname, 0, sizeof(a->kpname));
			for (i = 0; i < a->nkeys; i++)
				a->koff[i] = a->keys[i].offset;
			continue;
		}
		a->kkeysize = off;
		for (j = 0; j < img->ninsns; j++) {
			struct spt_insn *in = &img->insns[j];
			size_t k, n = 0;

			if (in->op != SPT_OP_AGG || in->imm != (int32_t)id)
				continue;
			for (k = j; k-- > 0;)
				if (img->insns[k].op == SPT_OP_KINIT)
					break;
			/* k: the update's KINIT (cg_agg_assign emits one per keyed update) */
			for (k++; k < j; k++) {
				struct spt_insn *ki = &img->insns[k];

				if (ki->op != SPT_OP_KINT && ki->op != SPT_OP_KSTR)
					continue;
				if (n < a->nkeys) {
					ki->imm = (int32_t)a->koff[n];
					if (a->kpname[n])
						ki->op = SPT_OP_KINT;
				}
				n++;
			}
		}
	}
}

int cg_agg_assign(struct cg *g, const struct ast_expr *e)
{
	const struct ast_expr *lhs = e->u.binary.lhs, *rhs = e->u.binary.rhs;
	const char *name = agg_name(lhs);
	int kreg[CG_MAX_KEYS], vreg = 0, ireg = 0, id;
	struct ct kt[CG_MAX_KEYS], t;
	const struct aggfn *f;
	size_t i, nkeys = lhs->u.agg.nkeys, nargs;

	if (e->u.binary.op != AST_OP_ASSIGN || rhs->kind != AST_CALL ||
	    !(f = aggfn_find(rhs->u.call.name)))
		return cg_error(g, DIAG_AGG_FUNC, e->loc,
				"@%s must be assigned the result of an aggregating function", name);
	nargs = rhs->u.call.nargs;
	if (nargs < f->min_args || nargs > f->max_args) {
		if (f->min_args == f->max_args)
			return cg_error(g, DIAG_PROTO_LEN, rhs->loc,
					"%s( ) prototype mismatch: %zu args passed, %u expected",
					f->name, nargs, f->min_args);
		return cg_error(g, DIAG_PROTO_LEN, rhs->loc,
				"%s( ) prototype mismatch: %zu args passed, at %s %u expected",
				f->name, nargs, nargs < f->min_args ? "least" : "most",
				nargs < f->min_args ? f->min_args : f->max_args);
	}
	if (nkeys > CG_MAX_KEYS || nkeys > IMG_AGG_KEYS)
		return cg_error(g, DIAG_UNSUPPORTED, lhs->loc,
				"aggregation key of more than %d elements", CG_MAX_KEYS);
	/* Keys first, then the value: registers hold them until the update. */
	for (i = 0; i < nkeys; i++) {
		if (cg_is_stack_call(lhs->u.agg.keys[i])) {
			struct cg_stack st;

			/* Recorded straight into the key (below). */
			if (cg_stack_type(g, lhs->u.agg.keys[i], &st))
				return -1;
			memset(&kt[i], 0, sizeof(kt[i]));
			kt[i].kind = CT_STACK;
			kt[i].size = st.size;
			kt[i].sign = st.user;
			kt[i].psize = st.frames;
			kreg[i] = -1;
			continue;
		}
		if (cg_sym_type(lhs->u.agg.keys[i]) >= 0) {
			enum img_ftype st;

			/* the address now, stored (after a user one's pid) below */
			kreg[i] = cg_sym_addr(g, lhs->u.agg.keys[i], &st);
			if (kreg[i] < 0)
				return -1;
			memset(&kt[i], 0, sizeof(kt[i]));
			kt[i].kind = CT_SYM;
			kt[i].size = cg_sym_user(st) ? 16 : 8;
			kt[i].psize = st;
			continue;
		}
		kreg[i] = cg_expr(g, lhs->u.agg.keys[i], &kt[i]);
		if (kreg[i] < 0)
			return -1;
		if (kt[i].kind == CT_VOID)
			return cg_error(g, DIAG_KEY_TYPE, lhs->u.agg.keys[i]->loc,
					"%s expression may not be used as %s index: key #%zu",
					"void", "aggregation", i + 1);
		if (kt[i].kind != CT_INT && kt[i].kind != CT_STR)
			return cg_error(
				g, DIAG_UNSUPPORTED, lhs->u.agg.keys[i]->loc,
				"not supported yet: @%s[ ] key #%zu of a struct, union or array type",
				name, i + 1);
	}
	if (nargs) {
		vreg = cg_expr(g, rhs->u.call.args[0], &t);
		if (vreg < 0)
			return -1;
		if (t.kind != CT_INT)
			return cg_error(g, DIAG_AGG_SCALAR, rhs->u.call.args[0]->loc,
					"%s( ) argument #1 must be of scalar type", f->name);
	}
	/* The optional increment of the histograms, 1 when absent. */
	if ((f->func == SPT_AGG_QUANTIZE && nargs == 2) ||
	    (f->func == SPT_AGG_LQUANTIZE && nargs == 5) ||
	    (f->func == SPT_AGG_LLQUANTIZE && nargs == 6)) {
		ireg = cg_expr(g, rhs->u.call.args[nargs - 1], &t);
		if (ireg < 0)
			return -1;
		if (t.kind != CT_INT)
			return cg_error(
				g, DIAG_PROTO_ARG, rhs->u.call.args[nargs - 1]->loc,
				"%s( ) increment value (argument #%zu) must be of scalar type",
				f->name, nargs);
	} else if (f->func == SPT_AGG_QUANTIZE || f->func == SPT_AGG_LQUANTIZE ||
		   f->func == SPT_AGG_LLQUANTIZE) {
		ireg = cg_reg_alloc(g, rhs->loc);
		if (ireg < 0)
			return -1;
		cg_emit(g, SPT_OP_LDI, ireg, 0, 0, 1);
	}

	id = agg_find(g, name);
	if (id < 0) {
		id = agg_new(g, name, f, rhs, kt, nkeys);
		if (id < 0)
			return -1;
		for (i = 0; i < nkeys; i++)
			g->agg_pname[id][i] = is_probe_name(lhs->u.agg.keys[i]);
	} else {
		struct img_agg *a = &g->img->aggs[id];
		uint32_t mark = g->img->nedges;
		int ret = 0;

		if (a->func != f->func)
			return cg_error(
				g, DIAG_AGG_REDEF, e->loc,
				"aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: @%s = %s( ) : line %u",
				name, name, f->name, name, cg_agg_func_name(a->func), a->line);
		if (a->nkeys != nkeys)
			return cg_error(g, DIAG_PROTO_LEN, lhs->loc,
					"@%s[ ] prototype mismatch: %zu key%s passed, %u expected",
					name, nkeys, nkeys == 1 ? "" : "s", a->nkeys);
		for (i = 0; i < nkeys; i++)
			if ((a->keys[i].type == IMG_STR) != (kt[i].kind == CT_STR) ||
			    (a->keys[i].type == IMG_STACK || a->keys[i].type == IMG_USTACK) !=
				    (kt[i].kind == CT_STACK) ||
			    (kt[i].kind == CT_STACK && a->keys[i].size != kt[i].size) ||
			    (a->keys[i].type >= IMG_SYM) != (kt[i].kind == CT_SYM) ||
			    (kt[i].kind == CT_SYM && a->keys[i].type != kt[i].psize)) {
				char b1[32], b2[32];

				return cg_error(
					g, DIAG_PROTO_ARG, lhs->u.agg.keys[i]->loc,
					"@%s[ ] key #%zu is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
					name, i + 1, key_type_name(&a->keys[i], b1, sizeof(b1)),
					cg_type_name(&kt[i], b2, sizeof(b2)));
			}
		/* Histogram parameters must not change either (dtrace's MATCH errors). */
		{
			static const char *const lqn[] = { "base (argument #1)",
							   "limit (argument #2)",
							   "step (argument #3)" };
			static const enum diag_tag lqt[] = { DIAG_LQUANT_MATCHBASE,
							     DIAG_LQUANT_MATCHLIM,
							     DIAG_LQUANT_MATCHSTEP };
			static const char *const llqn[] = { "factor (argument #1)",
							    "lmag (argument #2)",
							    "hmag (argument #3)",
							    "steps (argument #4)" };
			static const enum diag_tag llqt[] = { DIAG_LLQUANT_MATCHFACTOR,
							      DIAG_LLQUANT_MATCHLMAG,
							      DIAG_LLQUANT_MATCHHMAG,
							      DIAG_LLQUANT_MATCHSTEPS };
			int64_t prm[4] = { 0, 0, 0, 0 };
			int np = 0;

			if (f->func == SPT_AGG_LQUANTIZE) {
				ret = lquantize_edges(g, rhs, prm);
				np = 3;
			} else if (f->func == SPT_AGG_LLQUANTIZE) {
				ret = llquantize_edges(g, rhs, prm);
				np = 4;
			}
			if (ret)
				return -1;
			for (i = 0; i < (size_t)np; i++)
				if (prm[i] != a->params[i])
					return cg_error(
						g, np == 3 ? lqt[i] : llqt[i], rhs->loc,
						"%s( ) %s doesn't match previous declaration: expected %lld, found %lld",
						f->name, np == 3 ? lqn[i] : llqn[i],
						(long long)a->params[i], (long long)prm[i]);
		}
		g->img->nedges = mark;
		for (i = 0; i < nkeys; i++)
			g->agg_pname[id][i] &= is_probe_name(lhs->u.agg.keys[i]);
	}

	if (nkeys) {
		const struct img_agg *a = &g->img->aggs[id];

		cg_emit(g, SPT_OP_KINIT, 0, 0, 0,
			a->kkeysize > SPT_KEY_SIZE ? (int32_t)(id | SPT_KEY_BIG) : id);
		for (i = 0; i < nkeys; i++) {
			if (kt[i].kind == CT_STACK) {
				struct cg_stack st = { kt[i].sign, kt[i].psize, kt[i].size, 0, 0 };

				if (cg_stack_type(g, lhs->u.agg.keys[i], &st))
					return -1;

				if (cg_stack_key(g, &st, a->koff[i], lhs->u.agg.keys[i]->loc))
					return -1;
				continue;
			}
			if (kt[i].kind == CT_SYM) {
				if (cg_sym_store(g, a->keys[i].type, kreg[i], 0, a->koff[i], true,
						 lhs->u.agg.keys[i]->loc))
					return -1;
				cg_reg_free(g, kreg[i]);
				continue;
			}
			if (a->keys[i].type == IMG_STR) {
				cg_emit(g, SPT_OP_KSTR, 0, kreg[i], 0, (int32_t)a->koff[i]);
			} else {
				struct ct nt = { CT_INT,
						 a->keys[i].size,
						 a->keys[i].type == IMG_INT,
						 0,
						 0,
						 false,
						 0,
						 0,
						 NULL };

				cg_narrow(g, kreg[i], &nt);
				cg_emit(g, SPT_OP_KINT, 0, kreg[i], 0, (int32_t)a->koff[i]);
			}
			cg_reg_free(g, kreg[i]);
		}
	}
	cg_emit(g, SPT_OP_AGG, 0, vreg, ireg, id);
	cg_reg_free(g, vreg);
	cg_reg_free(g, ireg);
	return g->err;
}

/*
 * Argument ARG of clear, trunc, normalize or denormalize must name a
 * defined aggregation: D_CLEAR_AGGARG, D_TRUNC_AGGBAD and so on, as dtrace.
 */
static int agg_arg(struct cg *g, const char *fn, const struct ast_expr *arg, size_t argno)
{
	/* denormalize shares normalize's tags */
	static const struct {
		const char *fn;
		enum diag_tag arg, bad;
	} tags[] = {
		{ "clear", DIAG_CLEAR_AGGARG, DIAG_CLEAR_AGGBAD },
		{ "trunc", DIAG_TRUNC_AGGARG, DIAG_TRUNC_AGGBAD },
		{ "normalize", DIAG_NORMALIZE_AGGARG, DIAG_NORMALIZE_AGGBAD },
		{ "denormalize", DIAG_NORMALIZE_AGGARG, DIAG_NORMALIZE_AGGBAD },
	};
	enum diag_tag targ = DIAG_PROTO_ARG, tbad = DIAG_IDENT_UNDEF;
	size_t i;
	int id;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (!strcmp(tags[i].fn, fn)) {
			targ = tags[i].arg;
			tbad = tags[i].bad;
		}
	if (arg->kind != AST_AGG || arg->u.agg.nkeys)
		return cg_error(
			g, targ, arg->loc,
			"%s( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
			fn, argno,
			arg->kind == AST_STRING ? "string" :
			arg->kind == AST_INT	? "int" :
						  "expression");
	id = agg_find(g, agg_name(arg));
	if (id < 0)
		return cg_error(g, tbad, arg->loc, "undefined aggregation: @%s", agg_name(arg));
	return id;
}

/*
 * printa(@a[, @b...]) and printa("format", @a[, @b...]): every argument
 * after the format an aggregation defined earlier, all with the same key
 * signature as the first (D_PRINTA_AGGKEY, D_PRINTA_AGGPROTO), as dtrace
 * checks them.
 */
static int printa_aggs(struct cg *g, const struct ast_expr *e, size_t first, uint32_t *ids)
{
	struct ast_expr *const *args = e->u.call.args;
	size_t nargs = e->u.call.nargs, i, k;
	char b1[32], b2[32];

	for (i = first; i < nargs; i++) {
		const struct img_agg *a, *a0;
		int id;

		if (args[i]->kind != AST_AGG || args[i]->u.agg.nkeys) {
			struct ct t;
			const char *tn = "expression";

			if (args[i]->kind == AST_STRING)
				tn = "string";
			else if (args[i]->kind == AST_INT) {
				t = ct_int;
				tn = cg_type_name(&t, b1, sizeof(b1));
			}
			return cg_error(
				g, DIAG_PRINTA_AGGARG, args[i]->loc,
				"printa( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
				i + 1, tn);
		}
		id = agg_find(g, agg_name(args[i]));
		if (id < 0)
			return cg_error(g, DIAG_PRINTA_AGGBAD, args[i]->loc,
					"undefined aggregation: @%s", agg_name(args[i]));
		ids[i - first] = (uint32_t)id;
		if (i == first)
			continue;
		a0 = &g->img->aggs[ids[0]];
		a = &g->img->aggs[id];
		if (a->nkeys != a0->nkeys)
			return cg_error(
				g, DIAG_PRINTA_AGGKEY, args[i]->loc,
				"printa( ): @%s and @%s do not have matching key signatures: @%s has %u key%s, @%s has %u key%s",
				a0->name, a->name, a0->name, a0->nkeys, a0->nkeys == 1 ? "" : "(s)",
				a->name, a->nkeys, a->nkeys == 1 ? "" : "(s)");
		for (k = 0; k < a->nkeys; k++) {
			char n0[64], n1[64];

			if ((a->keys[k].type == IMG_STR) == (a0->keys[k].type == IMG_STR))
				continue;
			snprintf(n0, sizeof(n0), "@%s", a0->name);
			snprintf(n1, sizeof(n1), "@%s", a->name);
			return cg_error(
				g, DIAG_PRINTA_AGGPROTO, args[i]->loc,
				"printa( ): %s[ ] key #%zu is incompatible with %s:\n\t%9s key #%zu: %s\n\t%9s key #%zu: %s",
				n1, k + 1, n0, n0, k + 1,
				key_type_name(&a0->keys[k], b1, sizeof(b1)), n1, k + 1,
				key_type_name(&a->keys[k], b2, sizeof(b2)));
		}
	}
	return 0;
}

/*
 * A printa( ) format against the aggregations' keys: plain conversions
 * (and '*' widths and precisions) take the keys in order, '%@' ones the
 * values of the listed aggregations in turn.
 */
static int printa_fmt_check(struct cg *g, const struct ast_expr *fe, const struct fmt *f,
			    const struct img_agg *a)
{
	size_t i, k = 0, c = 0;
	int s;

	for (i = 0; i < f->n; i++) {
		const struct fmt_piece *pc = &f->pieces[i];

		if (pc->kind == FMT_LIT)
			continue;
		c++;
		for (s = 0; s < pc->star_width + pc->star_prec; s++) {
			if (k >= a->nkeys)
				return cg_error(
					g, DIAG_PRINTF_ARG_PROTO, fe->loc,
					"printa( ) prototype mismatch: conversion #%zu (%%%c) is missing a corresponding \"%s\" argument",
					c, pc->conv, s < pc->star_width ? "*" : ".*");
			if (a->keys[k].type == IMG_STR)
				return cg_error(
					g, DIAG_PRINTF_DYN_TYPE, fe->loc,
					"printa( ) argument #%zu is incompatible with conversion #%zu prototype:\n\tconversion: %% %s %c\n\t prototype: int\n\t  argument: string",
					k + 2, c, s < pc->star_width ? "*" : ".*", pc->conv);
			k++;
		}
		if (pc->agg) {
			if (pc->kind != FMT_INT && pc->kind != FMT_UINT)
				return cg_error(
					g, DIAG_PRINTF_ARG_TYPE, fe->loc,
					"printa( ) aggregating action is incompatible with conversion #%zu prototype:\n\tconversion: %%%c\n\t prototype: char, short, int, long, or long long\n\t  argument: %s",
					c, pc->conv,
					a->func == SPT_AGG_COUNT ? "uint64_t" : "int64_t");
			continue;
		}
		if (k >= a->nkeys)
			return cg_error(
				g, DIAG_PRINTF_ARG_PROTO, fe->loc,
				"printa( ) prototype mismatch: conversion #%zu (%%%c) is missing a corresponding value argument",
				c, pc->conv);
		/* no key is an array: %ls never has its wchar_t [] */
		if (FMT_TAKES_STR(pc->kind) != (a->keys[k].type == IMG_STR) ||
		    pc->kind == FMT_WSTR) {
			char b[32];

			return cg_error(
				g, DIAG_PRINTF_ARG_TYPE, fe->loc,
				"printa( ) argument #%zu is incompatible with conversion #%zu prototype:\n\tconversion: %%%s%c\n\t prototype: %s\n\t  argument: %s",
				k + 2, c, pc->kind == FMT_WSTR ? "l" : "", pc->conv,
				pc->kind == FMT_WSTR	? "wchar_t []" :
				FMT_TAKES_STR(pc->kind) ? "char [] or string (or use stringof)" :
							  "char, short, int, long, or long long",
				key_type_name(&a->keys[k], b, sizeof(b)));
		}
		k++;
	}
	return 0;
}

static int act_printa(struct cg *g, const struct ast_expr *e)
{
	struct ast_expr *const *args = e->u.call.args;
	size_t nargs = e->u.call.nargs, first;
	uint32_t ids[IMG_PRINTA_MAX];
	struct img_action *act;
	char err[128];
	struct fmt f;
	int ret, has_fmt = nargs && args[0]->kind == AST_STRING;

	if (!nargs)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"printa( ) prototype mismatch: 0 args passed, at least 1 expected");
	if (has_fmt && nargs == 1)
		return cg_error(g, DIAG_PRINTA_PROTO, e->loc,
				"printa( ) prototype mismatch: 1 args passed, 2 expected");
	first = has_fmt ? 1 : 0;
	if (nargs - first > IMG_PRINTA_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, e->loc,
				"not supported: printa( ) of more than %d aggregations",
				IMG_PRINTA_MAX);
	if (cg_drec_check(g, "printa", e->loc))
		return -1;
	if (printa_aggs(g, e, first, ids))
		return -1;
	memset(&f, 0, sizeof(f));
	if (has_fmt) {
		ret = fmt_parse(args[0]->u.str.s, &f, err, sizeof(err));
		if (ret == -ENOMEM)
			return cg_nomem(g);
		if (ret)
			return cg_error(g, DIAG_PRINTF_DSIZE, args[0]->loc, "printa( ) %s", err);
		if (printa_fmt_check(g, args[0], &f, &g->img->aggs[ids[0]])) {
			fmt_free(&f);
			return -1;
		}
	}
	act = cg_action_add(g, IMG_ACT_PRINTA);
	if (!act) {
		fmt_free(&f);
		return -1;
	}
	act->agg = ids[0];
	act->naggs = (uint32_t)(nargs - first);
	memcpy(act->aggs, ids, act->naggs * sizeof(ids[0]));
	act->has_fmt = has_fmt;
	act->fmt = f;
	g->records = true;
	return 0;
}

/* clear(@a), denormalize(@a), trunc(@a[, n]), normalize(@a, n). */
static int act_aggop(struct cg *g, const struct ast_expr *e, enum img_act kind, size_t min,
		     size_t max)
{
	const char *fn = e->u.call.name;
	size_t nargs = e->u.call.nargs;
	struct img_action *act;
	int id, r;
	struct ct t;

	if (nargs < min || nargs > max)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu args passed, %zu%s expected", fn,
				nargs, min, max > min ? " or 2" : "");
	if (cg_drec_check(g, fn, e->loc))
		return -1;
	id = agg_arg(g, fn, e->u.call.args[0], 1);
	if (id < 0)
		return -1;
	act = cg_action_add(g, kind);
	if (!act)
		return -1;
	act->agg = (uint32_t)id;
	g->records = true;
	if (nargs < 2)
		return 0;
	r = cg_expr(g, e->u.call.args[1], &t);
	if (r < 0)
		return -1;
	if (t.kind != CT_INT || t.ptr) {
		char b[128];

		cg_reg_free(g, r);
		/* their prototypes: void(@, uint64_t) and void(@, [int64_t]) */
		return cg_error(
			g, DIAG_PROTO_ARG, e->u.call.args[1]->loc,
			"%s( ) argument #2 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			fn, strcmp(fn, "trunc") ? "uint64_t" : "int64_t",
			cg_ct_name(g, &t, b, sizeof(b)));
	}
	if (cg_field_add(g, IMG_INT, 8, e->loc))
		return -1;
	/* The action was added before its field: it owns it. */
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	cg_emit(g, SPT_OP_REC, 0, r, 8, (int32_t)g->cl->fields[g->cl->nfields - 1].offset);
	cg_reg_free(g, r);
	return 0;
}

int cg_agg_action(struct cg *g, const struct ast_expr *e)
{
	const char *name = e->u.call.name;

	if (!strcmp(name, "printa"))
		return act_printa(g, e);
	if (!strcmp(name, "clear"))
		return act_aggop(g, e, IMG_ACT_CLEAR, 1, 1);
	if (!strcmp(name, "denormalize"))
		return act_aggop(g, e, IMG_ACT_DENORMALIZE, 1, 1);
	if (!strcmp(name, "trunc"))
		return act_aggop(g, e, IMG_ACT_TRUNC, 1, 2);
	if (!strcmp(name, "normalize"))
		return act_aggop(g, e, IMG_ACT_NORMALIZE, 2, 2);
	return 1;
}
