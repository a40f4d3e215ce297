/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator, stacks: the stack() and ustack() actions, stacks as
 * aggregation keys, and the builtins stackdepth, ustackdepth, caller and
 * ucaller. Each is one SPT_OP_STACK (bpf/abi/isa.h); the frames are
 * symbolised by the consumer (src/stack.c).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <linux/types.h>

#include "abi/isa.h"
#include "cg_priv.h"
#include "diag.h"
#include "opt.h"

/* Frames of BPF programs and tracing glue above a kernel probe site. */
#define CG_KSTACK_GLUE 12

bool cg_is_stack_call(const struct ast_expr *e)
{
	return e->kind == AST_CALL &&
	       (!strcmp(e->u.call.name, "stack") || !strcmp(e->u.call.name, "ustack"));
}

/* A constant argument: a literal or a constant expression. */
static bool const_arg(struct cg *g, const struct ast_expr *e, int64_t *v)
{
	if (e->kind == AST_INT) {
		*v = (int64_t)e->u.i.value;
		return true;
	}
	return cg_const_fold(g, e, v);
}

static unsigned int cap_frames(const struct cg *g, int64_t n)
{
	uint32_t max = g->o && g->o->maxframes ? g->o->maxframes : SPT_STACK_MAX;

	if (max > SPT_STACK_MAX)
		max = SPT_STACK_MAX;
	return n > (int64_t)max ? max : (unsigned int)n;
}

int cg_stack_type(struct cg *g, const struct ast_expr *e, struct cg_stack *st)
{
	bool user = !strcmp(e->u.call.name, "ustack");
	size_t max = user ? 2 : 1;
	int64_t n;

	if (e->u.call.nargs > max)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu args passed, at most %zu expected",
				e->u.call.name, e->u.call.nargs, max);
	st->user = user;
	if (user)
		n = g->o && g->o->ustackframes ? g->o->ustackframes : 100;
	else
		n = g->o && g->o->stackframes ? g->o->stackframes : 20;
	if (e->u.call.nargs >= 1) {
		if (!const_arg(g, e->u.call.args[0], &n) || n <= 0)
			return cg_error(
				g, user ? DIAG_USTACK_FRAMES : DIAG_STACK_SIZE,
				e->u.call.args[0]->loc,
				"%s( ) argument #1 must be a non-zero positive integer constant",
				e->u.call.name);
	}
	if (e->u.call.nargs == 2) {
		int64_t s;

		/* The string table size of ustack helpers: accepted, no effect (as in DTrace). */
		if (!const_arg(g, e->u.call.args[1], &s) || s < 0)
			return cg_error(
				g, DIAG_USTACK_STRSIZE, e->u.call.args[1]->loc,
				"ustack( ) argument #2 must be a positive integer constant");
	}
	st->frames = cap_frames(g, n);
	st->show = 0;
	if (!user) {
		/*
		 * The kernel's walk starts in the BPF programs and the tracing
		 * glue (about ten frames) the consumer leaves out: record those
		 * too, show the frames asked for.
		 */
		st->show = st->frames;
		st->frames = cap_frames(g, n + CG_KSTACK_GLUE);
	}
	st->size = SPT_STACK_FIELD(st->frames);
	st->window = 0;
	return 0;
}

/* SPT_OP_STACK of ST with flags FL into offset OFF. */
static int emit_stack(struct cg *g, const struct cg_stack *st, unsigned int fl, uint32_t off,
		      struct ast_loc loc)
{
	int r = cg_reg_alloc(g, loc);

	if (r < 0)
		return -1;
	cg_emit(g, SPT_OP_LDI, r, 0, 0,
		(int32_t)(st->frames | (st->user ? st->window : st->show) << 16));
	if (st->window)
		fl |= SPT_STK_REGS;
	cg_emit(g, SPT_OP_STACK, r, r, (uint8_t)(fl | (st->user ? SPT_STK_USER : 0)), (int32_t)off);
	cg_reg_free(g, r);
	return 0;
}

int cg_stack_field(struct cg *g, const struct ast_expr *e)
{
	struct cg_stack st;

	if (cg_stack_type(g, e, &st))
		return -1;
	/*
	 * -x ustackwindow=N: the user registers and N bytes of the user
	 * stack too, for the consumer's DWARF unwinder (records only: an
	 * aggregation key cannot hold a copy of memory).
	 */
	if (st.user && g->o && g->o->ustackwindow) {
		uint64_t w = g->o->ustackwindow;

		if (w > SPT_STACK_WINDOW_MAX)
			return cg_error(g, DIAG_UNSUPPORTED, e->loc,
					"not supported: ustackwindow above %d bytes",
					SPT_STACK_WINDOW_MAX);
		st.window = (unsigned int)((w + 7) & ~7ULL);
		st.size = SPT_STACK_RFIELD(st.frames, st.window);
	}
	if (cg_field_add(g, st.user ? IMG_USTACK : IMG_STACK, st.size, e->loc))
		return -1;
	return emit_stack(g, &st, SPT_STK_REC, g->cl->fields[g->cl->nfields - 1].offset, e->loc);
}

int cg_stack_action(struct cg *g, const struct ast_expr *e)
{
	struct cg_stack st;

	/* the arguments first: their errors come before the clause's order rules */
	if (cg_stack_type(g, e, &st))
		return -1;
	if (cg_drec_check(g, e->u.call.name, e->loc))
		return -1;
	if (!cg_action_add(g, IMG_ACT_TRACE))
		return -1;
	if (cg_stack_field(g, e))
		return -1;
	g->cl->acts[g->cl->nacts - 1].nfields = 1;
	return 0;
}

int cg_stack_key(struct cg *g, const struct cg_stack *st, uint32_t off, struct ast_loc loc)
{
	/* keys never carry a window (st->window is 0) */
	return emit_stack(g, st, SPT_STK_KEY, off, loc);
}

int cg_stack_builtin(struct cg *g, const char *name, struct ast_loc loc, struct ct *t)
{
	static const struct {
		const char *name;
		unsigned int flags;
	} b[] = {
		{ "stackdepth", 0 },
		{ "ustackdepth", SPT_STK_USER },
		{ "caller", SPT_STK_CALLER },
		{ "ucaller", SPT_STK_USER | SPT_STK_CALLER },
	};
	size_t i;
	int r;

	for (i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		if (!strcmp(b[i].name, name))
			break;
	if (i == sizeof(b) / sizeof(b[0]))
		return -2;
	r = cg_reg_alloc(g, loc);
	if (r < 0)
		return -1;
	cg_emit(g, SPT_OP_STACK, r, 0, (uint8_t)b[i].flags, 0);
	*t = (b[i].flags & SPT_STK_CALLER) ? ct_uint64 : ct_uint32;
	return r;
}

bool cg_is_stack_builtin(const char *name)
{
	return !strcmp(name, "stackdepth") || !strcmp(name, "ustackdepth") ||
	       !strcmp(name, "caller") || !strcmp(name, "ucaller");
}
