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
static int const_int(struct cg *g, const struct ast_expr *e, int64_t *v, const char *tag,
		     const char *what)
{
	int64_t a, b;

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
		*v = e->u.unary.op == AST_OP_NEG ? (int64_t)(0 - (uint64_t)a)
		     : e->u.unary.op == AST_OP_BNOT ? ~a : a;
		return 0;
	case AST_BINARY:
		if (const_int(g, e->u.binary.lhs, &a, tag, what) ||
		    const_int(g, e->u.binary.rhs, &b, tag, what))
			return -1;
		switch (e->u.binary.op) {
		case AST_OP_ADD: *v = (int64_t)((uint64_t)a + (uint64_t)b); return 0;
		case AST_OP_SUB: *v = (int64_t)((uint64_t)a - (uint64_t)b); return 0;
		case AST_OP_MUL: *v = (int64_t)((uint64_t)a * (uint64_t)b); return 0;
		case AST_OP_SHL: *v = (int64_t)((uint64_t)a << (b & 63)); return 0;
		case AST_OP_SHR: *v = a >> (b & 63); return 0;
		case AST_OP_BAND: *v = a & b; return 0;
		case AST_OP_BOR: *v = a | b; return 0;
		case AST_OP_BXOR: *v = a ^ b; return 0;
		case AST_OP_DIV:
		case AST_OP_MOD:
			if (!b || (a == INT64_MIN && b == -1))
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
			e = -(INT64_C(1) << (63 - b)) + 1;	/* above bucket b-1's value */
		else if (b == 63)
			e = 0;
		else
			e = INT64_C(1) << (b - 64);
		if (edges_add(g, e))
			return -1;
	}
	return 0;
}

#define TAG_LQ_BASE "D_LQUANT_BASEVAL"
#define TAG_LQ_LIM "D_LQUANT_LIMVAL"
#define TAG_LQ_STEP "D_LQUANT_STEPVAL"
#define TAG_LLQ "D_LLQUANT_FACTORVAL"

/* lquantize(v, low, high[, step]): underflow, (high - low) / step levels, overflow. */
static int lquantize_edges(struct cg *g, const struct ast_expr *call)
{
	int64_t low, high, step = 1, levels, i;
	struct ast_expr *const *a = call->u.call.args;

	if (const_int(g, a[1], &low, TAG_LQ_BASE, "lquantize( ) lower bound") ||
	    const_int(g, a[2], &high, TAG_LQ_LIM, "lquantize( ) upper bound"))
		return -1;
	if (call->u.call.nargs > 3 &&
	    const_int(g, a[3], &step, TAG_LQ_STEP, "lquantize( ) step"))
		return -1;
	if (low < INT32_MIN || low > INT32_MAX)
		return cg_error(g, TAG_LQ_BASE, a[1]->loc,
				"lquantize( ) lower bound must be a 32-bit quantity");
	if (high < INT32_MIN || high > INT32_MAX)
		return cg_error(g, TAG_LQ_LIM, a[2]->loc,
				"lquantize( ) upper bound must be a 32-bit quantity");
	if (high <= low)
		return cg_error(g, "D_LQUANT_MISMATCH", a[2]->loc,
				"lquantize( ) upper bound (%lld) must be greater than lower bound (%lld)",
				(long long)high, (long long)low);
	if (step <= 0 || step > UINT16_MAX)
		return cg_error(g, TAG_LQ_STEP, call->u.call.nargs > 3 ? a[3]->loc : call->loc,
				"lquantize( ) step must be between 1 and %u", UINT16_MAX);
	levels = (high - low) / step;
	if (levels < 1)
		return cg_error(g, "D_LQUANT_STEPSMALL", call->loc,
				"lquantize( ) step (%lld) is larger than the range", (long long)step);
	if (levels + 3 > SPT_AGG_WORDS_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"not supported: lquantize( ) with more than %d levels",
				SPT_AGG_WORDS_MAX - 3);
	for (i = 0; i <= levels; i++)
		if (edges_add(g, low + i * step))
			return -1;
	return 0;
}

/*
 * llquantize(v, factor, low, high, nsteps): below factor^low, then for
 * each order of magnitude up to high, nsteps linear buckets (fewer where
 * the order is smaller than nsteps) minus those the previous order
 * already covers, then one bucket from factor^(high+1) up.
 */
static int llquantize_edges(struct cg *g, const struct ast_expr *call)
{
	struct ast_expr *const *a = call->u.call.args;
	int64_t factor, low, high, nsteps, order;
	uint64_t this = 1, last;

	if (const_int(g, a[1], &factor, TAG_LLQ, "llquantize( ) factor") ||
	    const_int(g, a[2], &low, "D_LLQUANT_LOWVAL", "llquantize( ) low magnitude") ||
	    const_int(g, a[3], &high, "D_LLQUANT_HIGHVAL", "llquantize( ) high magnitude") ||
	    const_int(g, a[4], &nsteps, "D_LLQUANT_NSTEPVAL", "llquantize( ) steps"))
		return -1;
	if (factor < 2 || factor > UINT16_MAX)
		return cg_error(g, TAG_LLQ, a[1]->loc,
				"llquantize( ) factor must be between 2 and %u", UINT16_MAX);
	if (low < 0 || low > UINT16_MAX)
		return cg_error(g, "D_LLQUANT_LOWVAL", a[2]->loc,
				"llquantize( ) low magnitude must be between 0 and %u", UINT16_MAX);
	if (high < low || high > UINT16_MAX)
		return cg_error(g, "D_LLQUANT_HIGHVAL", a[3]->loc,
				"llquantize( ) high magnitude must be at least the low magnitude (%lld)",
				(long long)low);
	if (nsteps < factor || nsteps > UINT16_MAX)
		return cg_error(g, "D_LLQUANT_NSTEPVAL", a[4]->loc,
				"llquantize( ) steps must be at least the factor (%lld)",
				(long long)factor);
	if (nsteps % factor)
		return cg_error(g, "D_LLQUANT_FACTOREVEN", a[4]->loc,
				"llquantize( ) factor (%lld) must evenly divide steps (%lld)",
				(long long)factor, (long long)nsteps);
	for (order = 0; order < low; order++) {
		if (this > (uint64_t)INT64_MAX / (uint64_t)factor)
			goto toobig;
		this *= (uint64_t)factor;
	}
	last = this;
	for (order = low; order <= high; order++) {
		uint64_t nb, width, j;

		if (this > (uint64_t)INT64_MAX / (uint64_t)factor)
			goto toobig;
		this *= (uint64_t)factor;
		nb = this > (uint64_t)nsteps ? (uint64_t)nsteps : this;
		width = this / nb;
		for (j = 0; j < nb - nb / (uint64_t)factor; j++)
			if (edges_add(g, (int64_t)(last + j * width)))
				goto toomany;
		last = this;
	}
	if (edges_add(g, (int64_t)this))
		goto toomany;
	return 0;
toobig:
	return cg_error(g, "D_LLQUANT_MAGTOOBIG", call->loc,
			"llquantize( ) factor (%lld) raised to the high magnitude (%lld) overflows 64 bits",
			(long long)factor, (long long)high);
toomany:
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
	uint32_t off = 8, edge0 = img->nedges;
	size_t i;
	int ret = 0;

	if (img->naggs >= SPT_AGG_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"not supported: more than %d aggregations", SPT_AGG_MAX);
	if (f->func == SPT_AGG_QUANTIZE)
		ret = quantize_edges(g);
	else if (f->func == SPT_AGG_LQUANTIZE)
		ret = lquantize_edges(g, call);
	else if (f->func == SPT_AGG_LLQUANTIZE)
		ret = llquantize_edges(g, call);
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
	a->nkeys = (uint32_t)nkeys;
	a->flags = nkeys ? SPT_AGGF_KEYED : 0;
	if (f->func == SPT_AGG_LQUANTIZE)
		a->flags |= SPT_AGGF_INT32;
	for (i = 0; i < nkeys; i++) {
		struct img_field *k = &a->keys[i];

		k->offset = off;
		if (kt[i].kind == CT_STR) {
			k->type = IMG_STR;
			k->size = SPT_STRSIZE;
			off += SPT_STRSIZE;
		} else {
			k->type = kt[i].sign && !kt[i].ptr ? IMG_INT : IMG_UINT;
			k->size = kt[i].ptr ? 8 : kt[i].size;
			off += 8;
		}
	}
	if (off > SPT_KEY_SIZE) {
		img->naggs--;
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"aggregation key larger than %d bytes", SPT_KEY_SIZE);
	}
	a->keysize = off;
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

/* The same histogram parameters as the aggregation's first use? */
static bool same_edges(struct cg *g, const struct img_agg *a, uint32_t edge0)
{
	struct image *img = g->img;
	uint32_t n = img->nedges - edge0;

	return n == a->nedges &&
	       !memcmp(&img->edges[a->edge0], &img->edges[edge0], n * sizeof(int64_t));
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
		return cg_error(g, "D_AGG_FUNC", e->loc,
				"@%s must be assigned the result of an aggregating function", name);
	nargs = rhs->u.call.nargs;
	if (nargs < f->min_args || nargs > f->max_args) {
		if (f->min_args == f->max_args)
			return cg_error(g, DIAG_PROTO_LEN, rhs->loc,
					"%s( ) prototype mismatch: %zu args passed, %u expected",
					f->name, nargs, f->min_args);
		return cg_error(g, DIAG_PROTO_LEN, rhs->loc,
				"%s( ) prototype mismatch: %zu args passed, %u to %u expected",
				f->name, nargs, f->min_args, f->max_args);
	}
	if (nkeys > CG_MAX_KEYS || nkeys > IMG_AGG_KEYS)
		return cg_error(g, DIAG_UNSUPPORTED, lhs->loc,
				"aggregation key of more than %d elements", CG_MAX_KEYS);
	/* Keys first, then the value: registers hold them until the update. */
	for (i = 0; i < nkeys; i++) {
		kreg[i] = cg_expr(g, lhs->u.agg.keys[i], &kt[i]);
		if (kreg[i] < 0)
			return -1;
		if (kt[i].kind != CT_INT && kt[i].kind != CT_STR)
			return cg_error(g, "D_AGG_KEY", lhs->u.agg.keys[i]->loc,
					"@%s[ ] key #%zu must be an integer or a string", name, i + 1);
	}
	if (nargs) {
		vreg = cg_expr(g, rhs->u.call.args[0], &t);
		if (vreg < 0)
			return -1;
		if (t.kind != CT_INT)
			return cg_error(g, "D_AGG_SCALAR", rhs->u.call.args[0]->loc,
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
			return cg_error(g, "D_AGG_SCALAR", rhs->u.call.args[nargs - 1]->loc,
					"%s( ) increment must be of scalar type", f->name);
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
	} else {
		struct img_agg *a = &g->img->aggs[id];
		uint32_t mark = g->img->nedges;
		int ret = 0;

		if (a->func != f->func)
			return cg_error(g, "D_AGG_REDEF", e->loc,
					"@%s: aggregation redefined: %s( ) is not %s( )", name,
					f->name, cg_agg_func_name(a->func));
		if (a->nkeys != nkeys)
			return cg_error(g, "D_AGG_DIM", lhs->loc,
					"@%s: %zu key%s given, the aggregation has %u", name, nkeys,
					nkeys == 1 ? "" : "s", a->nkeys);
		for (i = 0; i < nkeys; i++)
			if ((a->keys[i].type == IMG_STR) != (kt[i].kind == CT_STR))
				return cg_error(g, "D_AGG_DIM", lhs->u.agg.keys[i]->loc,
						"@%s[ ] key #%zu must be %s", name, i + 1,
						a->keys[i].type == IMG_STR ? "a string" : "an integer");
		/* Histogram parameters must not change either. */
		if (f->func == SPT_AGG_LQUANTIZE)
			ret = lquantize_edges(g, rhs);
		else if (f->func == SPT_AGG_LLQUANTIZE)
			ret = llquantize_edges(g, rhs);
		if (ret)
			return -1;
		if ((f->func == SPT_AGG_LQUANTIZE || f->func == SPT_AGG_LLQUANTIZE) &&
		    !same_edges(g, a, mark))
			return cg_error(g, "D_AGG_REDEF", rhs->loc,
					"@%s: aggregation redefined: %s( ) parameters differ", name,
					f->name);
		g->img->nedges = mark;
	}

	if (nkeys) {
		const struct img_agg *a = &g->img->aggs[id];

		cg_emit(g, SPT_OP_KINIT, 0, 0, 0, id);
		for (i = 0; i < nkeys; i++) {
			if (a->keys[i].type == IMG_STR) {
				cg_emit(g, SPT_OP_KSTR, 0, kreg[i], 0, (int32_t)a->keys[i].offset);
			} else {
				struct ct nt = { CT_INT, a->keys[i].size, a->keys[i].type == IMG_INT,
						 0, 0, false };

				cg_narrow(g, kreg[i], &nt);
				cg_emit(g, SPT_OP_KINT, 0, kreg[i], 0, (int32_t)a->keys[i].offset);
			}
			cg_reg_free(g, kreg[i]);
		}
	}
	cg_emit(g, SPT_OP_AGG, 0, vreg, ireg, id);
	cg_reg_free(g, vreg);
	cg_reg_free(g, ireg);
	return g->err;
}

/* Argument ARG of an aggregation action must name a defined aggregation. */
static int agg_arg(struct cg *g, const char *fn, const struct ast_expr *arg, size_t argno)
{
	int id;

	if (arg->kind != AST_AGG || arg->u.agg.nkeys)
		return cg_error(g, "D_AGG_ARG", arg->loc,
				"%s( ) argument #%zu must be an aggregation (@name, without keys)",
				fn, argno);
	id = agg_find(g, agg_name(arg));
	if (id < 0)
		return cg_error(g, DIAG_IDENT_UNDEF, arg->loc,
				"failed to resolve @%s: Unknown aggregation", agg_name(arg));
	return id;
}

/* The D type of key K of A, for messages. */
static const char *key_type_name(const struct img_field *k, char *buf, size_t len)
{
	struct ct t = ct_int;

	if (k->type == IMG_STR)
		return "string";
	t.size = k->size;
	t.sign = k->type == IMG_INT;
	return cg_type_name(&t, buf, len);
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
			return cg_error(g, "D_PRINTA_AGGARG", args[i]->loc,
					"printa( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
					i + 1, tn);
		}
		id = agg_find(g, agg_name(args[i]));
		if (id < 0)
			return cg_error(g, "D_PRINTA_AGGBAD", args[i]->loc,
					"undefined aggregation: @%s", agg_name(args[i]));
		ids[i - first] = (uint32_t)id;
		if (i == first)
			continue;
		a0 = &g->img->aggs[ids[0]];
		a = &g->img->aggs[id];
		if (a->nkeys != a0->nkeys)
			return cg_error(g, "D_PRINTA_AGGKEY", args[i]->loc,
					"printa( ): @%s and @%s do not have matching key signatures: @%s has %u key%s, @%s has %u key%s",
					a0->name, a->name, a0->name, a0->nkeys,
					a0->nkeys == 1 ? "" : "(s)", a->name, a->nkeys,
					a->nkeys == 1 ? "" : "(s)");
		for (k = 0; k < a->nkeys; k++) {
			char n0[64], n1[64];

			if ((a->keys[k].type == IMG_STR) == (a0->keys[k].type == IMG_STR))
				continue;
			snprintf(n0, sizeof(n0), "@%s", a0->name);
			snprintf(n1, sizeof(n1), "@%s", a->name);
			return cg_error(g, "D_PRINTA_AGGPROTO", args[i]->loc,
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
				return cg_error(g, DIAG_PRINTF_ARG_PROTO, fe->loc,
						"printa( ) prototype mismatch: conversion #%zu (%%%c) is missing a corresponding \"%s\" argument",
						c, pc->conv,
						s < pc->star_width ? "*" : ".*");
			if (a->keys[k].type == IMG_STR)
				return cg_error(g, "D_PRINTF_DYN_TYPE", fe->loc,
						"printa( ) argument #%zu is incompatible with conversion #%zu prototype:\n\tconversion: %% %s %c\n\t prototype: int\n\t  argument: string",
						k + 2, c, s < pc->star_width ? "*" : ".*", pc->conv);
			k++;
		}
		if (pc->agg) {
			if (pc->kind != FMT_INT && pc->kind != FMT_UINT)
				return cg_error(g, DIAG_PRINTF_ARG_TYPE, fe->loc,
						"printa( ) aggregating action is incompatible with conversion #%zu prototype:\n\tconversion: %%%c\n\t prototype: char, short, int, long, or long long\n\t  argument: %s",
						c, pc->conv,
						a->func == SPT_AGG_COUNT ? "uint64_t" : "int64_t");
			continue;
		}
		if (k >= a->nkeys)
			return cg_error(g, DIAG_PRINTF_ARG_PROTO, fe->loc,
					"printa( ) prototype mismatch: conversion #%zu (%%%c) is missing a corresponding value argument",
					c, pc->conv);
		if (FMT_TAKES_STR(pc->kind) != (a->keys[k].type == IMG_STR)) {
			char b[32];

			return cg_error(g, DIAG_PRINTF_ARG_TYPE, fe->loc,
					"printa( ) argument #%zu is incompatible with conversion #%zu prototype:\n\tconversion: %%%c\n\t prototype: %s\n\t  argument: %s",
					k + 2, c, pc->conv,
					FMT_TAKES_STR(pc->kind) ? "char [] or string (or use stringof)"
							    : "char, short, int, long, or long long",
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
		return cg_error(g, "D_PRINTA_PROTO", e->loc,
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
			return cg_error(g, DIAG_PRINTF_FMT, args[0]->loc, "printa( ) %s", err);
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
				"%s( ) prototype mismatch: %zu args passed, %zu%s expected", fn, nargs,
				min, max > min ? " or 2" : "");
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
	if (t.kind != CT_INT) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_PROTO_ARG, e->u.call.args[1]->loc,
				"%s( ) argument #2 must be an integer", fn);
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
