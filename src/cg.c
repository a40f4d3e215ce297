/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator. One walk over each clause types every expression,
 * resolves every name in D's order (a variable exists from its first
 * assignment in program order on) and emits bytecode for the VM of
 * bpf/vm.h, plus the record layout the printer needs.
 *
 * Invariants:
 * - Every register holds a full 64-bit value, as DTrace's DIF registers
 *   do; values are narrowed to their type only by casts, by stores into a
 *   variable and when recorded.
 * - Nothing that spectrace cannot run is compiled: unsupported constructs
 *   are D_UNSUPPORTED errors, never silently dropped code.
 * - On any error the image is freed and the first error is in the
 *   diagnostics; code generation stops at the first error, as dtrace does.
 *
 * Register use: a bitmask allocator over r1..r15; an expression returns
 * the register that holds its value, which the caller frees.
 *
 * This file drives the compilation (programs, clauses, pragmas,
 * declarations) and compiles the actions and their records; expressions,
 * types and variables are in cg_expr.c, the shared state in cg_priv.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#include "abi/buf.h"
#include "abi/isa.h"
#include "cg.h"
#include "cg_priv.h"
#include "diag.h"
#include "fmt.h"
#include "vm.h"

/* Reserve a field of SIZE bytes in the clause's record and describe it. */
int cg_field_add(struct cg *g, enum img_ftype type, unsigned int size, struct ast_loc loc)
{
	struct img_clause *cl = g->cl;
	struct img_field *f;

	if (g->recoff + (type == IMG_STR ? size : 8) > SPT_REC_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, loc,
				"clause records more than %d bytes", SPT_REC_MAX);
	if (cl->nfields == g->fcap) {
		size_t cap = g->fcap ? g->fcap * 2 : 8;
		struct img_field *nf = realloc(cl->fields, cap * sizeof(*nf));

		if (!nf)
			return cg_nomem(g);
		cl->fields = nf;
		g->fcap = cap;
	}
	f = &cl->fields[cl->nfields++];
	f->type = type;
	f->size = size;
	/* Integers are recorded as 8 bytes, narrowed and extended to their type. */
	f->offset = g->recoff;
	g->recoff += type == IMG_STR ? size : 8;
	g->records = true;
	return 0;
}

struct img_action *cg_action_add(struct cg *g, enum img_act kind)
{
	struct img_clause *cl = g->cl;
	struct img_action *a;

	if (cl->nacts == g->acap) {
		size_t cap = g->acap ? g->acap * 2 : 4;
		struct img_action *na = realloc(cl->acts, cap * sizeof(*na));

		if (!na) {
			cg_nomem(g);
			return NULL;
		}
		cl->acts = na;
		g->acap = cap;
	}
	a = &cl->acts[cl->nacts++];
	memset(a, 0, sizeof(*a));
	g->records = true;
	a->kind = kind;
	a->first = (uint32_t)cl->nfields;
	return a;
}

/* Evaluate E and record it as an integer field. */
static int record_int(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	int r = cg_expr(g, e, t);

	if (r < 0)
		return -1;
	if (t->kind == CT_STR) {
		/* As long as the string can be, in 8-byte steps: fields stay aligned. */
		unsigned int size = (ct_strmax(t) + 7) & ~7u;

		if (cg_field_add(g, IMG_STR, size, e->loc))
			return -1;
		cg_emit(g, SPT_OP_RECS, 0, r, (int)(size / 8),
			(int32_t)g->cl->fields[g->cl->nfields - 1].offset);
		cg_reg_free(g, r);
		return 0;
	}
	if (t->kind != CT_INT) {
		cg_reg_free(g, r);
		return 1;
	}
	cg_narrow(g, r, t);
	if (cg_field_add(g, t->sign && !t->ptr ? IMG_INT : IMG_UINT, t->ptr ? 8 : t->size, e->loc))
		return -1;
	cg_emit(g, SPT_OP_REC, 0, r, 8, (int32_t)g->cl->fields[g->cl->nfields - 1].offset);
	cg_reg_free(g, r);
	return 0;
}

/*
 * D's speculation rules for a data-recording action: it may follow
 * speculate() (it is then speculative) but not commit() or discard().
 */
int cg_drec_check(struct cg *g, const char *what, struct ast_loc loc)
{
	if (g->committed)
		return cg_error(g, "D_DREC_COMM", loc,
				"data-recording actions may not follow commit( ): %s( )", what);
	return 0;
}

/* Argument #1 of NAME( ), which must be an integer: its register, or -1. */
static int int_arg1(struct cg *g, const struct ast_expr *e, const char *name)
{
	struct ct t;
	int r = cg_expr(g, e->u.call.args[0], &t);

	if (r < 0)
		return -1;
	if (t.kind != CT_INT) {
		char b[32];

		cg_reg_free(g, r);
		return cg_error(g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
				"%s( ) argument #1 is incompatible with prototype: prototype: int, argument: %s",
				name, cg_type_name(&t, b, sizeof(b)));
	}
	return r;
}

/* speculate(id), commit(id), discard(id). */
int cg_spec_action(struct cg *g, const struct ast_expr *e)
{
	const char *name = e->u.call.name;
	bool spec = !strcmp(name, "speculate"), disc = !strcmp(name, "discard");
	int r;

	if (!spec && !disc && strcmp(name, "commit"))
		return 1;
	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu args passed, 1 expected", name,
				e->u.call.nargs);
	if (spec) {
		if (g->speculative)
			return cg_error(g, "D_SPEC_SPEC", e->loc,
					"speculate( ) may not follow speculate( )");
		if (g->committed)
			return cg_error(g, "D_SPEC_COMM", e->loc,
					"speculate( ) may not follow commit( )");
		if (g->records)
			return cg_error(g, "D_SPEC_DREC", e->loc,
					"speculate( ) may not follow data-recording actions");
	} else {
		if (g->speculative)
			return cg_error(g, "D_COMM_SPEC", e->loc,
					"%s( ) may not follow speculate( )", name);
		if (g->records)
			return cg_error(g, "D_COMM_DREC", e->loc,
					"%s( ) may not follow data-recording actions", name);
	}
	r = int_arg1(g, e, name);
	if (r < 0)
		return -1;
	if (spec) {
		cg_emit(g, SPT_OP_SPEC, 0, r, 0, 0);
		g->speculative = true;
	} else {
		cg_emit(g, SPT_OP_COMMIT, 0, r, disc ? 1 : 0, 0);
		g->committed = true;
	}
	g->uses_spec = true;
	cg_reg_free(g, r);
	return 0;
}

static int act_trace(struct cg *g, const struct ast_expr *e)
{
	struct img_action *a;
	struct ct t;
	char b[32];
	int ret;

	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"trace( ) prototype mismatch: %zu args passed, 1 expected",
				e->u.call.nargs);
	if (cg_drec_check(g, "trace", e->loc))
		return -1;
	a = cg_action_add(g, IMG_ACT_TRACE);
	if (!a)
		return -1;
	ret = record_int(g, e->u.call.args[0], &t);
	if (ret < 0)
		return -1;
	if (ret > 0)
		return cg_error(g, t.kind == CT_VOID ? DIAG_PROTO_ARG : DIAG_UNSUPPORTED,
				e->u.call.args[0]->loc,
				t.kind == CT_VOID ? "trace( ) argument #1 is incompatible with prototype: prototype: any, argument: %s"
						  : "not supported yet: trace( ) of %s",
				cg_type_name(&t, b, sizeof(b)));
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	return 0;
}

static int act_exit(struct cg *g, const struct ast_expr *e)
{
	int r;

	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"exit( ) prototype mismatch: %zu args passed, 1 expected",
				e->u.call.nargs);
	if (g->speculative)
		return cg_error(g, "D_EXIT_SPEC", e->loc, "exit( ) may not follow speculate( )");
	if (cg_drec_check(g, "exit", e->loc))
		return -1;
	r = int_arg1(g, e, "exit");
	if (r < 0)
		return -1;
	if (!cg_action_add(g, IMG_ACT_EXIT))
		return -1;
	cg_narrow(g, r, &ct_int);
	if (cg_field_add(g, IMG_INT, 4, e->loc))
		return -1;
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	cg_emit(g, SPT_OP_REC, 0, r, 8, (int32_t)g->cl->fields[g->cl->nfields - 1].offset);
	cg_emit(g, SPT_OP_EXIT, 0, r, 0, 0);
	cg_reg_free(g, r);
	return 0;
}

/*
 * printf("fmt", ...) and system("fmt", ...): the format checked now, the
 * arguments recorded; the consumer formats them (system() then runs the
 * result with /bin/sh).
 */
static int act_printf(struct cg *g, const struct ast_expr *e, enum img_act kind)
{
	const char *name = e->u.call.name;
	const struct ast_expr *fe;
	struct img_action *a;
	char err[128], b[32];
	size_t i, ai, nv;
	struct fmt f;
	int ret;

	if (e->u.call.nargs < 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: 0 args passed, at least 1 expected", name);
	if (kind == IMG_ACT_PRINTF && cg_drec_check(g, name, e->loc))
		return -1;
	fe = e->u.call.args[0];
	if (fe->kind != AST_STRING)
		return cg_error(g, DIAG_PRINTF_ARG_PROTO, fe->loc,
				"%s( ) argument #1 is incompatible with prototype: prototype: string constant, argument: expression",
				name);
	ret = fmt_parse(fe->u.str.s, &f, err, sizeof(err));
	if (ret == -ENOMEM)
		return cg_nomem(g);
	if (ret)
		return cg_error(g, DIAG_PRINTF_FMT, fe->loc, "%s( ) %s", name, err);
	nv = e->u.call.nargs - 1;
	if (nv != f.nargs) {
		fmt_free(&f);
		if (nv > f.nargs)
			return cg_error(g, DIAG_PRINTF_ARG_EXTRA, e->u.call.args[f.nargs + 1]->loc,
					"%s( ) prototype mismatch: only %zu arguments required by this format string",
					name, f.nargs);
		return cg_error(g, DIAG_PRINTF_ARG_PROTO, e->loc,
				"%s( ) prototype mismatch: the format string requires %zu arguments, %zu passed",
				name, f.nargs, nv);
	}
	for (i = 0; i < f.n; i++) {
		if (f.pieces[i].agg) {
			fmt_free(&f);
			return cg_error(g, DIAG_PRINTF_FMT, fe->loc,
					"%s( ) conversion #%zu: %%@ is for printa( ) only", name,
					i + 1);
		}
	}
	a = cg_action_add(g, kind);
	if (!a) {
		fmt_free(&f);
		return -1;
	}
	a->fmt = f;
	/* Walk conversions and their arguments together to check each kind. */
	for (i = 0, ai = 1; i < f.n && !g->err; i++) {
		const struct fmt_piece *pc = &f.pieces[i];
		int k, nk = pc->kind == FMT_LIT ? 0 : 1 + pc->star_width + pc->star_prec;

		for (k = 0; k < nk; k++, ai++) {
			struct ct t;
			bool want_str = k == nk - 1 && pc->kind == FMT_STR;

			ret = record_int(g, e->u.call.args[ai], &t);
			if (ret < 0)
				return -1;
			if (ret > 0 || want_str != (t.kind == CT_STR))
				return cg_error(g, DIAG_PRINTF_ARG_TYPE, e->u.call.args[ai]->loc,
						"%s( ) argument #%zu is incompatible with conversion #%zu prototype: conversion: %%%c, argument: %s",
						name, ai + 1, i + 1, pc->conv,
						t.kind == CT_INT && !t.ptr ? "integer" : cg_type_name(&t, b, sizeof(b)));
		}
	}
	g->cl->acts[g->cl->nacts - 1].nfields = (uint32_t)nv;
	return g->err;
}

/*
 * A destructive action NAME: never speculative (D's rule); and allowed only
 * with -w or the destructive option, which cg_add() checks once the whole
 * program (its pragmas included) has been read, as DTrace checks when it
 * enables the program.
 */
static int dest_check(struct cg *g, const struct ast_expr *e)
{
	if (g->speculative)
		return cg_error(g, DIAG_ACT_SPEC, e->loc,
				"destructive actions may not follow speculate( )");
	if (!g->dest_name) {
		g->dest_name = e->u.call.name;
		g->dest_loc = e->loc;
	}
	return 0;
}

/* raise(sig), stop(): done by the kernel when the clause ends without a fault. */
static int act_signal(struct cg *g, const struct ast_expr *e)
{
	bool stop = !strcmp(e->u.call.name, "stop");
	size_t want = stop ? 0 : 1;
	int r = 0;

	if (e->u.call.nargs != want)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu args passed, %zu expected",
				e->u.call.name, e->u.call.nargs, want);
	if (dest_check(g, e))
		return -1;
	if (!stop) {
		r = int_arg1(g, e, "raise");
		if (r < 0)
			return -1;
		cg_narrow(g, r, &ct_int);
	}
	/* raise(r) or stop(): the signal waits in the VM for the clause's end. */
	cg_emit(g, SPT_OP_RAISE, 0, r, stop, 0);
	if (!stop)
		cg_reg_free(g, r);
	return 0;
}

/*
 * system("fmt", ...): recorded like printf, run by the consumer. D's rules
 * do not count it as data-recording (speculate() and commit() may follow
 * it), so the clause's records flag is left as it was.
 */
static int act_system(struct cg *g, const struct ast_expr *e)
{
	bool records = g->records;

	if (dest_check(g, e) || act_printf(g, e, IMG_ACT_SYSTEM))
		return -1;
	g->records = records;
	g->sysrec = true;
	return 0;
}

static int statement(struct cg *g, const struct ast_stmt *s)
{
	const struct ast_expr *e = s->expr;
	struct ct t;
	int r;

	if (s->kind == AST_STMT_EMPTY)
		return 0;
	if (e->kind == AST_ASSIGN && e->u.binary.lhs->kind == AST_AGG) {
		if (g->speculative)
			return cg_error(g, "D_AGG_SPEC", e->loc,
					"aggregating actions may not follow speculate( )");
		if (g->committed)
			return cg_error(g, "D_AGG_COMM", e->loc,
					"aggregating actions may not follow commit( )");
		return cg_agg_assign(g, e);
	}
	if (e->kind == AST_CALL) {
		const char *name = e->u.call.name;
		int ret = cg_spec_action(g, e);

		if (ret <= 0)
			return ret;
		ret = cg_agg_action(g, e);
		if (ret <= 0)
			return ret;
		if (!strcmp(name, "trace"))
			return act_trace(g, e);
		if (!strcmp(name, "printf"))
			return act_printf(g, e, IMG_ACT_PRINTF);
		if (!strcmp(name, "system"))
			return act_system(g, e);
		if (!strcmp(name, "raise") || !strcmp(name, "stop"))
			return act_signal(g, e);
		if (!strcmp(name, "exit"))
			return act_exit(g, e);
	}
	r = cg_expr(g, e, &t);
	if (r < 0)
		return -1;
	cg_reg_free(g, r);
	return 0;
}

/*
 * The fast predicate of P, when it is `builtin == constant` or `!=`, the
 * builtin one of the non-negative 32-bit ones and the constant (a literal
 * or $target/$pid) in [0, INT32_MAX]: the kernel tests it before setting up
 * the VM. Anything else is left to the VM alone.
 */
static void fast_predicate(struct cg *g, const struct ast_expr *p, struct img_clause *cl)
{
	static const struct {
		const char *name;
		uint32_t id;
	} fb[] = { { "pid", SPT_B_PID }, { "tid", SPT_B_TID }, { "ppid", SPT_B_PPID },
		   { "uid", SPT_B_UID }, { "gid", SPT_B_GID }, { "cpu", SPT_B_CPU } };
	const struct ast_expr *l, *r;
	int64_t v;
	size_t i;

	if (p->kind != AST_BINARY || (p->u.binary.op != AST_OP_EQ && p->u.binary.op != AST_OP_NE))
		return;
	l = p->u.binary.lhs;
	r = p->u.binary.rhs;
	if (l->kind != AST_IDENT || l->u.ident.scope != AST_SCOPE_GLOBAL ||
	    cg_var_find(g, AST_SCOPE_GLOBAL, l->u.ident.name))
		return;
	if (r->kind == AST_INT && !(r->u.i.flags & ~0u))
		v = (int64_t)r->u.i.value;
	else if (r->kind == AST_MACRO && !strcmp(r->u.macro.name, "target") && g->o->target)
		v = g->o->target;
	else
		return;
	if (r->kind == AST_INT && r->u.i.value > INT32_MAX)
		return;
	if (v < 0 || v > INT32_MAX)
		return;
	for (i = 0; i < sizeof(fb) / sizeof(fb[0]); i++) {
		if (!strcmp(l->u.ident.name, fb[i].name)) {
			cl->fpred = (uint32_t)(p->u.binary.op == AST_OP_EQ ? SPT_FP_EQ : SPT_FP_NE) << 8 |
				    fb[i].id;
			cl->fval = (int32_t)v;
			return;
		}
	}
}

/*
 * A fast count (abi/buf.h): the clause is, after its predicate (none, or a
 * fast one), exactly one keyless count() and the return. BODY is the
 * first instruction after the predicate.
 */
static void fast_count(struct cg *g, const struct ast_clause *c, struct img_clause *cl,
		       size_t body)
{
	const struct spt_insn *in;
	const struct img_agg *a;

	if (g->err || (c->pred && !cl->fpred) || g->img->ninsns - body != 2)
		return;
	in = &g->img->insns[body];	/* not before: no instructions, no array */
	if (in[0].op != SPT_OP_AGG || in[1].op != SPT_OP_RET)
		return;
	if (in[0].imm < 0 || (size_t)in[0].imm >= g->img->naggs)
		return;
	a = &g->img->aggs[in[0].imm];
	if (a->func != SPT_AGG_COUNT || a->nkeys)
		return;
	cl->fcount = (uint32_t)in[0].imm + 1;
}

/*
 * A fast record (abi/buf.h): the clause is, after its predicate (none, or
 * a fast one), only integer builtins and execname stored into the record,
 * then the return. BODY is the first instruction after the predicate.
 */
static void fast_record(struct cg *g, const struct ast_clause *c, struct img_clause *cl,
			size_t body)
{
	const struct spt_insn *in = g->img->insns;
	size_t i = body, n = 0, end = g->img->ninsns;
	uint32_t w[SPT_FREC_FIELDS];

	/* One row of spt_frecs per clause at most: the first SPT_FREC_ROWS. */
	if (g->err || (c->pred && !cl->fpred) || end <= body || in[end - 1].op != SPT_OP_RET ||
	    g->img->nclauses > SPT_FREC_ROWS)
		return;
	end--;
	while (i < end) {
		const struct spt_insn *x = &in[i], *r;
		uint32_t ext = 0, bits = 0, lsize;

		if (n == SPT_FREC_FIELDS)
			return;
		if (x->op == SPT_OP_EXECN) {
			r = &in[i + 1];
			/* b = 2: 16 bytes, the whole comm */
			if (i + 1 >= end || r->op != SPT_OP_RECS || r->a != x->dst || r->b != 2 ||
			    r->imm < 0 || r->imm >= SPT_REC_MAX || r->imm % 8)
				return;
			w[n++] = SPT_FREC_WORD(SPT_FREC_EXECNAME, 0, 0, 0, 0, r->imm);
			i += 2;
			continue;
		}
		if (x->op != SPT_OP_LDB || x->imm < 0 || x->imm >= SPT_B_NBUILTINS)
			return;
		r = &in[i + 1];
		if (i + 1 < end && (r->op == SPT_OP_SEXT || r->op == SPT_OP_ZEXT)) {
			if (r->a != x->dst || r->dst != x->dst ||
			    (r->b != 8 && r->b != 16 && r->b != 32))
				return;
			ext = r->op == SPT_OP_SEXT ? 1 : 2;
			bits = r->b;
			r++;
		}
		if (r >= &in[end] || r->op != SPT_OP_REC || r->a != x->dst || r->imm < 0 ||
		    r->imm >= SPT_REC_MAX)
			return;
		switch (r->b) {
		case 1: lsize = 0; break;
		case 2: lsize = 1; break;
		case 4: lsize = 2; break;
		case 8: lsize = 3; break;
		default: return;
		}
		if (r->imm % r->b)
			return;
		w[n++] = SPT_FREC_WORD(SPT_FREC_BUILTIN, ext, bits, lsize, x->imm, r->imm);
		i = (size_t)(r - in) + 1;
	}
	if (!n)
		return;
	memcpy(cl->frec, w, n * sizeof(w[0]));
	cl->nfrec = (uint32_t)n;
}

static int clause(struct cg *g, const struct ast_clause *c)
{
	struct img_clause *cl;
	size_t i, body, start = g->img->ninsns;

	cl = &g->img->clauses[g->img->nclauses++];
	memset(cl, 0, sizeof(*cl));
	body = start;
	g->cl = cl;
	g->fcap = g->acap = 0;
	g->recoff = sizeof(struct spt_rec);
	g->records = false;
	g->speculative = false;
	g->committed = false;
	g->sysrec = false;
	g->strslot = 0;
	g->regs = 0;
	cl->descs = calloc(c->nprobes, sizeof(*cl->descs));
	if (!cl->descs)
		return cg_nomem(g);
	for (i = 0; i < c->nprobes; i++)
		cl->descs[i] = c->probes[i]->text;
	cl->ndescs = c->nprobes;

	g->act = 0;
	g->act_start = g->img->ninsns;
	if (c->pred) {
		struct ct t;
		int r = cg_expr(g, c->pred, &t);

		if (r < 0)
			return -1;
		if (t.kind != CT_INT) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_PRED_SCALAR, c->pred->loc,
					"predicate result must be of scalar type");
		}
		cg_emit(g, SPT_OP_PRED, 0, r, 0, 0);
		cg_reg_free(g, r);
		fast_predicate(g, c->pred, cl);
	}
	body = g->img->ninsns;
	if (c->body) {
		for (i = 0; i < c->body->nstmts && !g->err; i++) {
			g->act = (uint32_t)i + 1;
			g->act_start = g->img->ninsns;
			if (statement(g, c->body->stmts[i]))
				return -1;
		}
	}
	if (g->err)
		return -1;
	/*
	 * What a firing records: its data-recording actions' fields after the
	 * EPID; the EPID alone for a clause without statements (the default
	 * action) or with speculate() and nothing else; nothing at all for a
	 * clause that only assigns variables, aggregates, commits or discards,
	 * as in DTrace.
	 */
	cl->recsize = (g->recoff + 7) & ~7u;
	if (!g->records && !g->speculative && !g->sysrec && c->body) {
		for (i = 0; i < c->body->nstmts; i++)
			if (c->body->stmts[i]->kind != AST_STMT_EMPTY)
				break;
		if (i < c->body->nstmts)
			cl->recsize = 0;
	}
	if (g->img->ninsns == start) {
		cl->prog = SPT_ECB_NOPROG;
	} else {
		cl->prog = (uint32_t)start;
		cg_emit(g, SPT_OP_RET, 0, 0, 0, 0);
	}
	fast_count(g, c, cl, body);
	fast_record(g, c, cl, body);
	return g->err;
}

static int pragma(struct cg *g, const struct ast_item *it)
{
	const struct ast_pragma *p = &it->u.pragma;
	char err[128];
	int ret;

	if (p->kind != AST_PRAGMA_OPTION)
		return cg_error(g, DIAG_UNSUPPORTED, it->loc, "not supported: #pragma %s",
				p->text);
	ret = opt_set_in(g->o, p->name, p->value, OPT_CTX_PRAGMA, err, sizeof(err));
	if (ret && p->value)
		return cg_error(g, ret == -ENOTSUP ? DIAG_UNSUPPORTED : DIAG_PRAGMA_OPTSET, it->loc,
				"failed to set option '%s' to '%s': %s", p->name, p->value, err);
	if (ret)
		return cg_error(g, ret == -ENOTSUP ? DIAG_UNSUPPORTED : DIAG_PRAGMA_OPTSET, it->loc,
				"failed to set option '%s': %s", p->name, err);
	return 0;
}

static int decl(struct cg *g, const struct ast_item *it)
{
	const struct ast_decl *d = &it->u.decl;
	struct ct t;

	bool kstr[CG_MAX_KEYS];
	size_t i;

	if (d->has_dim || (d->nkeys && d->scope != AST_SCOPE_GLOBAL))
		return cg_error(g, DIAG_UNSUPPORTED, d->name_loc,
				"not supported yet: this array declaration (%s)", d->name);
	if (cg_type_of(g, &d->type, &t))
		return -1;
	if (cg_var_find(g, d->scope, d->name))
		return cg_error(g, "D_DECL_IDRED", d->name_loc,
				"identifier redeclared: %s%s", cg_scope_prefix(d->scope), d->name);
	if (!d->nkeys)
		return cg_var_new(g, d->scope, d->name, &t, d->name_loc) ? 0 : -1;
	if (d->nkeys > CG_MAX_KEYS)
		return cg_error(g, DIAG_UNSUPPORTED, d->name_loc,
				"associative array key of more than %d elements", CG_MAX_KEYS);
	for (i = 0; i < d->nkeys; i++) {
		struct ct kt;

		if (cg_type_of(g, d->keys[i], &kt))
			return -1;
		if (kt.kind != CT_INT && kt.kind != CT_STR)
			return cg_error(g, DIAG_OP_INCOMPAT, d->keys[i]->loc,
					"associative array keys must be integers or strings");
		kstr[i] = kt.kind == CT_STR;
	}
	return cg_assoc_new(g, d->name, &t, d->nkeys, kstr, d->name_loc) ? 0 : -1;
}

void cg_image_free(struct image *img)
{
	size_t i, j;

	for (i = 0; i < img->nclauses; i++) {
		struct img_clause *cl = &img->clauses[i];

		for (j = 0; j < cl->nacts; j++)
			if (cl->acts[j].kind == IMG_ACT_PRINTF || cl->acts[j].kind == IMG_ACT_SYSTEM ||
			    cl->acts[j].kind == IMG_ACT_PRINTA)
				fmt_free(&cl->acts[j].fmt);
		free(cl->acts);
		free(cl->fields);
		free(cl->descs);
	}
	free(img->clauses);
	free(img->insns);
	free(img->insn_act);
	free(img->strtab);
	free(img->aggs);
	free(img->edges);
	memset(img, 0, sizeof(*img));
}

struct cg *cg_new(struct compile_ctx *cc, struct opts *o, char *const *macros, size_t nmacros,
		  struct image *img)
{
	struct cg *g = calloc(1, sizeof(*g));

	memset(img, 0, sizeof(*img));
	if (!g)
		return NULL;
	g->cc = cc;
	g->o = o;
	g->macros = macros;
	g->nmacros = nmacros;
	g->img = img;
	return g;
}

int cg_add(struct cg *g, const struct ast_program *prog)
{
	struct image *img = g->img;
	size_t i, n = 0;

	if (g->err)
		return g->err;
	g->file = prog->file;
	g->dest_name = NULL;
	for (i = 0; i < prog->nitems; i++)
		n += prog->items[i]->kind == AST_ITEM_CLAUSE;
	if (n) {
		struct img_clause *nc = realloc(img->clauses, (img->nclauses + n) * sizeof(*nc));

		if (!nc)
			return cg_nomem(g);
		img->clauses = nc;
	}
	for (i = 0; i < prog->nitems && !g->err; i++) {
		const struct ast_item *it = prog->items[i];

		switch (it->kind) {
		case AST_ITEM_CLAUSE:
			clause(g, &it->u.clause);
			break;
		case AST_ITEM_DECL:
			decl(g, it);
			break;
		case AST_ITEM_PRAGMA:
			pragma(g, it);
			break;
		}
	}
	if (!g->err && g->dest_name && !g->o->destructive)
		cg_error(g, DIAG_DESTRUCTIVE, g->dest_loc,
			 "destructive actions not allowed: %s( ) needs -w or #pragma D option destructive",
			 g->dest_name);
	return g->err;
}

int cg_finish(struct cg *g)
{
	struct cg_var *v, *next;
	int err;

	g->img->globals_size = g->global_bytes;
	g->img->uses_spec = g->uses_spec;
	for (v = g->vars; v; v = next) {
		next = v->next;
		free(v);
	}
	if (!g->err && g->img->nclauses == 0 && !g->o->empty)
		cg_error(g, "D_EMPTY", (struct ast_loc){ 0, 0 }, "program contains no clauses");
	err = g->err;
	if (err)
		cg_image_free(g->img);
	free(g);
	return err;
}
