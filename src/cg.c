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
#include <unistd.h>
#include <linux/types.h>

#include <bpf/btf.h>

#include "abi/buf.h"
#include "abi/isa.h"
#include "abi/limits.h"
#include "cg.h"
#include "cg_priv.h"
#include "probe.h"
#include "diag.h"
#include "fmt.h"
#include "parse.h"

/* Reserve a field of SIZE bytes in the clause's record and describe it. */
int cg_field_add(struct cg *g, enum img_ftype type, unsigned int size, struct ast_loc loc)
{
	struct img_clause *cl = g->cl;
	struct img_field *f;

	bool wide = type == IMG_STR || type == IMG_STACK || type == IMG_USTACK ||
		    type == IMG_USYM || type == IMG_UADDR || type == IMG_UMOD || type == IMG_BYTES;

	if (g->recoff + (wide ? size : 8) > SPT_REC_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, loc, "clause records more than %d bytes",
				SPT_REC_MAX);
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
	g->recoff += wide ? size : 8;
	g->records = true;
	/*
	 * After speculate(): the clause stops here, counting a speculative
	 * drop, if its record up to this field does not fit in what the
	 * speculation has left (dtrace-utils stops a clause whose data would
	 * go beyond specsize).
	 */
	if (g->speculative)
		cg_emit(g, SPT_OP_SPECCHK, 0, 0, 0, (int32_t)((g->recoff + 7) & ~7u));
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
	int r;

	/* trace(sym(x)) records as sym(x) does */
	if (cg_sym_type(e) >= 0) {
		*t = ct_uint64;
		return cg_sym_field(g, e) ? -1 : 0;
	}
	r = cg_expr(g, e, t);

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
 * D's action-ordering rules within a clause (dtrace-utils' order of checks):
 * the later action is the one reported. After discard() anything may
 * follow; after commit() only commit(), discard() and expressions.
 * Aggregations, destructive actions, exit() and every other action
 * function count as data-recording, also after speculate().
 */
int cg_clsflags(struct cg *g, enum cg_cls k, struct ast_loc loc)
{
	switch (k) {
	case CG_CLS_SPECULATE:
		if (g->speculative)
			return cg_error(g, DIAG_SPEC_SPEC, loc,
					"speculate( ) may not follow speculate( )");
		if (g->committed)
			return cg_error(g, DIAG_SPEC_COMM, loc,
					"speculate( ) may not follow commit( )");
		if (g->drec)
			return cg_error(g, DIAG_SPEC_DREC, loc,
					"speculate( ) may not follow data-recording action(s)");
		return 0;
	case CG_CLS_COMMIT:
		if (g->drec)
			return cg_error(g, DIAG_COMM_DREC, loc,
					"commit( ) may not follow data-recording action(s)");
		return 0;
	case CG_CLS_DISCARD:
		return 0;
	case CG_CLS_AGG:
		if (g->committed)
			return cg_error(g, DIAG_AGG_COMM, loc,
					"aggregating actions may not follow commit( )");
		if (g->speculative)
			return cg_error(g, DIAG_AGG_SPEC, loc,
					"aggregating actions may not follow speculate( )");
		break;
	case CG_CLS_DEST:
		if (g->speculative)
			return cg_error(g, DIAG_ACT_SPEC, loc,
					"destructive actions may not follow speculate( )");
		if (g->committed)
			return cg_error(g, DIAG_DREC_COMM, loc,
					"data-recording actions may not follow commit( )");
		break;
	case CG_CLS_EXIT:
		if (g->speculative)
			return cg_error(g, DIAG_EXIT_SPEC, loc,
					"exit( ) may not follow speculate( )");
		if (g->committed)
			return cg_error(g, DIAG_DREC_COMM, loc,
					"data-recording actions may not follow commit( )");
		break;
	case CG_CLS_REC:
		if (g->committed)
			return cg_error(g, DIAG_DREC_COMM, loc,
					"data-recording actions may not follow commit( )");
		break;
	}
	g->drec = true;
	return 0;
}

int cg_drec_check(struct cg *g, const char *what, struct ast_loc loc)
{
	(void)what;
	return cg_clsflags(g, CG_CLS_REC, loc);
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
		return cg_error(
			g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: %s",
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
				"%s( ) prototype mismatch: %zu arg%s passed, 1 expected", name,
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	if (cg_clsflags(g, spec ? CG_CLS_SPECULATE : disc ? CG_CLS_DISCARD : CG_CLS_COMMIT, e->loc))
		return -1;
	r = int_arg1(g, e, name);
	if (r < 0)
		return -1;
	if (spec) {
		cg_emit(g, SPT_OP_SPEC, 0, r, 0, 0);
		g->speculative = true;
	} else {
		cg_emit(g, SPT_OP_COMMIT, 0, r, disc ? 1 : 0, 0);
		g->committed |= !disc;
	}
	g->uses_spec = true;
	cg_reg_free(g, r);
	return 0;
}

/*
 * trace() of a struct, a union or an array, char arrays included (a
 * member is not read as a string here): its sizeof bytes, printed as
 * dtrace-utils prints them, as a hex dump. 1: E is something else (its
 * code is dropped, record_int() makes it again).
 */
static int trace_bytes(struct cg *g, const struct ast_expr *e)
{
	unsigned int saved = g->regs;
	size_t ni = g->img->ninsns;
	struct ct t;
	int r;

	if (e->kind != AST_MEMBER && !(e->kind == AST_UNARY && e->u.unary.op == AST_OP_DEREF) &&
	    e->kind != AST_INDEX && e->kind != AST_IDENT && e->kind != AST_CAST)
		return 1;
	g->keep_array = e->kind == AST_MEMBER;
	r = cg_expr(g, e, &t);
	g->keep_array = false;
	if (r < 0)
		return -1;
	if ((t.kind != CT_ARR && t.kind != CT_SOU) || !t.size) {
		g->img->ninsns = ni;
		g->regs = saved;
		return 1;
	}
	if (t.size > SPT_REC_MAX - 64)
		return cg_error(g, DIAG_UNSUPPORTED, e->loc, "clause records more than %d bytes",
				SPT_REC_MAX);
	cg_btf_addr(g, r, &t);
	if (cg_field_add(g, IMG_BYTES, 8 + ((t.size + 7) & ~7u), e->loc))
		return -1;
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	cg_emit(g, SPT_OP_RECM, 0, r, 0,
		(int32_t)(g->cl->fields[g->cl->nfields - 1].offset | t.size << 16));
	cg_reg_free(g, r);
	return 0;
}

/*
 * printf's %ls and %ws argument AI of E: an array of 32-bit integers
 * (wchar_t []), recorded whole as trace() records an array (RECM into a
 * bytes field); the consumer prints its characters up to the first 0.
 */
static int wstr_arg(struct cg *g, const struct ast_expr *e, size_t ai, unsigned int cno,
		    const char *cname)
{
	const struct ast_expr *x = e->u.call.args[ai];
	struct dtype_info ai_, ei;
	struct ct t;
	char b[128];
	int r;

	g->keep_array = true;
	r = cg_expr(g, x, &t);
	g->keep_array = false;
	if (r < 0)
		return -1;
	if (t.kind != CT_ARR || !t.btf || dtype_info(&g->dt, t.btf, &ai_) ||
	    ai_.kind != DTYPE_K_ARRAY || dtype_info(&g->dt, ai_.ref, &ei) ||
	    ei.kind != DTYPE_K_INT || ei.size != 4 || !t.size)
		return cg_error(
			g, DIAG_PRINTF_ARG_TYPE, x->loc,
			"%s( ) argument #%zu is incompatible with conversion #%u prototype:\n\tconversion: %%%s\n\t prototype: wchar_t []\n\t  argument: %s",
			e->u.call.name, ai + 1, cno, cname, cg_ct_name(g, &t, b, sizeof(b)));
	if (t.size > SPT_REC_MAX - 64)
		return cg_error(g, DIAG_UNSUPPORTED, x->loc, "clause records more than %d bytes",
				SPT_REC_MAX);
	cg_btf_addr(g, r, &t);
	if (cg_field_add(g, IMG_BYTES, 8 + ((t.size + 7) & ~7u), x->loc))
		return -1;
	cg_emit(g, SPT_OP_RECM, 0, r, 0,
		(int32_t)(g->cl->fields[g->cl->nfields - 1].offset | t.size << 16));
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
				"trace( ) prototype mismatch: %zu arg%s passed, 1 expected",
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	if (cg_drec_check(g, "trace", e->loc))
		return -1;
	if (e->u.call.args[0]->kind == AST_AGG)
		return cg_error(g, DIAG_TRACE_DYN, e->u.call.args[0]->loc,
				"trace( ) may not be applied to a dynamic expression");
	a = cg_action_add(g, IMG_ACT_TRACE);
	if (!a)
		return -1;
	ret = trace_bytes(g, e->u.call.args[0]);
	if (ret <= 0)
		return ret;
	ret = record_int(g, e->u.call.args[0], &t);
	if (ret < 0)
		return -1;
	if (ret > 0)
		return t.kind == CT_VOID ?
			       cg_error(g, DIAG_TRACE_VOID, e->u.call.args[0]->loc,
					"trace( ) may not be applied to a void expression") :
			       cg_error(g, DIAG_UNSUPPORTED, e->u.call.args[0]->loc,
					"not supported yet: trace( ) of %s",
					cg_type_name(&t, b, sizeof(b)));
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	return 0;
}

/*
 * tracemem(addr, size[, max]): SIZE bytes (a positive constant) of kernel
 * memory at ADDR (alloca'd and copied-in memory included), or only MAX of
 * them when MAX, evaluated when the probe fires, is not negative and is
 * smaller; printed as a hex dump.
 */
static int act_tracemem(struct cg *g, const struct ast_expr *e)
{
	struct ast_expr *const *args = e->u.call.args;
	size_t nargs = e->u.call.nargs;
	int64_t size;
	int ra, rm = 0;
	struct ct t;
	char b[32];

	if (nargs < 2 || nargs > 3)
		return cg_error(
			g, DIAG_PROTO_LEN, e->loc,
			"tracemem( ) prototype mismatch: %zu arg%s passed, at %s %d expected",
			nargs, nargs == 1 ? "" : "s", nargs < 2 ? "least" : "most",
			nargs < 2 ? 2 : 3);
	if (!cg_const_fold(g, args[1], &size) || size <= 0)
		return cg_error(
			g, DIAG_TRACEMEM_SIZE, args[1]->loc,
			"tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	if (cg_drec_check(g, "tracemem", e->loc))
		return -1;
	ra = cg_expr(g, args[0], &t);
	if (ra < 0)
		return -1;
	if (t.kind != CT_INT)
		return cg_error(
			g, DIAG_TRACEMEM_ADDR, args[0]->loc,
			"tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
			cg_type_name(&t, b, sizeof(b)));
	if (nargs == 3) {
		rm = cg_expr(g, args[2], &t);
		if (rm < 0)
			return -1;
		if (t.kind != CT_INT)
			return cg_error(
				g, DIAG_PROTO_ARG, args[2]->loc,
				"tracemem( ) argument #3 is incompatible with prototype:\n\tprototype: size_t\n\t argument: %s",
				cg_type_name(&t, b, sizeof(b)));
	}
	if (size > SPT_REC_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, args[1]->loc,
				"clause records more than %d bytes", SPT_REC_MAX);
	if (!cg_action_add(g, IMG_ACT_TRACE))
		return -1;
	if (cg_field_add(g, IMG_BYTES, 8 + (((unsigned int)size + 7) & ~7u), e->loc))
		return -1;
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	cg_emit(g, SPT_OP_RECM, 0, ra, (uint8_t)rm,
		(int32_t)(g->cl->fields[g->cl->nfields - 1].offset | (uint32_t)size << 16 |
			  (nargs == 3 ? SPT_RECM_DYN : 0)));
	cg_reg_free(g, ra);
	if (nargs == 3)
		cg_reg_free(g, rm);
	return 0;
}

static int act_exit(struct cg *g, const struct ast_expr *e)
{
	int r;

	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"exit( ) prototype mismatch: %zu arg%s passed, 1 expected",
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	if (cg_clsflags(g, CG_CLS_EXIT, e->loc))
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
 * The conversions of format FMT as dtrace names them, in order (%% not
 * among them): NO[k] is the k-th one's number counting %% too, NAME[k] its
 * name as written (length modifier and character, e.g. "lld"). Returns how
 * many were found, at most MAX.
 */
static size_t conv_names(const char *fmt, unsigned int *no, char (*name)[8], size_t max)
{
	unsigned int n = 0;
	size_t k = 0, l;
	const char *p = fmt;

	while ((p = strchr(p, '%')) && k < max) {
		n++;
		if (p[1] == '%') {
			p += 2;
			continue;
		}
		p++;
		while (*p && strchr("-+ #0'@*.0123456789", *p))
			p++;
		for (l = 0; *p && (strchr("hlLjzt", *p) || (*p == 'w' && p[1] == 'c')) && l < 4;
		     l++)
			name[k][l] = *p++;
		if (*p)
			name[k][l++] = *p++;
		name[k][l] = '\0';
		no[k++] = n;
	}
	return k;
}

/* dtrace's prototype text for conversion NAME (its last character, its modifier). */
static const char *conv_proto(const char *name)
{
	static const struct {
		const char *name, *proto;
	} mod[] = {
		{ "hhd", "char" },	 { "hhi", "char" },	  { "hhu", "unsigned char" },
		{ "hd", "short" },	 { "hi", "short" },	  { "hu", "unsigned short" },
		{ "hx", "short" },	 { "hX", "short" },	  { "ho", "unsigned short" },
		{ "ld", "long" },	 { "li", "long" },	  { "lu", "unsigned long" },
		{ "lx", "long" },	 { "lX", "long" },	  { "lo", "unsigned long" },
		{ "lld", "long long" },	 { "lli", "long long" },  { "llu", "unsigned long long" },
		{ "llx", "long long" },	 { "llX", "long long" },  { "llo", "unsigned long long" },
		{ "Le", "long double" }, { "LE", "long double" }, { "Lf", "long double" },
		{ "Lg", "long double" }, { "LG", "long double" }, { "lc", "int" },
		{ "wc", "int" },	 { "ls", "wchar_t []" },  { "ws", "wchar_t []" },
	};
	size_t i, len = strlen(name);

	for (i = 0; i < sizeof(mod) / sizeof(mod[0]); i++)
		if (!strcmp(mod[i].name, name))
			return mod[i].proto;
	switch (len ? name[len - 1] : 0) {
	case 'c':
		return "char, short, or int";
	case 's':
	case 'S':
		return "char [] or string (or use stringof)";
	case 'p':
	case 'a':
		return "pointer or integer";
	case 'A':
		return "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
	case 'e':
	case 'E':
	case 'f':
	case 'g':
	case 'G':
		return "float, double, or long double";
	case 'Y':
	case 'T':
		return "int64_t";
	default:
		return "char, short, int, long, or long long";
	}
}

/*
 * Argument AI of printf-like E for conversion PC (%a, %A, or any taking a
 * symbol call's value): a symbol call of the conversion's kind becomes its
 * field, an integer %A one with $target's pid. Returns 0 when recorded, 1
 * when the argument is left to the general path, -1 after an error.
 */
static int addr_arg(struct cg *g, const struct ast_expr *e, size_t ai, const struct fmt_piece *pc,
		    unsigned int cno, const char *cname)
{
	const struct ast_expr *arg = e->u.call.args[ai];
	int k = cg_sym_type(arg), r;
	const char *aname;
	char b[32];
	struct ct t;

	if (k >= 0) {
		bool user = cg_sym_user((enum img_ftype)k);

		if ((pc->kind == FMT_KADDR && !user) || (pc->kind == FMT_UADDR && user))
			return cg_sym_field(g, arg) ? -1 : 0;
		aname = user ? "_usymaddr" : "_symaddr";
	} else if (pc->kind != FMT_UADDR) {
		return 1;
	} else {
		r = cg_expr(g, arg, &t);
		if (r < 0)
			return -1;
		if (t.kind == CT_INT && g->o && g->o->target) {
			int ret;

			cg_narrow(g, r, &ct_uint64);
			ret = cg_sym_record(g, IMG_UADDR, r, g->o->target, arg->loc);
			cg_reg_free(g, r);
			return ret ? -1 : 0;
		}
		cg_reg_free(g, r);
		aname = cg_type_name(&t, b, sizeof(b));
	}
	return cg_error(
		g, DIAG_PRINTF_ARG_TYPE, arg->loc,
		"%s( ) argument #%zu is incompatible with conversion #%u prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s",
		e->u.call.name, ai + 1, cno, cname, conv_proto(cname), aname);
}

/*
 * Whether integer type T suits conversion NAME ("hd", "lx", "c", ...), as
 * dtrace checks them: plain d i u o x X take any integer, c and C one of
 * at most 4 bytes, h and l/ll the named size (d i signed, u o unsigned, x X
 * either), Y and T a 64-bit integer, e f g none; only p takes a pointer.
 */
static bool conv_takes(const char *name, const struct ct *t)
{
	size_t len = strlen(name);
	char c = len ? name[len - 1] : 0;
	bool sized = len > 1 && (name[0] == 'h' || name[0] == 'l');

	if (c == 'p')
		return true;
	if (t->ptr || strchr("eEfgG", c))
		return false; /* D has no floating-point values */
	if (len == 2 && (name[0] == 'l' || name[0] == 'w') && c == 'c')
		return t->size == 4 && t->sign; /* a wint_t: int */
	if (c == 'c' || c == 'C')
		return t->size <= 4;
	if (c == 'Y' || c == 'T')
		return t->size == 8;
	if (!sized)
		return true;
	if (t->size != (name[0] == 'h' ? 2u : 8u))
		return false;
	if (c == 'd' || c == 'i')
		return t->sign;
	if (c == 'u' || c == 'o')
		return !t->sign;
	return true;
}

/*
 * printf("fmt", ...) and system("fmt", ...): the format checked now, the
 * arguments recorded; the consumer formats them (system() then runs the
 * result with /bin/sh). The checks and their messages are dtrace's.
 */
static int act_printf(struct cg *g, const struct ast_expr *e, enum img_act kind)
{
	const char *name = e->u.call.name;
	const struct ast_expr *fe;
	struct img_action *a;
	char err[160], b[128], cname[64][8];
	unsigned int cno[64];
	size_t i, ai, nv, nc, ci;
	struct fmt f;
	int ret;

	if (e->u.call.nargs < 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: 0 args passed, at least 1 expected",
				name);
	if (kind == IMG_ACT_PRINTF && cg_drec_check(g, name, e->loc))
		return -1;
	fe = e->u.call.args[0];
	if (fe->kind != AST_STRING) {
		struct ct t;
		int r = cg_expr(g, fe, &t);

		if (r < 0)
			return -1;
		cg_reg_free(g, r);
		/* printf is void(string, ...), system and freopen void(@, ...) */
		if (t.kind != CT_STR && kind == IMG_ACT_PRINTF)
			return cg_error(
				g, DIAG_PROTO_ARG, fe->loc,
				"%s( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: %s",
				name, cg_type_name(&t, b, sizeof(b)));
		return cg_error(
			g, DIAG_PRINTF_ARG_FMT, fe->loc,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
			name, cg_ct_name(g, &t, b, sizeof(b)));
	}
	/* freopen("") restores the original output: not a format */
	if (!fe->u.str.s[0] && strcmp(name, "freopen"))
		return cg_error(g, DIAG_PRINTF_FMT_EMPTY, fe->loc, "%s( ) format string is empty",
				name);
	ret = fmt_parse(fe->u.str.s, &f, err, sizeof(err));
	if (ret == -ENOMEM)
		return cg_nomem(g);
	if (ret)
		return cg_error(g, DIAG_SYNTAX, fe->loc, "%s", err);
	nc = conv_names(fe->u.str.s, cno, cname, 64);
	for (i = 0, ci = 0; i < f.n; i++) {
		if (f.pieces[i].kind == FMT_LIT)
			continue;
		if (f.pieces[i].agg) {
			fmt_free(&f);
			return cg_error(
				g, DIAG_PRINTF_AGG_CONV, fe->loc,
				"%%@ conversion requires an aggregation and is not for use with %s( )",
				name);
		}
		ci++;
	}
	if (ci > nc) {
		fmt_free(&f);
		return cg_error(g, DIAG_UNSUPPORTED, fe->loc,
				"not supported: %s( ) format with more than %zu conversions", name,
				nc);
	}
	nv = e->u.call.nargs - 1;
	/* What is missing, in dtrace's order: the first conversion short of a value. */
	if (nv < f.nargs) {
		size_t used = 0;

		for (i = 0, ci = 0; i < f.n; i++) {
			const struct fmt_piece *pc = &f.pieces[i];
			const char *miss = NULL;

			if (pc->kind == FMT_LIT)
				continue;
			if (pc->star_width && used++ >= nv)
				miss = "\"*\"";
			else if (pc->star_prec && used++ >= nv)
				miss = "\".*\"";
			else if (used++ >= nv)
				miss = "value";
			if (miss) {
				ret = cg_error(
					g,
					miss[0] == 'v' ? DIAG_PRINTF_ARG_PROTO :
							 DIAG_PRINTF_DYN_PROTO,
					e->loc,
					"%s( ) prototype mismatch: conversion #%u (%%%s) is missing a corresponding %s argument",
					name, cno[ci], cname[ci], miss);
				break;
			}
			ci++;
		}
		fmt_free(&f);
		return ret;
	}
	if (nv > f.nargs) {
		size_t want = f.nargs;

		fmt_free(&f);
		return cg_error(
			g, DIAG_PRINTF_ARG_EXTRA, e->u.call.args[want + 1]->loc,
			"%s( ) prototype mismatch: only %zu arguments required by this format string",
			name, want);
	}
	a = cg_action_add(g, kind);
	if (!a) {
		fmt_free(&f);
		return -1;
	}
	a->fmt = f;
	/* Walk conversions and their arguments together to check each kind. */
	for (i = 0, ai = 1, ci = 0; i < f.n && !g->err; i++) {
		const struct fmt_piece *pc = &f.pieces[i];
		int k, nk = pc->kind == FMT_LIT ? 0 : 1 + pc->star_width + pc->star_prec;

		for (k = 0; k < nk; k++, ai++) {
			struct ct t;
			bool value = k == nk - 1, want_str = value && FMT_TAKES_STR(pc->kind);

			if (value && pc->kind == FMT_STACK) {
				/* %k: a stack() or ustack() field */
				if (!cg_is_stack_call(e->u.call.args[ai])) {
					/* its type, for the message: the code is dropped */
					size_t ni = g->img->ninsns;
					unsigned int regs = g->regs;
					int r = cg_expr(g, e->u.call.args[ai], &t);

					if (r < 0)
						return -1;
					g->img->ninsns = ni;
					g->regs = regs;
					return cg_error(
						g, DIAG_PRINTF_ARG_TYPE, e->u.call.args[ai]->loc,
						"%s( ) argument #%zu is incompatible with conversion #%u prototype:\n\tconversion: %%%s\n\t prototype: stack\n\t  argument: %s",
						name, ai + 1, cno[ci], cname[ci],
						cg_ct_name(g, &t, b, sizeof(b)));
				}
				if (cg_stack_field(g, e->u.call.args[ai]))
					return -1;
				continue;
			}
			if (value && pc->kind == FMT_WSTR) {
				if (wstr_arg(g, e, ai, cno[ci], cname[ci]))
					return -1;
				continue;
			}
			if (value && (pc->kind == FMT_KADDR || pc->kind == FMT_UADDR ||
				      cg_sym_type(e->u.call.args[ai]) >= 0)) {
				ret = addr_arg(g, e, ai, pc, cno[ci], cname[ci]);
				if (ret < 0)
					return -1;
				if (ret == 0)
					continue;
			}
			ret = record_int(g, e->u.call.args[ai], &t);
			if (ret < 0)
				return -1;
			if (!value && (ret > 0 || t.kind != CT_INT))
				return cg_error(
					g, DIAG_PRINTF_DYN_TYPE, e->u.call.args[ai]->loc,
					"%s( ) argument #%zu is incompatible with conversion #%u prototype:\n\tconversion: %% %s %s\n\t prototype: int\n\t  argument: %s",
					name, ai + 1, cno[ci],
					pc->star_width && k == 0 ? "*" : ".*", cname[ci],
					cg_type_name(&t, b, sizeof(b)));
			if (ret > 0 || want_str != (t.kind == CT_STR) ||
			    (value && t.kind == CT_INT && !conv_takes(cname[ci], &t)))
				return cg_error(
					g, DIAG_PRINTF_ARG_TYPE, e->u.call.args[ai]->loc,
					"%s( ) argument #%zu is incompatible with conversion #%u prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s",
					name, ai + 1, cno[ci], cname[ci], conv_proto(cname[ci]),
					cg_ct_name(g, &t, b, sizeof(b)));
		}
		ci += nk > 0;
	}
	g->cl->acts[g->cl->nacts - 1].nfields = (uint32_t)nv;
	return g->err;
}

/*
 * A destructive action: never speculative (D's rule); and allowed only with
 * -w or the destructive option, which main checks when it enables the
 * program, as dtrace does (so -e compiles it without either).
 */
static int dest_check(struct cg *g, const struct ast_expr *e)
{
	if (cg_clsflags(g, CG_CLS_DEST, e->loc))
		return -1;
	g->img->destructive = 1;
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
				"%s( ) prototype mismatch: %zu arg%s passed, %zu expected",
				e->u.call.name, e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s",
				want);
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

/*
 * panic(), breakpoint(), chill(n): destructive actions spectrace does not
 * have (no kernel panic, debugger or busy-wait from a BPF program). D's
 * rules still apply first, so after speculate() they are D_ACT_SPEC, as in
 * dtrace; otherwise they are refused as not supported.
 */
static int act_nodest(struct cg *g, const struct ast_expr *e)
{
	const char *name = e->u.call.name;
	size_t want = !strcmp(name, "chill");

	if (e->u.call.nargs != want)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, %zu expected", name,
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s", want);
	if (want) {
		int r = int_arg1(g, e, name);

		if (r < 0)
			return -1;
		cg_reg_free(g, r);
	}
	if (cg_clsflags(g, CG_CLS_DEST, e->loc))
		return -1;
	return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported: %s( )", name);
}

/*
 * freopen("fmt", ...): destructive, recorded like system(); the consumer
 * redirects its output to the formatted file ("" restores it). The literal
 * "." is refused, as dtrace refuses it.
 */
static int act_freopen(struct cg *g, const struct ast_expr *e)
{
	bool records = g->records;

	if (e->u.call.nargs >= 1 && e->u.call.args[0]->kind == AST_STRING &&
	    !strcmp(e->u.call.args[0]->u.str.s, "."))
		return cg_error(g, DIAG_FREOPEN_INVALID, e->u.call.args[0]->loc,
				"freopen( ) argument #1 cannot be \".\"");
	if (dest_check(g, e) || act_printf(g, e, IMG_ACT_FREOPEN))
		return -1;
	g->records = records;
	g->sysrec = true;
	return 0;
}

/*
 * setopt("name"[, "value"]): both strings recorded; the consumer sets the
 * option while tracing, as dtrace does.
 */
static int act_setopt(struct cg *g, const struct ast_expr *e)
{
	size_t n = e->u.call.nargs, i;
	char b[32];

	if (n < 1 || n > 2)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"setopt( ) prototype mismatch: %zu args passed, at %s %d expected",
				n, n < 1 ? "least" : "most", n < 1 ? 1 : 2);
	if (cg_drec_check(g, "setopt", e->loc))
		return -1;
	if (!cg_action_add(g, IMG_ACT_SETOPT))
		return -1;
	for (i = 0; i < n; i++) {
		struct ct t;
		int ret = record_int(g, e->u.call.args[i], &t);

		if (ret < 0)
			return -1;
		if (ret > 0 || t.kind != CT_STR)
			return cg_error(
				g, DIAG_PROTO_ARG, e->u.call.args[i]->loc,
				"setopt( ) argument #%zu is incompatible with prototype:\n\tprototype: const char *\n\t argument: %s",
				i + 1, cg_type_name(&t, b, sizeof(b)));
	}
	g->cl->acts[g->cl->nacts - 1].nfields = (uint32_t)n;
	g->records = true;
	return 0;
}

/* ftruncate(): the consumer truncates its output file. */
static int act_ftruncate(struct cg *g, const struct ast_expr *e)
{
	if (e->u.call.nargs)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"ftruncate( ) prototype mismatch: %zu args passed, 0 expected",
				e->u.call.nargs);
	if (cg_drec_check(g, "ftruncate", e->loc))
		return -1;
	if (!cg_action_add(g, IMG_ACT_FTRUNCATE))
		return -1;
	g->records = true;
	return 0;
}

static int statement(struct cg *g, const struct ast_stmt *s)
{
	const struct ast_expr *e = s->expr;
	struct ct t;
	int r;

	if (s->kind == AST_STMT_EMPTY)
		return 0;
	if (e->kind == AST_AGG) {
		/* "@a;": the ordering rules first, as in dtrace. */
		if (cg_clsflags(g, CG_CLS_AGG, e->loc))
			return -1;
		return cg_error(g, DIAG_AGG_NULL, e->loc, "expression has null effect: @%s",
				e->u.agg.name[0] ? e->u.agg.name : "_");
	}
	if (e->kind == AST_ASSIGN && e->u.binary.lhs->kind == AST_AGG) {
		if (cg_clsflags(g, CG_CLS_AGG, e->loc))
			return -1;
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
		if (!strcmp(name, "tracemem"))
			return act_tracemem(g, e);
		if (cg_is_stack_call(e))
			return cg_stack_action(g, e);
		if (cg_sym_type(e) >= 0)
			return cg_sym_action(g, e);
		if (!strcmp(name, "printf"))
			return act_printf(g, e, IMG_ACT_PRINTF);
		if (!strcmp(name, "system"))
			return act_system(g, e);
		if (!strcmp(name, "freopen"))
			return act_freopen(g, e);
		if (!strcmp(name, "ftruncate"))
			return act_ftruncate(g, e);
		if (!strcmp(name, "setopt"))
			return act_setopt(g, e);
		if (!strcmp(name, "raise") || !strcmp(name, "stop"))
			return act_signal(g, e);
		if (!strcmp(name, "exit"))
			return act_exit(g, e);
		if (!strcmp(name, "panic") || !strcmp(name, "breakpoint") || !strcmp(name, "chill"))
			return act_nodest(g, e);
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
			cl->fpred = (uint32_t)(p->u.binary.op == AST_OP_EQ ? SPT_FP_EQ : SPT_FP_NE)
					    << 8 |
				    fb[i].id;
			cl->fval = (int32_t)v;
			return;
		}
	}
}

/*
 * A fast count (abi/buf.h): the clause is, after its predicate (none, or a
 * fast one), exactly one keyless count() and the return, with no action
 * (the consumer would see no record of it). BODY is the
 * first instruction after the predicate.
 */
static void fast_count(struct cg *g, const struct ast_clause *c, struct img_clause *cl, size_t body)
{
	const struct spt_insn *in;
	const struct img_agg *a;

	/* no record: an action without data (clear(), trunc()) must not be in the clause */
	if (g->err || (c->pred && !cl->fpred) || g->img->ninsns - body != 2 || cl->nacts)
		return;
	in = &g->img->insns[body]; /* not before: no instructions, no array */
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
		case 1:
			lsize = 0;
			break;
		case 2:
			lsize = 1;
			break;
		case 4:
			lsize = 2;
			break;
		case 8:
			lsize = 3;
			break;
		default:
			return;
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

/*
 * Move the instructions from MID to the end in front of those from START
 * to MID, with their action numbers.
 */
static int pred_first(struct cg *g, size_t start, size_t mid)
{
	struct image *img = g->img;
	size_t nb = mid - start, np = img->ninsns - mid;
	struct spt_insn *ti;
	uint32_t *ta;

	if (!nb || !np)
		return 0;
	ti = malloc(nb * sizeof(*ti));
	ta = malloc(nb * sizeof(*ta));
	if (!ti || !ta) {
		free(ti);
		free(ta);
		return cg_nomem(g);
	}
	memcpy(ti, &img->insns[start], nb * sizeof(*ti));
	memcpy(ta, &img->insn_act[start], nb * sizeof(*ta));
	memmove(&img->insns[start], &img->insns[mid], np * sizeof(*ti));
	memmove(&img->insn_act[start], &img->insn_act[mid], np * sizeof(*ta));
	memcpy(&img->insns[start + np], ti, nb * sizeof(*ti));
	memcpy(&img->insn_act[start + np], ta, nb * sizeof(*ta));
	free(ti);
	free(ta);
	return 0;
}

/* Free a clause's actions (their formats) and record fields. */
static void clause_acts_free(struct img_clause *cl)
{
	size_t j;

	for (j = 0; j < cl->nacts; j++)
		if (cl->acts[j].kind == IMG_ACT_PRINTF || cl->acts[j].kind == IMG_ACT_SYSTEM ||
		    cl->acts[j].kind == IMG_ACT_FREOPEN || cl->acts[j].kind == IMG_ACT_PRINTA)
			fmt_free(&cl->acts[j].fmt);
	free(cl->acts);
	free(cl->fields);
}

/* The clause's statements, each an action numbered from 1. */
static int clause_body(struct cg *g, const struct ast_clause *c)
{
	size_t i;

	for (i = 0; c->body && i < c->body->nstmts && !g->err; i++) {
		g->act = (uint32_t)i + 1;
		g->act_start = g->img->ninsns;
		if (statement(g, c->body->stmts[i]))
			return -1;
	}
	return g->err;
}

/* The predicate (action 0), ending in the instruction that tests it. */
static int clause_pred(struct cg *g, const struct ast_clause *c)
{
	struct ct t;
	int r;

	g->act = 0;
	g->act_start = g->img->ninsns;
	r = cg_expr(g, c->pred, &t);
	if (r < 0)
		return -1;
	if (t.kind != CT_INT) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_PRED_SCALAR, c->pred->loc,
				"predicate result must be of scalar type");
	}
	cg_emit(g, SPT_OP_PRED, 0, r, 0, 0);
	cg_reg_free(g, r);
	return g->err;
}

/* The one error reported since NDIAGS names a variable not yet created. */
static bool undefined_name(const struct cg *g, size_t ndiags)
{
	const struct diag_list *dl = &g->cc->diags;
	const char *tag;

	if (g->err != -EINVAL || dl->n != ndiags + 1)
		return false;
	tag = dl->v[ndiags].tag;
	return !strcmp(tag, diag_tag_name(DIAG_IDENT_UNDEF)) ||
	       !strcmp(tag, diag_tag_name(DIAG_VAR_UNDEF));
}

/*
 * Forget what a failed check of the clause's statements emitted: its
 * instructions (from START), actions, record fields and error. Variables
 * and aggregations it created stay, as the identifiers of dtrace's.
 */
static void clause_reset(struct cg *g, size_t start, size_t ndiags)
{
	struct img_clause *cl = g->cl;

	clause_acts_free(cl);
	cl->acts = NULL;
	cl->fields = NULL;
	cl->nacts = cl->nfields = 0;
	g->img->ninsns = start;
	g->fcap = g->acap = 0;
	g->recoff = sizeof(struct spt_rec);
	g->records = g->speculative = g->committed = g->drec = g->sysrec = false;
	g->strslot = 0;
	g->regs = 0;
	diag_truncate(&g->cc->diags, ndiags);
	g->err = 0;
}

static int clause(struct cg *g, const struct ast_clause *c)
{
	struct img_clause *cl;
	size_t i, ndiags, body, start = g->img->ninsns;

	cl = &g->img->clauses[g->img->nclauses++];
	memset(cl, 0, sizeof(*cl));
	body = start;
	g->cl = cl;
	g->fcap = g->acap = 0;
	g->recoff = sizeof(struct spt_rec);
	g->records = false;
	g->speculative = false;
	g->committed = false;
	g->drec = false;
	g->sysrec = false;
	g->strslot = 0;
	g->regs = 0;
	cl->src = g->nprogs;
	cl->descs = calloc(c->nprobes, sizeof(*cl->descs));
	cl->desc_lines = calloc(c->nprobes, sizeof(*cl->desc_lines));
	if (!cl->descs || !cl->desc_lines)
		return cg_nomem(g);
	for (i = 0; i < c->nprobes; i++) {
		cl->desc_lines[i] = c->probes[i]->loc.line;
		cl->descs[i] = cg_pdesc_expand(g, c->probes[i]->text, c->probes[i]->loc);
		if (!cl->descs[i])
			return -1;
	}
	cl->ndescs = c->nprobes;

	/*
	 * The body first, then the predicate, as dtrace cooks a clause: the
	 * predicate may use a variable the body creates. The predicate's
	 * instructions are then moved in front of the body's (branches are
	 * relative, so both blocks stay valid).
	 */
	g->in_clause = true;
	ndiags = g->cc->diags.n;
	if (clause_body(g, c) && c->pred && undefined_name(g, ndiags)) {
		/*
		 * dtrace's retry: actions that name a variable nothing has
		 * created yet are checked again after the predicate, which
		 * may create it (`/x++/ { trace(x); }`).
		 */
		clause_reset(g, start, ndiags);
		if (clause_pred(g, c))
			return -1;
		body = g->img->ninsns;
		if (clause_body(g, c))
			return -1;
	} else if (g->err) {
		return -1;
	} else if (c->pred) {
		size_t mid = g->img->ninsns;

		if (clause_pred(g, c) || pred_first(g, start, mid))
			return -1;
		body = start + (g->img->ninsns - mid);
	}
	if (c->pred)
		fast_predicate(g, c->pred, cl);
	g->in_clause = false;
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

/*
 * #pragma D depends_on CLASS NAME: the providers are spectrace's own, a
 * module is one the kernel has loaded (or vmlinux itself).
 */
static int depends_on(struct cg *g, const struct ast_item *it)
{
	static const char *const provs[] = { "dtrace", "syscall", "profile" };
	char cls[32], name[128], path[160], extra[2];
	size_t i;
	int n;

	n = sscanf(it->u.pragma.value, "%31s %127s %1s", cls, name, extra);
	if (n != 2)
		return cg_error(g, DIAG_PRAGMA_MALFORM, it->loc,
				"malformed #pragma depends_on <class> <name>");
	if (!strcmp(cls, "provider")) {
		for (i = 0; i < sizeof(provs) / sizeof(provs[0]); i++)
			if (!strcmp(provs[i], name))
				return 0;
		return cg_error(g, DIAG_PRAGMA_DEPEND, it->loc, "program requires provider %s",
				name);
	}
	if (!strcmp(cls, "module")) {
		snprintf(path, sizeof(path), "/sys/module/%s", name);
		if (!strcmp(name, "vmlinux") || !access(path, F_OK))
			return 0;
		return cg_error(g, DIAG_PRAGMA_DEPEND, it->loc, "program requires module %s", name);
	}
	if (!strcmp(cls, "library"))
		return cg_error(g, DIAG_PRAGMA_DEPEND, it->loc,
				"main program may not explicitly depend on a library");
	return cg_error(g, DIAG_PRAGMA_INVAL, it->loc,
			"invalid class %s specified by #pragma depends_on", cls);
}

static int pragma(struct cg *g, const struct ast_item *it)
{
	const struct ast_pragma *p = &it->u.pragma;
	char err[128];
	int ret;

	if (p->kind == AST_PRAGMA_DEPENDS_ON)
		return depends_on(g, it);
	if (p->kind != AST_PRAGMA_OPTION)
		return cg_error(g, DIAG_UNSUPPORTED, it->loc, "not supported: #pragma %s", p->text);
	ret = opt_set_in(g->o, p->name, p->value, OPT_CTX_PRAGMA, err, sizeof(err));
	if (ret && p->value)
		return cg_error(g, ret == -ENOTSUP ? DIAG_UNSUPPORTED : DIAG_PRAGMA_OPTSET, it->loc,
				"failed to set option '%s' to '%s': %s", p->name, p->value, err);
	if (ret)
		return cg_error(g, ret == -ENOTSUP ? DIAG_UNSUPPORTED : DIAG_PRAGMA_OPTSET, it->loc,
				"failed to set option '%s': %s", p->name, err);
	return 0;
}

/*
 * The type of a declaration: that of its type specifier, or of the
 * definition it made (DEFID, which may have no name), with its pointers.
 */
static int decl_type(struct cg *g, const struct ast_type *at, uint32_t defid, struct ct *t)
{
	unsigned int i;

	if (!defid)
		return cg_type_of(g, at, t);
	for (i = 0; i < at->ptr; i++) {
		defid = dtype_ptr(&g->dt, defid);
		if (!defid)
			return cg_nomem(g);
	}
	return cg_btf_ct(g, defid, t, at->loc);
}

/*
 * The BTF id of declaration D's type T, an array of T when D has a
 * dimension (TYPE NAME[DIM]; a positive constant, as D wants).
 */
static int decl_dim(struct cg *g, const struct ast_decl *d, const struct ct *t, uint32_t *id)
{
	int r;

	*id = cg_ct_btf_id(g, t);
	if (!*id && t->kind != CT_VOID)
		return cg_nomem(g);
	if (!d->has_dim)
		return 0;
	if (!d->dim || t->kind == CT_VOID)
		return cg_error(g, DIAG_DECL_ARRSUB, d->name_loc,
				"positive integral constant expression expected as array size");
	if (d->dim > UINT32_MAX)
		return cg_error(g, DIAG_DECL_ARRBIG, d->name_loc, "array dimension too big: %llu",
				(unsigned long long)d->dim);
	r = btf__add_array(g->dt.btf, (int)cg_ct_btf_id(g, &ct_uint32), (int)*id, (uint32_t)d->dim);
	if (r < 0)
		return cg_nomem(g);
	*id = (uint32_t)r;
	return 0;
}

/* typedef TYPE NAME[DIM];: a BTF typedef of the split part. */
static int typedef_decl(struct cg *g, const struct ast_decl *d, uint32_t defid)
{
	uint32_t id;
	struct ct t;
	int r;

	if (d->nkeys)
		return cg_error(g, DIAG_UNSUPPORTED, d->name_loc,
				"not supported: typedef of an associative array (%s)", d->name);
	if (cg_var_find(g, AST_SCOPE_GLOBAL, d->name))
		return cg_error(g, DIAG_DECL_IDRED, d->name_loc,
				"global variable identifier redeclared: %s", d->name);
	if (cg_need_btf(g, d->name_loc) || decl_type(g, &d->type, defid, &t))
		return -1;
	if (t.kind == CT_STR)
		return cg_error(g, DIAG_UNSUPPORTED, d->name_loc,
				"not supported: typedef of string (%s)", d->name);
	if (decl_dim(g, d, &t, &id))
		return -1;
	r = btf__add_typedef(g->dt.btf, d->name, (int)id);
	return r < 0 ? cg_nomem(g) : 0;
}

static int decl(struct cg *g, const struct ast_item *it)
{
	const struct ast_decl *d = &it->u.decl;
	uint32_t defid = 0;
	struct ct t;

	bool kstr[CG_MAX_KEYS];
	struct ct kts[CG_MAX_KEYS];
	size_t i;

	if (d->init)
		return cg_inline_def(g, d);
	if (d->type.body) {
		int id = d->type.kind == AST_TYPE_ENUM ? cg_enum_define(g, &d->type) :
							 cg_sou_define(g, &d->type);

		if (id < 0)
			return -1;
		defid = (uint32_t)id;
	}
	if (!d->name)
		return 0; /* struct s { ... }; */
	if (d->is_typedef)
		return typedef_decl(g, d, defid);
	if (d->nkeys && d->scope != AST_SCOPE_GLOBAL)
		return cg_error(g, DIAG_UNSUPPORTED, d->name_loc,
				"not supported yet: this array declaration (%s)", d->name);
	if (decl_type(g, &d->type, defid, &t))
		return -1;
	if (d->has_dim) {
		/* a scalar array: a variable of a BTF array type, as a typedef'd one */
		uint32_t id;

		if (t.kind == CT_STR)
			return cg_error(g, DIAG_UNSUPPORTED, d->name_loc,
					"not supported: an array of strings (%s)", d->name);
		if (cg_need_btf(g, d->name_loc) || decl_dim(g, d, &t, &id) ||
		    cg_btf_ct(g, id, &t, d->name_loc))
			return -1;
	}
	if (t.kind == CT_VOID)
		return cg_error(g, DIAG_DECL_VOIDOBJ, d->name_loc, "cannot have void object: %s",
				d->name);
	if (d->scope == AST_SCOPE_GLOBAL && cg_is_builtin(d->name))
		return cg_error(g, DIAG_DECL_IDRED, d->name_loc,
				"built-in identifier redeclared: %s", d->name);
	{
		const struct cg_var *v = cg_var_find(g, d->scope, d->name);
		char b1[32], b2[32];

		/* The same declaration again is accepted, as in dtrace. */
		if (v && !v->assoc && !d->nkeys && v->type.kind == t.kind &&
		    (t.kind != CT_INT ||
		     (v->type.size == t.size && v->type.sign == t.sign && v->type.ptr == t.ptr)))
			return 0;
		if (v && !v->assoc && !d->nkeys)
			return cg_error(
				g, DIAG_DECL_IDRED, d->name_loc,
				"identifier redeclared: %s%s\n\t current: scalar %s\n\tprevious: scalar %s",
				cg_scope_prefix(d->scope), d->name,
				cg_type_name(&t, b1, sizeof(b1)),
				cg_type_name(&v->type, b2, sizeof(b2)));
		if (v)
			return cg_error(g, DIAG_DECL_IDRED, d->name_loc,
					"identifier redeclared: %s%s", cg_scope_prefix(d->scope),
					d->name);
	}
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
		kts[i] = kt;
	}
	return cg_assoc_new(g, d->name, &t, d->nkeys, kstr, kts, d->name_loc) ? 0 : -1;
}

void cg_image_free(struct image *img)
{
	size_t i;

	for (i = 0; i < img->nclauses; i++) {
		struct img_clause *cl = &img->clauses[i];

		clause_acts_free(cl);
		free(cl->descs);
		free(cl->desc_lines);
	}
	free(img->clauses);
	free(img->insns);
	free(img->insn_act);
	free(img->strtab);
	free(img->aggs);
	free(img->edges);
	memset(img, 0, sizeof(*img));
}

/* compile_ctx.is_typedef: a typedef of the kernel's BTF (loaded at the first question). */
static bool kernel_typedef(const char *name, void *arg)
{
	struct cg *g = arg;

	if (!g->dt.btf && dtype_open(&g->dt, NULL))
		return false;
	return dtype_find(&g->dt, DTYPE_TYPEDEF, name) != 0;
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
	if (!cc->is_typedef) {
		cc->is_typedef = kernel_typedef;
		cc->is_typedef_arg = g;
	}
	return g;
}

void cg_set_argv0(struct cg *g, const char *argv0)
{
	g->argv0 = argv0;
}

int cg_add(struct cg *g, const struct ast_program *prog)
{
	struct image *img = g->img;
	size_t i, n = 0;

	if (g->err)
		return g->err;
	g->file = prog->file;
	g->last_ref = false;
	for (i = 0; i < prog->nitems; i++)
		n += prog->items[i]->kind == AST_ITEM_CLAUSE;
	/* dtrace: declarations and pragmas make no parse nodes, inlines and clauses do */
	for (i = 0; !n && i < prog->nitems; i++)
		if (prog->items[i]->kind == AST_ITEM_DECL && prog->items[i]->u.decl.init)
			break;
	if (!n && i == prog->nitems && !g->o->empty)
		return cg_error(g, DIAG_EMPTY, (struct ast_loc){ 0 },
				"empty D program translation unit");
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
	/*
	 * dtrace's check, per program: the last macro argument must be used,
	 * unless argref (or defaultargs, for scripts with optional arguments).
	 */
	if (!g->err && g->nmacros && !g->last_ref && !g->o->argref && !g->o->defaultargs)
		cg_error(g, DIAG_MACRO_UNUSED, (struct ast_loc){ .line = prog->end_line },
			 "extraneous argument '%s' ($%zu is not referenced)",
			 g->macros[g->nmacros - 1], g->nmacros);
	g->nprogs++;
	return g->err;
}

int cg_finish(struct cg *g)
{
	struct cg_var *v, *next;
	int err;

	if (g->cc->is_typedef_arg == g) {
		g->cc->is_typedef = NULL;
		g->cc->is_typedef_arg = NULL;
	}
	dtype_close(&g->dt);
	if (g->ptab) {
		probe_table_free(g->ptab);
		free(g->ptab);
	}
	g->img->globals_size = g->global_bytes;
	g->img->uses_spec = g->uses_spec;
	if (!g->err)
		cg_agg_finish(g);
	for (v = g->vars; v; v = next) {
		next = v->next;
		free(v);
	}
	while (g->inlines) {
		struct cg_inline *in = g->inlines;

		g->inlines = in->next;
		free(in);
	}
	err = g->err;
	if (err)
		cg_image_free(g->img);
	free(g);
	return err;
}

int cg_compile(struct compile_ctx *cc, struct opts *o, char *const *macros, size_t nmacros,
	       const char *argv0, const char *file, const char *text, size_t len, struct image *img)
{
	struct ast_program *prog = parse_program(cc, file, text, len);
	struct cg *g;
	int ret, err;

	if (!prog)
		return cc->diags.nomem ? -ENOMEM : -EINVAL;
	g = cg_new(cc, o, macros, nmacros, img);
	if (!g)
		return -ENOMEM;
	if (argv0)
		cg_set_argv0(g, argv0);
	ret = cg_add(g, prog);
	err = cg_finish(g);
	/* cg_finish frees the image after an error of its own or of cg_add */
	if (ret && !err)
		cg_image_free(img);
	return ret ? ret : err;
}
