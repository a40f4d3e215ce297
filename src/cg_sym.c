/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator, symbols: sym(), func() and mod() of a kernel
 * address, usym(), ufunc(), uaddr() and umod() of a user one. Each
 * records the address (a user one after the process's pid, as dtrace's
 * 16-byte records); the consumer resolves it (src/stack.c, sym_text) and,
 * for aggregation keys, reduces it to its function or module (agg.c).
 * They are recording actions of their own, trace() and printf()
 * arguments (%a, %A) and aggregation keys; anywhere else D_CG_EXPR.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <linux/types.h>

#include "abi/isa.h"
#include "cg_priv.h"
#include "diag.h"

static const struct {
	const char *name;
	enum img_ftype type;
} sym_calls[] = {
	{ "sym", IMG_SYM },    { "func", IMG_SYM },    { "mod", IMG_MOD },   { "usym", IMG_USYM },
	{ "ufunc", IMG_USYM }, { "uaddr", IMG_UADDR }, { "umod", IMG_UMOD },
};

int cg_sym_type(const struct ast_expr *e)
{
	size_t i;

	if (e->kind != AST_CALL)
		return -1;
	for (i = 0; i < sizeof(sym_calls) / sizeof(sym_calls[0]); i++)
		if (!strcmp(e->u.call.name, sym_calls[i].name))
			return (int)sym_calls[i].type;
	return -1;
}

bool cg_sym_user(enum img_ftype type)
{
	return type == IMG_USYM || type == IMG_UADDR || type == IMG_UMOD;
}

int cg_sym_addr(struct cg *g, const struct ast_expr *e, enum img_ftype *type)
{
	struct ct t;
	char b[32];
	int k = cg_sym_type(e), r;

	if (k < 0)
		return -1;
	*type = (enum img_ftype)k;
	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, 1 expected",
				e->u.call.name, e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	r = cg_expr(g, e->u.call.args[0], &t);
	if (r < 0)
		return -1;
	if (t.kind != CT_INT) {
		cg_reg_free(g, r);
		return cg_error(
			g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: %s",
			e->u.call.name, cg_type_name(&t, b, sizeof(b)));
	}
	/* uintptr_t: the value as an 8-byte unsigned integer */
	cg_narrow(g, r, &ct_uint64);
	return r;
}

/*
 * The pid of a user address's record: the process the probe fired in
 * (noted, so its mappings are read while it lives), or PID.
 */
static int pid_reg(struct cg *g, int64_t pid, struct ast_loc loc)
{
	int r = cg_reg_alloc(g, loc);

	if (r < 0)
		return -1;
	if (pid)
		cg_emit(g, SPT_OP_LDI, r, 0, 0, (int32_t)pid);
	else
		cg_emit(g, SPT_OP_LDB, r, 0, 0, SPT_B_UPID);
	return r;
}

int cg_sym_store(struct cg *g, enum img_ftype type, int raddr, int64_t pid, uint32_t off, bool key,
		 struct ast_loc loc)
{
	if (cg_sym_user(type)) {
		int rp = pid_reg(g, pid, loc);

		if (rp < 0)
			return -1;
		if (key)
			cg_emit(g, SPT_OP_KINT, 0, rp, 0, (int32_t)off);
		else
			cg_emit(g, SPT_OP_REC, 0, rp, 8, (int32_t)off);
		cg_reg_free(g, rp);
		off += 8;
	}
	if (key)
		cg_emit(g, SPT_OP_KINT, 0, raddr, 0, (int32_t)off);
	else
		cg_emit(g, SPT_OP_REC, 0, raddr, 8, (int32_t)off);
	return 0;
}

int cg_sym_record(struct cg *g, enum img_ftype type, int raddr, int64_t pid, struct ast_loc loc)
{
	if (cg_field_add(g, type, cg_sym_user(type) ? 16 : 8, loc))
		return -1;
	return cg_sym_store(g, type, raddr, pid, g->cl->fields[g->cl->nfields - 1].offset, false,
			    loc);
}

int cg_sym_field(struct cg *g, const struct ast_expr *e)
{
	enum img_ftype type;
	int r = cg_sym_addr(g, e, &type), ret;

	if (r < 0)
		return -1;
	ret = cg_sym_record(g, type, r, 0, e->loc);
	cg_reg_free(g, r);
	return ret;
}

int cg_sym_action(struct cg *g, const struct ast_expr *e)
{
	/* the argument count first: its error comes before the clause's order rules */
	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, 1 expected",
				e->u.call.name, e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	if (cg_drec_check(g, e->u.call.name, e->loc))
		return -1;
	if (!cg_action_add(g, IMG_ACT_TRACE))
		return -1;
	if (cg_sym_field(g, e))
		return -1;
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	return 0;
}
