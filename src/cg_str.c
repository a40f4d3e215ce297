/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator, D's string subroutines: strjoin, substr, strchr,
 * strrchr, strstr, index, rindex, basename, dirname, lltostr, strtoll,
 * toupper and tolower, compiled to the VM's four string primitives (SSUB
 * copies a range, SFIND searches, LTOS and STOL convert; bpf/abi/isa.h);
 * strings compared with NULL; and self-> string variables, which live in
 * the associative-array map under a key of their own (SPT_KEY_SELF, tid).
 *
 * Each string-producing call gets a string slot of its own in the clause.
 * strchr, strrchr and strstr produce no copy: their result is a reference
 * into their argument, or NULL (reference 0, read as "") when nothing is
 * found, so `strchr(s, c) != NULL` works as in D.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/types.h>

#include "abi/isa.h"
#include "abi/limits.h"
#include "cg_priv.h"
#include "diag.h"

/* Argument kinds of a prototype. */
enum sarg {
	SA_STR,
	SA_INT,
};

struct strsubr;
/*
 * A generator: arguments in R[0..N), of types AT (a string's size is its
 * bound); sets *T, the result's type and bound.
 */
typedef int (*strsubr_gen)(struct cg *g, const struct strsubr *s, const struct ast_expr *e, int *r,
			   const struct ct *at, size_t n, struct ct *t);

struct strsubr {
	const char *name;
	unsigned int min, max; /* arguments */
	enum sarg kind[3];
	const char *proto[3]; /* their types, for D_PROTO_ARG */
	strsubr_gen gen;
	int flags; /* the generator's variant */
};

/* Positions beyond any string: "to the end", "from the end". */
#define FAR SPT_STRSIZE

static int emit(struct cg *g, enum spt_op op, int dst, int a, int b, int32_t imm)
{
	return cg_emit(g, op, dst, a, b, imm);
}

static void free_regs(struct cg *g, const int *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		cg_reg_free(g, r[i]);
}

/* A register holding V, or -1. */
static int konst(struct cg *g, int64_t v, struct ast_loc loc)
{
	return cg_load_const(g, (uint64_t)v, loc);
}

/* strjoin(a, b), toupper(s), tolower(s): whole strings into a slot. */
static int gen_join(struct cg *g, const struct strsubr *s, const struct ast_expr *e, int *r,
		    const struct ct *at, size_t n, struct ct *t)
{
	int slot = cg_str_slot(g, e->loc), zero, end;
	unsigned int max = 1;
	size_t i;

	(void)s;
	if (slot < 0)
		return -1;
	zero = konst(g, 0, e->loc);
	end = cg_reg_alloc(g, e->loc);
	if (zero < 0 || end < 0)
		return -1;
	for (i = 0; i < n; i++) {
		emit(g, SPT_OP_LDI, end, 0, 0, FAR);
		emit(g, SPT_OP_SSUB, end, r[i], zero, slot | (i ? SPT_SSUB_APPEND : 0) | s->flags);
	}
	free_regs(g, r, n);
	cg_reg_free(g, zero);
	/* The strings' lengths add up, cut at strsize as SSUB cuts them. */
	for (i = 0; i < n; i++)
		max += ct_strmax(&at[i]) - 1;
	*t = ct_str;
	t->size = max < SPT_STRSIZE ? max : SPT_STRSIZE;
	return end;
}

/*
 * substr(s, i[, n]) as DTrace: a negative i counts from the end; a range
 * that starts before 0 is cut at 0 unless n < 0, which ends the range n
 * bytes before the end of s and makes a start before 0 give "".
 */
static int gen_substr(struct cg *g, const struct strsubr *s, const struct ast_expr *e, int *r,
		      const struct ct *at, size_t n, struct ct *t)
{
	int slot = cg_str_slot(g, e->loc), len, zero, tmp, lim, j, jpos, jdone;
	int str = r[0], from = r[1], to;

	(void)s;
	if (slot < 0)
		return -1;
	len = cg_reg_alloc(g, e->loc);
	tmp = cg_reg_alloc(g, e->loc);
	zero = konst(g, 0, e->loc);
	if (len < 0 || tmp < 0 || zero < 0)
		return -1;
	emit(g, SPT_OP_SLEN, len, str, 0, 0);
	/* if (i < 0) i += strlen(s) */
	emit(g, SPT_OP_SLT, tmp, from, zero, 0);
	j = emit(g, SPT_OP_JZ, 0, tmp, 0, 0);
	emit(g, SPT_OP_ADD, from, from, len, 0);
	cg_patch_here(g, j);
	if (n == 3) {
		to = r[2];
		emit(g, SPT_OP_SLT, tmp, to, zero, 0);
		jpos = emit(g, SPT_OP_JZ, 0, tmp, 0, 0);
		/* n < 0: end = len + n; a start before 0 gives "" */
		emit(g, SPT_OP_ADD, to, len, to, 0);
		emit(g, SPT_OP_SLT, tmp, from, zero, 0);
		jdone = emit(g, SPT_OP_JZ, 0, tmp, 0, 0);
		emit(g, SPT_OP_MOV, to, from, 0, 0);
		j = emit(g, SPT_OP_JMP, 0, 0, 0, 0);
		cg_patch_here(g, jpos);
		/* n >= 0: end = i + min(n, strsize), no overflow */
		lim = konst(g, FAR, e->loc);
		if (lim < 0)
			return -1;
		emit(g, SPT_OP_SLT, tmp, lim, to, 0);
		jpos = emit(g, SPT_OP_JZ, 0, tmp, 0, 0);
		emit(g, SPT_OP_MOV, to, lim, 0, 0);
		cg_patch_here(g, jpos);
		emit(g, SPT_OP_ADD, to, from, to, 0);
		cg_reg_free(g, lim);
		cg_patch_here(g, j);
		cg_patch_here(g, jdone);
	} else {
		to = tmp;
		tmp = -1;
		emit(g, SPT_OP_LDI, to, 0, 0, FAR);
		emit(g, SPT_OP_ADD, to, from, to, 0);
	}
	emit(g, SPT_OP_SSUB, to, str, from, slot);
	cg_reg_free(g, str);
	cg_reg_free(g, from);
	cg_reg_free(g, len);
	cg_reg_free(g, zero);
	cg_reg_free(g, tmp);
	*t = ct_str;
	t->size = ct_strmax(&at[0]);
	return to;
}

/*
 * strchr, strrchr, strstr (flags: SFIND's, result a reference or NULL),
 * index, rindex (result a position or -1): one SFIND from the start
 * position, given or the first (last, backwards) of the string.
 */
static int gen_find(struct cg *g, const struct strsubr *s, const struct ast_expr *e, int *r,
		    const struct ct *at, size_t n, struct ct *t)
{
	int pos;

	if (n == 3) {
		pos = r[2];
	} else {
		pos = konst(g, (s->flags & SPT_FIND_BACK) ? FAR : 0, e->loc);
		if (pos < 0)
			return -1;
	}
	emit(g, SPT_OP_SFIND, pos, r[0], r[1], s->flags);
	cg_reg_free(g, r[0]);
	cg_reg_free(g, r[1]);
	*t = (s->flags & SPT_FIND_REF) ? ct_str : ct_int;
	if (s->flags & SPT_FIND_REF)
		t->size = ct_strmax(&at[0]); /* the rest of it, or NULL ("") */
	return pos;
}

/*
 * basename(s), dirname(s) as DTrace (and basename(1), dirname(1)): trailing
 * slashes do not count; "" gives "." for both, a string of slashes "/";
 * dirname of a name without a slash is ".", of "/name" "/".
 */
static int gen_path(struct cg *g, const struct strsubr *s, const struct ast_expr *e, int *r,
		    const struct ct *at, size_t n, struct ct *t)
{
	bool dir = s->flags;
	int str = r[0], slot = cg_str_slot(g, e->loc), dot = cg_strtab_ref(g, ".", e->loc);
	int slash = cg_strtab_ref(g, "/", e->loc);
	int res, last, sl, zero, tmp, j, jdone[4], nd = 0, i;

	(void)n;
	if (slot < 0 || dot < 0 || slash < 0)
		return -1;
	res = cg_reg_alloc(g, e->loc);
	last = konst(g, FAR, e->loc);
	sl = konst(g, '/', e->loc);
	zero = konst(g, 0, e->loc);
	tmp = cg_reg_alloc(g, e->loc);
	if (res < 0 || last < 0 || sl < 0 || zero < 0 || tmp < 0)
		return -1;
	/* last = the last character that is not a slash */
	emit(g, SPT_OP_SFIND, last, str, sl, SPT_FIND_BACK | SPT_FIND_NOT);
	emit(g, SPT_OP_SLT, tmp, last, zero, 0);
	j = emit(g, SPT_OP_JZ, 0, tmp, 0, 0);
	/* none: "" gives ".", slashes "/" */
	emit(g, SPT_OP_LDI, res, 0, 0, slash);
	emit(g, SPT_OP_SLEN, tmp, str, 0, 0);
	jdone[nd++] = emit(g, SPT_OP_JNZ, 0, tmp, 0, 0);
	emit(g, SPT_OP_LDI, res, 0, 0, dot);
	jdone[nd++] = emit(g, SPT_OP_JMP, 0, 0, 0, 0);
	cg_patch_here(g, j);
	/* tmp = the slash before the last name, or -1 */
	emit(g, SPT_OP_MOV, tmp, last, 0, 0);
	emit(g, SPT_OP_SFIND, tmp, str, sl, SPT_FIND_BACK);
	if (!dir) {
		/* the name: [slash + 1, last + 1) */
		emit(g, SPT_OP_LDI, res, 0, 0, 1);
		emit(g, SPT_OP_ADD, tmp, tmp, res, 0);
		emit(g, SPT_OP_ADD, last, last, res, 0);
		emit(g, SPT_OP_SSUB, last, str, tmp, slot);
		emit(g, SPT_OP_MOV, res, last, 0, 0);
	} else {
		emit(g, SPT_OP_LDI, res, 0, 0, dot);
		emit(g, SPT_OP_SLT, last, tmp, zero, 0);
		jdone[nd++] = emit(g, SPT_OP_JNZ, 0, last, 0, 0);
		/* the directory ends at the last non-slash before that slash */
		emit(g, SPT_OP_SFIND, tmp, str, sl, SPT_FIND_BACK | SPT_FIND_NOT);
		emit(g, SPT_OP_LDI, res, 0, 0, slash);
		emit(g, SPT_OP_SLT, last, tmp, zero, 0);
		jdone[nd++] = emit(g, SPT_OP_JNZ, 0, last, 0, 0);
		emit(g, SPT_OP_LDI, res, 0, 0, 1);
		emit(g, SPT_OP_ADD, tmp, tmp, res, 0);
		emit(g, SPT_OP_SSUB, tmp, str, zero, slot);
		emit(g, SPT_OP_MOV, res, tmp, 0, 0);
	}
	for (i = 0; i < nd; i++)
		cg_patch_here(g, jdone[i]);
	cg_reg_free(g, str);
	cg_reg_free(g, last);
	cg_reg_free(g, sl);
	cg_reg_free(g, zero);
	cg_reg_free(g, tmp);
	/* A part of the string, or "." or "/". */
	*t = ct_str;
	t->size = ct_strmax(&at[0]) > 2 ? ct_strmax(&at[0]) : 2;
	return res;
}

/* lltostr(n[, base]), strtoll(s[, base]): base 10 unless given. */
static int gen_conv(struct cg *g, const struct strsubr *s, const struct ast_expr *e, int *r,
		    const struct ct *at, size_t n, struct ct *t)
{
	int base = n == 2 ? r[1] : konst(g, 10, e->loc), slot = 0;

	(void)at;
	if (base < 0)
		return -1;
	if (s->flags) {
		slot = cg_str_slot(g, e->loc);
		if (slot < 0)
			return -1;
		emit(g, SPT_OP_LTOS, r[0], r[0], base, slot);
		*t = ct_str;
		t->size = n == 2 ? CG_LLTOSTR_MAX : CG_LLTOSTR10_MAX;
	} else {
		emit(g, SPT_OP_STOL, r[0], r[0], base, 0);
		*t = ct_int64;
	}
	cg_reg_free(g, base);
	return r[0];
}

/*
 * strtok(s, delimiters): a literal NULL (or 0) as s continues the string of
 * the previous strtok( ) on this CPU, as in dtrace-utils; cleanpath(s).
 */
static int gen_tok(struct cg *g, const struct strsubr *s, const struct ast_expr *e, int *r,
		   const struct ct *at, size_t n, struct ct *t)
{
	int slot = cg_str_slot(g, e->loc);
	bool cont = s->flags && cg_is_null(e->u.call.args[0]);

	if (slot < 0)
		return -1;
	if (n == 1) {
		emit(g, SPT_OP_SCLEAN, r[0], r[0], 0, slot);
		*t = ct_str;
		t->size = ct_strmax(&at[0]) > 2 ? ct_strmax(&at[0]) : 2;
		return r[0];
	}
	emit(g, SPT_OP_STOK, r[0], r[0], r[1], slot | (cont ? SPT_STOK_CONT : 0));
	cg_reg_free(g, r[1]);
	*t = ct_str;
	/* A token of the string, or of an earlier one when continuing. */
	t->size = cont ? SPT_STRSIZE : ct_strmax(&at[0]);
	return r[0];
}

static const struct strsubr strsubrs[] = {
	{ "strjoin", 2, 2, { SA_STR, SA_STR }, { "const char *", "const char *" }, gen_join, 0 },
	{ "toupper", 1, 1, { SA_STR }, { "const char *" }, gen_join, SPT_SSUB_UPPER },
	{ "tolower", 1, 1, { SA_STR }, { "const char *" }, gen_join, SPT_SSUB_LOWER },
	{ "substr",
	  2,
	  3,
	  { SA_STR, SA_INT, SA_INT },
	  { "const char *", "int", "int" },
	  gen_substr,
	  0 },
	{ "strchr", 2, 2, { SA_STR, SA_INT }, { "const char *", "char" }, gen_find, SPT_FIND_REF },
	{ "strrchr",
	  2,
	  2,
	  { SA_STR, SA_INT },
	  { "const char *", "char" },
	  gen_find,
	  SPT_FIND_REF | SPT_FIND_BACK },
	{ "strstr",
	  2,
	  2,
	  { SA_STR, SA_STR },
	  { "const char *", "const char *" },
	  gen_find,
	  SPT_FIND_REF | SPT_FIND_STR },
	{ "index",
	  2,
	  3,
	  { SA_STR, SA_STR, SA_INT },
	  { "const char *", "const char *", "int" },
	  gen_find,
	  SPT_FIND_STR },
	{ "rindex",
	  2,
	  3,
	  { SA_STR, SA_STR, SA_INT },
	  { "const char *", "const char *", "int" },
	  gen_find,
	  SPT_FIND_STR | SPT_FIND_BACK },
	{ "basename", 1, 1, { SA_STR }, { "const char *" }, gen_path, 0 },
	{ "dirname", 1, 1, { SA_STR }, { "const char *" }, gen_path, 1 },
	{ "lltostr", 1, 2, { SA_INT, SA_INT }, { "int64_t", "int" }, gen_conv, 1 },
	{ "strtoll", 1, 2, { SA_STR, SA_INT }, { "const char *", "int" }, gen_conv, 0 },
	{ "strtok", 2, 2, { SA_STR, SA_STR }, { "const char *", "const char *" }, gen_tok, 1 },
	{ "cleanpath", 1, 1, { SA_STR }, { "const char *" }, gen_tok, 0 },
};

static const struct strsubr *strsubr_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(strsubrs) / sizeof(strsubrs[0]); i++)
		if (!strcmp(strsubrs[i].name, name))
			return &strsubrs[i];
	return NULL;
}

bool cg_is_strsubr(const char *name)
{
	return strsubr_find(name) != NULL;
}

/* Check the call's arguments against the prototype, evaluate them, generate. */
int cg_strsubr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const struct strsubr *s = strsubr_find(e->u.call.name);
	size_t n = e->u.call.nargs, i;
	int r[3] = { -1, -1, -1 };
	struct ct at[3];
	char b[32];

	if (!s)
		return cg_error(g, DIAG_IDENT_UNDEF, e->loc,
				"failed to resolve %s: Unknown function name", e->u.call.name);
	if (n < s->min || n > s->max)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, %s%u expected",
				s->name, n, n == 1 ? "" : "s",
				s->min == s->max ? "" :
				n < s->min	 ? "at least " :
						   "at most ",
				n < s->min ? s->min : s->max);
	for (i = 0; i < n; i++) {
		const struct ast_expr *a = e->u.call.args[i];
		bool ok;

		r[i] = cg_expr(g, a, &at[i]);
		if (r[i] < 0)
			return -1;
		ok = s->kind[i] == SA_STR ? at[i].kind == CT_STR :
					    at[i].kind == CT_INT && !at[i].ptr;
		/* strtok(NULL, delimiters) goes on with the previous string. */
		if (s->gen == gen_tok && s->flags && i == 0 && cg_is_null(a))
			ok = true;
		if (!ok) {
			free_regs(g, r, i + 1);
			return cg_error(
				g, DIAG_PROTO_ARG, a->loc,
				"%s( ) argument #%zu is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				s->name, i + 1, s->proto[i], cg_type_name(&at[i], b, sizeof(b)));
		}
	}
	return s->gen(g, s, e, r, at, n, t);
}

bool cg_is_null(const struct ast_expr *e)
{
	if (e->kind == AST_IDENT)
		return e->u.ident.scope == AST_SCOPE_GLOBAL && !strcmp(e->u.ident.name, "NULL");
	return e->kind == AST_INT && e->u.i.value == 0;
}

int cg_str_null_compare(struct cg *g, enum ast_op op, int r, struct ct *t)
{
	int z = konst(g, 0, (struct ast_loc){ 0 });

	if (z < 0)
		return -1;
	emit(g, op == AST_OP_EQ ? SPT_OP_EQ : SPT_OP_NE, r, r, z, 0);
	cg_reg_free(g, z);
	*t = ct_int;
	return r;
}

/* Build the key of self-> string variable V of this thread in the VM. */
static int self_key(struct cg *g, const struct cg_var *v, struct ast_loc loc)
{
	int tid = cg_reg_alloc(g, loc);

	if (tid < 0)
		return -1;
	emit(g, SPT_OP_LDB, tid, 0, 0, SPT_B_TID);
	emit(g, SPT_OP_KINIT, 0, 0, 0, (int32_t)(SPT_KEY_SELF | v->slot));
	emit(g, SPT_OP_KINT, 0, tid, 0, 8);
	return tid;
}

/* Read self-> string V: a copy in a slot, or NULL when the thread has none. */
int cg_self_str_load(struct cg *g, const struct cg_var *v, struct ast_loc loc)
{
	int slot = cg_str_slot(g, loc), r;

	if (slot < 0)
		return -1;
	r = self_key(g, v, loc);
	if (r < 0)
		return -1;
	emit(g, SPT_OP_ALDS, r, 0, slot, 0);
	return r;
}

/* self->V = string R; NULL deletes it. */
void cg_self_str_store(struct cg *g, const struct cg_var *v, int r, struct ast_loc loc)
{
	int tid = self_key(g, v, loc);

	if (tid < 0)
		return;
	emit(g, SPT_OP_ASTS, 0, r, 0, 0);
	cg_reg_free(g, tid);
}
