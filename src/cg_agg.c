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

	/* Library constants and constant inlines count, as in dtrace. */
	if (cg_const_fold(g, e, v))
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
				return cg_error(g, !b ? "D_DIV_ZERO" : tag, e->loc, !b
					? "expression contains division by zero"
					: "%s must be an integer constant", what);
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

/*
 * lquantize(v, base, limit[, step]): underflow, (limit - base) / step
 * levels, overflow. The checks and messages are dtrace's; the parameters
 * are left in g->agg_par_new for the comparison with an earlier use.
 */
static int lquantize_edges(struct cg *g, const struct ast_expr *call)
{
	int64_t low, high, step = 1, levels, i;
	struct ast_expr *const *a = call->u.call.args;

	if (const_int(g, a[1], &low, "D_LQUANT_BASETYPE", "lquantize( ) argument #1"))
		return -1;
	if (low < INT32_MIN || low > INT32_MAX)
		return cg_error(g, "D_LQUANT_BASEVAL", a[1]->loc,
				"lquantize( ) argument #1 must be a 32-bit quantity");
	if (const_int(g, a[2], &high, "D_LQUANT_LIMTYPE", "lquantize( ) argument #2"))
		return -1;
	if (high < INT32_MIN || high > INT32_MAX)
		return cg_error(g, "D_LQUANT_LIMVAL", a[2]->loc,
				"lquantize( ) argument #2 must be a 32-bit quantity");
	if (high <= low)
		return cg_error(g, "D_LQUANT_MISMATCH", a[2]->loc,
				"lquantize( ) base (argument #1) must be less than limit (argument #2)");
	if (call->u.call.nargs > 3) {
		if (const_int(g, a[3], &step, "D_LQUANT_STEPTYPE", "lquantize( ) argument #3"))
			return -1;
		if (step <= 0)
			return cg_error(g, "D_LQUANT_STEPTYPE", a[3]->loc,
					"lquantize( ) argument #3 must be a non-zero positive integer constant");
		if (step > UINT16_MAX)
			return cg_error(g, "D_LQUANT_STEPVAL", a[3]->loc,
					"lquantize( ) argument #3 must be a 16-bit quantity");
	}
	levels = (high - low) / step;
	if (levels < 1)
		return cg_error(g, "D_LQUANT_STEPLARGE", call->loc,
				"lquantize( ) step (argument #3) too large: must have at least one quantization level");
	if (levels > UINT16_MAX)
		return cg_error(g, "D_LQUANT_STEPSMALL", call->loc,
				"lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity");
	if (levels + 3 > SPT_AGG_WORDS_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, call->loc,
				"not supported: lquantize( ) with more than %d levels",
				SPT_AGG_WORDS_MAX - 3);
	g->agg_par_new[0] = low;
	g->agg_par_new[1] = low + levels * step;
	g->agg_par_new[2] = step;
	g->agg_par_new[3] = 0;
	for (i = 0; i <= levels; i++)
		if (edges_add(g, low + i * step))
			return -1;
	return 0;
}

/*
 * llquantize(v, factor, low, high, nsteps): below factor^low, then for
 * each order of magnitude up to high, nsteps linear buckets (fewer where
 * the order is smaller than nsteps) minus those the previous order
 * already covers, then one bucket from factor^(high+1) up. The checks and
 * messages are dtrace's.
 */
static int llquantize_edges(struct cg *g, const struct ast_expr *call)
{
	struct ast_expr *const *a = call->u.call.args;
	int64_t factor, low, high, nsteps, order;
	uint64_t this = 1, last, p;

	if (const_int(g, a[1], &factor, "D_LLQUANT_FACTORTYPE", "llquantize( ) argument #1"))
		return -1;
	if (factor < 2 || factor > UINT16_MAX)
		return cg_error(g, "D_LLQUANT_FACTORVAL", a[1]->loc,
				"llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2");
	if (const_int(g, a[2], &low, "D_LLQUANT_LMAGTYPE", "llquantize( ) argument #2"))
		return -1;
	if (low < 0 || low > UINT16_MAX)
		return cg_error(g, "D_LLQUANT_LMAGVAL", a[2]->loc,
				"llquantize( ) argument #2 must be an unsigned 16-bit quantity");
	if (const_int(g, a[3], &high, "D_LLQUANT_HMAGTYPE", "llquantize( ) argument #3"))
		return -1;
	if (high < 0 || high > UINT16_MAX)
		return cg_error(g, "D_LLQUANT_HMAGVAL", a[3]->loc,
				"llquantize( ) argument #3 must be an unsigned 16-bit quantity");
	if (high < low)
		return cg_error(g, "D_LLQUANT_HMAGVAL", a[3]->loc,
				"llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)");
	for (p = 1, order = 0; order <= high; order++) {
		if (p > UINT64_MAX / (uint64_t)factor)
			return cg_error(g, "D_LLQUANT_HMAGVAL", a[3]->loc,
					"llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits");
		p *= (uint64_t)factor;
	}
	if (const_int(g, a[4], &nsteps, "D_LLQUANT_STEPTYPE", "llquantize( ) argument #4"))
		return -1;
	if (nsteps <= 0)
		return cg_error(g, "D_LLQUANT_STEPTYPE", a[4]->loc,
				"llquantize( ) argument #4 must be a non-zero positive integer constant");
	if (nsteps > UINT16_MAX)
		return cg_error(g, "D_LLQUANT_STEPVAL", a[4]->loc,
				"llquantize( ) argument #4 must be an unsigned 16-bit quantity");
	if (nsteps < factor && factor % nsteps)
		return cg_error(g, "D_LLQUANT_STEPVAL", a[4]->loc,
				"llquantize( ) argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
	if (nsteps > factor) {
		if (nsteps % factor)
			return cg_error(g, "D_LLQUANT_STEPVAL", a[4]->loc,
					"llquantize( ) argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor");
		for (p = (uint64_t)factor, order = 0; order < (low ? low : 1); order++)
			p *= (uint64_t)factor;
		if (p % (uint64_t)nsteps)
			return cg_error(g, "D_LLQUANT_STEPVAL", a[4]->loc, low == 0
					? "llquantize( ) argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0"
					: "llquantize( ) argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0");
	}
	g->agg_par_new[0] = factor;
	g->agg_par_new[1] = low;
	g->agg_par_new[2] = high;
	g->agg_par_new[3] = nsteps;
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
	/* Fits dtrace's 64 unsigned bits, not the signed edges spectrace keeps. */
	return cg_error(g, DIAG_UNSUPPORTED, call->loc,
			"not supported: llquantize( ) buckets above INT64_MAX");
toomany:
	if (g->err)
		return -1;
	return cg_error(g, DIAG_UNSUPPORTED, call->loc,
			"not supported: more than %d histogram buckets in one program",
			SPT_AGG_EDGES_MAX);
}

/*
 * A later lquantize( ) or llquantize( ) of an aggregation: its parameters
 * (g->agg_par_new) must be those of the first (PREV), checked in order.
 */
static int same_params(struct cg *g, const char *fn, const int64_t *prev,
		       const struct ast_expr *call)
{
	static const char *const lq[] = { "D_LQUANT_MATCHBASE", "base (argument #1)",
					  "D_LQUANT_MATCHLIM", "limit (argument #2)",
					  "D_LQUANT_MATCHSTEP", "step (argument #3)" };
	static const char *const llq[] = { "D_LLQUANT_MATCHFACTOR", "factor (argument #1)",
					   "D_LLQUANT_MATCHLMAG", "lmag (argument #2)",
					   "D_LLQUANT_MATCHHMAG", "hmag (argument #3)",
					   "D_LLQUANT_MATCHSTEPS", "steps (argument #4)" };
	const char *const *t = fn[1] == 'q' ? lq : llq;
	size_t i, n = fn[1] == 'q' ? 3 : 4;

	for (i = 0; i < n; i++)
		if (prev[i] != g->agg_par_new[i])
			return cg_error(g, t[2 * i], call->loc,
					"%s( ) %s doesn't match previous declaration: expected %lld, found %lld",
					fn, t[2 * i + 1], (long long)prev[i],
					(long long)g->agg_par_new[i]);
	return 0;
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
		const char *pl = nargs == 1 ? "" : "s";

		if (f->min_args == f->max_args)
			return cg_error(g, DIAG_PROTO_LEN, rhs->loc,
					"%s( ) prototype mismatch: %zu arg%s passed, %u expected",
					f->name, nargs, pl, f->min_args);
		return cg_error(g, DIAG_PROTO_LEN, rhs->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, at %s %u expected",
				f->name, nargs, pl, nargs < f->min_args ? "least" : "most",
				nargs < f->min_args ? f->min_args : f->max_args);
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
					"%s( ) argument #%zu must be of scalar type", f->name, nargs);
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
		g->agg_line[id] = e->loc.line;
		memcpy(g->agg_par[id], g->agg_par_new, sizeof(g->agg_par[id]));
	} else {
		struct img_agg *a = &g->img->aggs[id];
		uint32_t mark = g->img->nedges;
		int ret = 0;

		if (a->func != f->func)
			return cg_error(g, "D_AGG_REDEF", e->loc,
					"aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: @%s = %s( ) : line %u",
					name, name, f->name, name, cg_agg_func_name(a->func), g->agg_line[id]);
		if (a->nkeys != nkeys)
			return cg_error(g, DIAG_PROTO_LEN, lhs->loc,
					"@%s[ ] prototype mismatch: %zu key%s passed, %u expected", name,
					nkeys, nkeys == 1 ? "" : "s", a->nkeys);
		for (i = 0; i < nkeys; i++) {
			char b[32];

			if ((a->keys[i].type == IMG_STR) != (kt[i].kind == CT_STR))
				return cg_error(g, DIAG_PROTO_ARG, lhs->u.agg.keys[i]->loc,
						"@%s[ ] key #%zu is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
						name, i + 1, a->keys[i].type == IMG_STR ? "string" : "int",
						cg_type_name(&kt[i], b, sizeof(b)));
		}
		/* Histogram parameters must not change either. */
		if (f->func == SPT_AGG_LQUANTIZE)
			ret = lquantize_edges(g, rhs);
		else if (f->func == SPT_AGG_LLQUANTIZE)
			ret = llquantize_edges(g, rhs);
		if (ret)
			return -1;
		if ((f->func == SPT_AGG_LQUANTIZE || f->func == SPT_AGG_LLQUANTIZE) &&
		    same_params(g, f->name, g->agg_par[id], rhs))
			return -1;
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

/*
 * Argument ARG of an aggregation action must name an aggregation assigned
 * earlier in the program: dtrace's D_<FN>_AGGARG and D_<FN>_AGGBAD
 * (denormalize shares normalize's tags).
 */
static int agg_arg(struct cg *g, const char *fn, const struct ast_expr *arg, size_t argno)
{
	static const struct {
		const char *fn, *aggarg, *aggbad;
	} tags[] = {
		{ "printa", "D_PRINTA_AGGARG", "D_PRINTA_AGGBAD" },
		{ "clear", "D_CLEAR_AGGARG", "D_CLEAR_AGGBAD" },
		{ "trunc", "D_TRUNC_AGGARG", "D_TRUNC_AGGBAD" },
		{ "normalize", "D_NORMALIZE_AGGARG", "D_NORMALIZE_AGGBAD" },
		{ "denormalize", "D_NORMALIZE_AGGARG", "D_NORMALIZE_AGGBAD" },
	};
	const char *aggarg = "D_PRINTA_AGGARG", *aggbad = "D_PRINTA_AGGBAD";
	size_t i;
	int id;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		if (!strcmp(tags[i].fn, fn)) {
			aggarg = tags[i].aggarg;
			aggbad = tags[i].aggbad;
		}
	}
	if (arg->kind != AST_AGG || arg->u.agg.nkeys) {
		struct ct t;
		char b[32];
		int r;

		if (arg->kind == AST_AGG)
			return cg_error(g, aggarg, arg->loc,
					"%s( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: @%s[ ]",
					fn, argno, agg_name(arg));
		r = cg_expr(g, arg, &t);
		if (r < 0)
			return -1;
		cg_reg_free(g, r);
		return cg_error(g, aggarg, arg->loc,
				"%s( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
				fn, argno, cg_type_name(&t, b, sizeof(b)));
	}
	id = agg_find(g, agg_name(arg));
	if (id < 0)
		return cg_error(g, aggbad, arg->loc, "undefined aggregation: @%s", agg_name(arg));
	return id;
}

/* printa(@a) or printa("format", @a). */
static int act_printa(struct cg *g, const struct ast_expr *e)
{
	struct ast_expr *const *args = e->u.call.args;
	size_t nargs = e->u.call.nargs, i, k = 0;
	const struct img_agg *a;
	struct img_action *act;
	char err[128];
	struct fmt f;
	int id, ret, has_fmt = nargs && args[0]->kind == AST_STRING;

	if (nargs < 1 || nargs > 2 || (nargs == 2 && !has_fmt))
		return cg_error(g, nargs > 2 ? DIAG_UNSUPPORTED : DIAG_PROTO_LEN, e->loc,
				nargs > 2 ? "not supported yet: printa( ) of several aggregations"
					  : "printa( ) prototype mismatch: expected printa([format, ] @aggregation)");
	if (has_fmt && nargs == 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"printa( ) prototype mismatch: an aggregation must follow the format");
	if (cg_drec_check(g, "printa", e->loc))
		return -1;
	id = agg_arg(g, "printa", args[nargs - 1], nargs);
	if (id < 0)
		return -1;
	a = &g->img->aggs[id];
	memset(&f, 0, sizeof(f));
	if (has_fmt) {
		ret = fmt_parse(args[0]->u.str.s, &f, err, sizeof(err));
		if (ret == -ENOMEM)
			return cg_nomem(g);
		if (ret)
			return cg_error(g, DIAG_SYNTAX, args[0]->loc, "%s", err);
		/* Conversions without '@' take the keys in order, '@' ones the value. */
		for (i = 0; i < f.n; i++) {
			const struct fmt_piece *pc = &f.pieces[i];

			if (pc->kind == FMT_LIT)
				continue;
			if (pc->star_width || pc->star_prec) {
				ret = cg_error(g, DIAG_UNSUPPORTED, args[0]->loc,
						"not supported: '*' in a printa( ) format");
				break;
			}
			if (pc->agg) {
				if (pc->kind != FMT_INT && pc->kind != FMT_UINT) {
					ret = cg_error(g, DIAG_PRINTF_ARG_TYPE, args[0]->loc,
							"printa( ) conversion #%zu: %%@%c cannot print an aggregation's value",
							i + 1, pc->conv);
					break;
				}
				continue;
			}
			if (k >= a->nkeys) {
				ret = cg_error(g, DIAG_PRINTF_ARG_EXTRA, args[0]->loc,
						"printa( ) format requires more keys than @%s has (%u)",
						a->name, a->nkeys);
				break;
			}
			if ((pc->kind == FMT_STR) != (a->keys[k].type == IMG_STR)) {
				ret = cg_error(g, DIAG_PRINTF_ARG_TYPE, args[0]->loc,
						"printa( ) conversion #%zu (%%%c) is incompatible with key #%zu of @%s (%s)",
						i + 1, pc->conv, k + 1, a->name,
						a->keys[k].type == IMG_STR ? "string" : "integer");
				break;
			}
			k++;
		}
		if (ret) {
			fmt_free(&f);
			return -1;
		}
	}
	act = cg_action_add(g, IMG_ACT_PRINTA);
	if (!act) {
		fmt_free(&f);
		return -1;
	}
	act->agg = (uint32_t)id;
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
				"%s( ) prototype mismatch: %zu arg%s passed, %s%zu expected", fn, nargs,
				nargs == 1 ? "" : "s",
				max == min ? "" : nargs < min ? "at least " : "at most ",
				nargs < min ? min : max);
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
