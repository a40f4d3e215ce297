/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator, expressions: types (C's usual arithmetic conversions,
 * LP64), names (builtins, variables in D's order, associative arrays),
 * operators, strings and the value-returning subroutines. Every function
 * returns the register holding its value (the caller frees it) or -1
 * after reporting the first error.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/types.h>

#include "abi/buf.h"
#include "abi/isa.h"
#include "cg_priv.h"
#include "diag.h"
#include "probe.h"
#include "vm.h"

__attribute__((format(printf, 4, 5))) int cg_error(struct cg *g, const char *tag,
							  struct ast_loc loc, const char *fmt, ...)
{
	va_list ap;

	if (g->err)
		return g->err;
	va_start(ap, fmt);
	diag_vadd(&g->cc->diags, tag, g->file, loc.line, loc.col, fmt, ap);
	va_end(ap);
	g->err = -EINVAL;
	return g->err;
}

int cg_nomem(struct cg *g)
{
	if (!g->err) {
		diag_add(&g->cc->diags, DIAG_UNKNOWN, g->file, 0, 0, "out of memory");
		g->err = -ENOMEM;
	}
	return g->err;
}

/* Emit one instruction; returns its index, or -1 after an error. */
int cg_emit(struct cg *g, enum spt_op op, int dst, int a, int b, int32_t imm)
{
	struct image *img = g->img;
	struct spt_insn *in;

	if (g->err)
		return -1;
	if (img->ninsns >= SPT_MAX_INSNS) {
		cg_error(g, DIAG_UNSUPPORTED, (struct ast_loc){ 0, 0 },
			 "program too large: more than %d instructions", SPT_MAX_INSNS);
		return -1;
	}
	if (img->ninsns == g->icap) {
		size_t cap = g->icap ? g->icap * 2 : 256;
		struct spt_insn *ni = realloc(img->insns, cap * sizeof(*ni));
		uint32_t *na;

		if (!ni) {
			cg_nomem(g);
			return -1;
		}
		img->insns = ni;
		na = realloc(img->insn_act, cap * sizeof(*na));
		if (!na) {
			cg_nomem(g);
			return -1;
		}
		img->insn_act = na;
		g->icap = cap;
	}
	img->insn_act[img->ninsns] = g->act << 16 | (uint32_t)(img->ninsns - g->act_start);
	in = &img->insns[img->ninsns];
	in->op = (__u8)op;
	in->dst = (__u8)dst;
	in->a = (__u8)a;
	in->b = (__u8)b;
	in->imm = imm;
	return (int)img->ninsns++;
}

/* Point the branch at instruction AT to the next instruction emitted. */
static void patch_here(struct cg *g, int at)
{
	if (at >= 0 && !g->err)
		g->img->insns[at].imm = (int32_t)(g->img->ninsns - (size_t)at - 1);
}

int cg_reg_alloc(struct cg *g, struct ast_loc loc)
{
	int r;

	for (r = 1; r < SPT_NREGS; r++) {
		if (!(g->regs & (1u << r))) {
			g->regs |= 1u << r;
			return r;
		}
	}
	cg_error(g, DIAG_REGS, loc, "expression too complex: out of registers");
	return -1;
}

void cg_reg_free(struct cg *g, int r)
{
	if (r > 0)
		g->regs &= ~(1u << r);
}

static int load_const(struct cg *g, uint64_t v, struct ast_loc loc)
{
	int r = cg_reg_alloc(g, loc);

	if (r < 0)
		return -1;
	if ((int64_t)v == (int64_t)(int32_t)v) {
		cg_emit(g, SPT_OP_LDI, r, 0, 0, (int32_t)v);
	} else {
		cg_emit(g, SPT_OP_LDI64, r, 0, 0, (int32_t)(uint32_t)v);
		cg_emit(g, SPT_OP_NOP, 0, 0, 0, (int32_t)(uint32_t)(v >> 32));
	}
	return r;
}

/* The string table offset of S (LEN bytes, no NUL inside), added once. */
static int strtab_intern(struct cg *g, const char *str, size_t len, struct ast_loc loc)
{
	struct image *img = g->img;
	uint32_t off;

	if (len >= SPT_STRSIZE)
		return cg_error(g, DIAG_UNSUPPORTED, loc,
				"string longer than strsize (%d bytes with its NUL)", SPT_STRSIZE);
	/* Offset 0 is NULL: a NUL of its own that no literal shares (bpf/vm.h). */
	if (!img->strtab_len) {
		img->strtab = malloc(1024);
		if (!img->strtab)
			return cg_nomem(g);
		g->stcap = 1024;
		img->strtab[0] = 0;
		img->strtab_len = 1;
	}
	for (off = 1; off + len < img->strtab_len; off++)
		if (!memcmp(img->strtab + off, str, len) && !img->strtab[off + len])
			return (int)off;
	if (img->strtab_len + len + 1 > SPT_STRTAB_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, loc, "too many string literals (at most %d bytes)",
				SPT_STRTAB_MAX);
	if (img->strtab_len + len + 1 > g->stcap) {
		size_t cap = g->stcap ? g->stcap * 2 : 1024;
		uint8_t *nt;

		while (cap < img->strtab_len + len + 1)
			cap *= 2;
		nt = realloc(img->strtab, cap);
		if (!nt)
			return cg_nomem(g);
		img->strtab = nt;
		g->stcap = cap;
	}
	off = img->strtab_len;
	memcpy(img->strtab + off, str, len);
	img->strtab[off + len] = 0;
	img->strtab_len += (uint32_t)len + 1;
	return (int)off;
}

static int load_string(struct cg *g, const char *str, size_t len, struct ast_loc loc,
		       struct ct *t)
{
	int off;

	if (memchr(str, 0, len))
		len = strlen(str);
	off = strtab_intern(g, str, len, loc);
	if (off < 0)
		return -1;
	*t = ct_str;
	t->size = (unsigned int)len + 1;
	return load_const(g, (uint64_t)off, loc);
}

/* For the string subroutines (cg_str.c). */
int cg_load_const(struct cg *g, uint64_t v, struct ast_loc loc)
{
	return load_const(g, v, loc);
}

int cg_strtab_ref(struct cg *g, const char *str, struct ast_loc loc)
{
	return strtab_intern(g, str, strlen(str), loc);
}

void cg_patch_here(struct cg *g, int at)
{
	patch_here(g, at);
}

/* Narrow register R to type T in place (sign- or zero-extension). */
void cg_narrow(struct cg *g, int r, const struct ct *t)
{
	if (t->kind == CT_INT && !t->ptr && t->size < 8)
		cg_emit(g, t->sign ? SPT_OP_SEXT : SPT_OP_ZEXT, r, r, (int)(t->size * 8), 0);
}

/* Type names: D's integer types and its typedefs, LP64. */
struct tname {
	const char *name;
	unsigned int size;
	bool sign;
};

static const struct tname tnames[] = {
	{ "char", 1, true }, { "signed char", 1, true }, { "unsigned char", 1, false },
	{ "short", 2, true }, { "unsigned short", 2, false },
	{ "int", 4, true }, { "unsigned int", 4, false },
	{ "long", 8, true }, { "unsigned long", 8, false },
	{ "long long", 8, true }, { "unsigned long long", 8, false },
	{ "int8_t", 1, true }, { "int16_t", 2, true }, { "int32_t", 4, true },
	{ "int64_t", 8, true }, { "uint8_t", 1, false }, { "uint16_t", 2, false },
	{ "uint32_t", 4, false }, { "uint64_t", 8, false }, { "intptr_t", 8, true },
	{ "uintptr_t", 8, false }, { "size_t", 8, false }, { "ssize_t", 8, true },
	{ "pid_t", 4, true }, { "uid_t", 4, false }, { "gid_t", 4, false },
	{ "id_t", 4, true }, { "processorid_t", 4, true }, { "_Bool", 1, false },
};

int cg_type_of(struct cg *g, const struct ast_type *at, struct ct *t)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	t->ptr = at->ptr;
	if (at->kind == AST_TYPE_STRING && !at->ptr) {
		*t = ct_str;
		return 0;
	}
	if (at->kind == AST_TYPE_VOID && !at->ptr) {
		t->kind = CT_VOID;
		return 0;
	}
	if (at->ptr) {
		struct ast_type base = *at;

		/* Any pointer is an address: an unsigned 64-bit integer to the VM. */
		base.ptr = 0;
		if (at->ptr == 1 && at->kind != AST_TYPE_VOID && at->kind != AST_TYPE_STRING) {
			if (cg_type_of(g, &base, t))
				return -1;
			t->psize = t->size;
			t->psign = t->sign;
		}
		t->kind = CT_INT;
		t->size = 8;
		t->sign = false;
		t->ptr = at->ptr;
		return 0;
	}
	if (at->kind == AST_TYPE_INT || at->kind == AST_TYPE_TYPEDEF) {
		for (i = 0; i < sizeof(tnames) / sizeof(tnames[0]); i++) {
			if (!strcmp(tnames[i].name, at->name)) {
				t->kind = CT_INT;
				t->size = tnames[i].size;
				t->sign = tnames[i].sign;
				return 0;
			}
		}
	}
	return cg_error(g, DIAG_UNSUPPORTED, at->loc, "not supported: type %s", at->name);
}

const char *cg_type_name(const struct ct *t, char *buf, size_t len)
{
	size_t i;

	if (t->kind == CT_STR)
		return "string";
	if (t->kind == CT_VOID)
		return "void";
	if (t->ptr)
		return "pointer";
	for (i = 0; i < sizeof(tnames) / sizeof(tnames[0]); i++)
		if (tnames[i].size == t->size && tnames[i].sign == t->sign &&
		    strncmp(tnames[i].name, "int", 3) == 0)
			return tnames[i].name;
	snprintf(buf, len, "%sint%u_t", t->sign ? "" : "u", t->size * 8);
	return buf;
}

/* C's usual arithmetic conversions, LP64. */
static struct ct arith_type(const struct ct *a, const struct ct *b)
{
	struct ct x = *a, y = *b, r = ct_int;

	if (x.ptr || x.size < 4) {
		x.sign = x.ptr ? false : true;
		x.size = x.ptr ? 8 : 4;
	}
	if (y.ptr || y.size < 4) {
		y.sign = y.ptr ? false : true;
		y.size = y.ptr ? 8 : 4;
	}
	x.ptr = y.ptr = 0;
	if (x.size != y.size)
		r = x.size > y.size ? x : y;
	else
		r = x.sign && y.sign ? x : (x.sign ? y : x);
	if (x.size == y.size && (!x.sign || !y.sign))
		r.sign = false;
	return r;
}

/* The builtin variables of D that spectrace provides, and their types. */
struct builtin {
	const char *name;
	enum spt_builtin id;
	struct ct type;
};

static const struct builtin builtins[] = {
	{ "arg0", SPT_B_ARG0, { CT_INT, 8, true, 0, 0, false } },
	{ "arg1", SPT_B_ARG0 + 1, { CT_INT, 8, true, 0, 0, false } },
	{ "arg2", SPT_B_ARG0 + 2, { CT_INT, 8, true, 0, 0, false } },
	{ "arg3", SPT_B_ARG0 + 3, { CT_INT, 8, true, 0, 0, false } },
	{ "arg4", SPT_B_ARG0 + 4, { CT_INT, 8, true, 0, 0, false } },
	{ "arg5", SPT_B_ARG0 + 5, { CT_INT, 8, true, 0, 0, false } },
	{ "arg6", SPT_B_ARG0 + 6, { CT_INT, 8, true, 0, 0, false } },
	{ "arg7", SPT_B_ARG0 + 7, { CT_INT, 8, true, 0, 0, false } },
	{ "arg8", SPT_B_ARG0 + 8, { CT_INT, 8, true, 0, 0, false } },
	{ "arg9", SPT_B_ARG0 + 9, { CT_INT, 8, true, 0, 0, false } },
	{ "pid", SPT_B_PID, { CT_INT, 4, true, 0, 0, false } },
	{ "tid", SPT_B_TID, { CT_INT, 4, true, 0, 0, false } },
	{ "ppid", SPT_B_PPID, { CT_INT, 4, true, 0, 0, false } },
	{ "uid", SPT_B_UID, { CT_INT, 4, false, 0, 0, false } },
	{ "gid", SPT_B_GID, { CT_INT, 4, false, 0, 0, false } },
	{ "timestamp", SPT_B_TIMESTAMP, { CT_INT, 8, false, 0, 0, false } },
	{ "vtimestamp", SPT_B_VTIMESTAMP, { CT_INT, 8, false, 0, 0, false } },
	{ "walltimestamp", SPT_B_WALLTIMESTAMP, { CT_INT, 8, false, 0, 0, false } },
	{ "cpu", SPT_B_CPU, { CT_INT, 4, true, 0, 0, false } },
	{ "errno", SPT_B_ERRNO, { CT_INT, 4, true, 0, 0, false } },
	{ "epid", SPT_B_EPID, { CT_INT, 4, false, 0, 0, false } },
	{ "id", SPT_B_ID, { CT_INT, 4, false, 0, 0, false } },
	/*
	 * Every part of a probe's name is shorter than PROBE_FIELD_MAX: syscall
	 * names come from syscall_tab.h, profile names from a description
	 * field, and the loader refuses a longer one.
	 */
	{ "probeprov", SPT_B_PROBEPROV, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false } },
	{ "probemod", SPT_B_PROBEMOD, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false } },
	{ "probefunc", SPT_B_PROBEFUNC, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false } },
	{ "probename", SPT_B_PROBENAME, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false } },
};

/* Builtins D has that spectrace does not provide yet. */
static const char *const builtins_missing[] = {
	"curthread",
	"caller", "stack", "ustack", "uregs", "args", "curpsinfo", "curlwpsinfo",
	"ipl", "root", "cwd", "zonename", "ucaller", "uarg0",
};

static const struct builtin *builtin_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (!strcmp(builtins[i].name, name))
			return &builtins[i];
	return NULL;
}

static bool in_list(const char *name, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], name))
			return true;
	return false;
}

struct cg_var *cg_var_find(struct cg *g, enum ast_scope scope, const char *name)
{
	struct cg_var *v;

	for (v = g->vars; v; v = v->next)
		if (v->scope == scope && !strcmp(v->name, name))
			return v;
	return NULL;
}

const char *cg_scope_prefix(enum ast_scope s)
{
	return s == AST_SCOPE_SELF ? "self->" : s == AST_SCOPE_THIS ? "this->" : "";
}

struct cg_var *cg_var_new(struct cg *g, enum ast_scope scope, const char *name,
			      const struct ct *t, struct ast_loc loc)
{
	struct cg_var *v;

	uint32_t size = t->kind == CT_STR ? SPT_STRSIZE : 8;

	if (t->kind != CT_INT && t->kind != CT_STR) {
		cg_error(g, DIAG_OP_INCOMPAT, loc, "cannot assign a void value to %s%s",
			 cg_scope_prefix(scope), name);
		return NULL;
	}
	v = calloc(1, sizeof(*v));
	if (!v) {
		cg_nomem(g);
		return NULL;
	}
	v->name = name;
	v->scope = scope;
	v->type = *t;
	if (t->kind == CT_STR)
		v->type.size = SPT_STRSIZE;	/* any string may be stored later */
	if (scope == AST_SCOPE_GLOBAL) {
		if (g->global_bytes + size > SPT_GLOBALS_MAX) {
			free(v);
			cg_error(g, DIAG_UNSUPPORTED, loc,
				 "too many global variables (at most %d bytes)", SPT_GLOBALS_MAX);
			return NULL;
		}
		v->slot = g->global_bytes;
		g->global_bytes += size;
	} else if (scope == AST_SCOPE_THIS) {
		if (g->this_bytes + size > SPT_THIS_MAX) {
			free(v);
			cg_error(g, DIAG_UNSUPPORTED, loc,
				 "too many clause-local variables (at most %d bytes)", SPT_THIS_MAX);
			return NULL;
		}
		v->slot = g->this_bytes;
		g->this_bytes += size;
	} else {
		v->slot = g->nself++;
	}
	v->next = g->vars;
	g->vars = v;
	return v;
}

/* The string reference of a string variable's storage. */
static int32_t var_sref(const struct cg_var *v)
{
	return (int32_t)((v->scope == AST_SCOPE_GLOBAL ? SPT_SREF_GLOBALS : SPT_SREF_THIS) +
			 v->slot);
}

static void var_load(struct cg *g, const struct cg_var *v, int r)
{
	enum spt_op op = v->scope == AST_SCOPE_GLOBAL ? SPT_OP_LDG
			 : v->scope == AST_SCOPE_THIS ? SPT_OP_LDT : SPT_OP_LDS;

	if (v->type.kind == CT_STR) {
		cg_emit(g, SPT_OP_LDI, r, 0, 0, var_sref(v));
		return;
	}
	cg_emit(g, op, r, 0, 0, (int32_t)v->slot);
}

static void var_store(struct cg *g, const struct cg_var *v, int r)
{
	enum spt_op op = v->scope == AST_SCOPE_GLOBAL ? SPT_OP_STG
			 : v->scope == AST_SCOPE_THIS ? SPT_OP_STT : SPT_OP_STS;

	if (v->type.kind == CT_STR) {
		cg_emit(g, SPT_OP_SCPY, 0, r, 0, var_sref(v));
		return;
	}
	cg_emit(g, op, 0, r, 0, (int32_t)v->slot);
}

int cg_expr(struct cg *g, const struct ast_expr *e, struct ct *t);
static int subr(struct cg *g, const struct ast_expr *e, struct ct *t);

static int expr_int(struct cg *g, const struct ast_expr *e, struct ct *t, const char *what)
{
	int r = cg_expr(g, e, t);

	if (r < 0)
		return -1;
	if (t->kind != CT_INT) {
		char b[32];

		cg_error(g, DIAG_OP_INT, e->loc, "%s requires an integer operand, not %s", what,
			 cg_type_name(t, b, sizeof(b)));
		cg_reg_free(g, r);
		return -1;
	}
	return r;
}

static uint64_t int_literal_type(const struct ast_expr *e, struct ct *t)
{
	uint64_t v = e->u.i.value;
	unsigned int f = e->u.i.flags;
	bool u = f & AST_INT_UNSIGNED, l = f & (AST_INT_LONG | AST_INT_LONGLONG);

	/* C's rule: the first of int, unsigned (not for decimal), long, unsigned long. */
	if (!l && !u && v <= INT32_MAX)
		*t = ct_int;
	else if (!l && (u || e->u.i.base != 10) && v <= UINT32_MAX)
		*t = ct_uint32;
	else if (!u && v <= INT64_MAX)
		*t = ct_int64;
	else
		*t = ct_uint64;
	return v;
}

static int macro_value(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.macro.name;
	char *end;
	unsigned long n;
	long long v;

	if (!strcmp(name, "pid")) {
		/* $pid is the tracer's own process, as in dtrace. */
		*t = (struct ct){ CT_INT, 4, true, 0, 0, false };
		return load_const(g, (uint64_t)getpid(), e->loc);
	}
	if (!strcmp(name, "target")) {
		if (!g->o->target)
			return cg_error(g, DIAG_MACRO_UNDEF, e->loc,
					"macro $%s is not defined: it needs -c or -p", name);
		*t = (struct ct){ CT_INT, 4, true, 0, 0, false };
		return load_const(g, (uint64_t)g->o->target, e->loc);
	}
	n = strtoul(name, &end, 10);
	if (*end || n == 0) {
		cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: macro variable $%s",
			 name);
		return -1;
	}
	/* -x defaultargs: an operand not given is 0, or "" for $$n */
	if (n > g->nmacros && g->o->defaultargs && e->u.macro.string)
		return load_string(g, "", 0, e->loc, t);
	if (n > g->nmacros && g->o->defaultargs) {
		*t = ct_int;
		return load_const(g, 0, e->loc);
	}
	if (n > g->nmacros) {
		cg_error(g, DIAG_MACRO_UNDEF, e->loc, "macro argument $%s is not defined", name);
		return -1;
	}
	errno = 0;
	v = strtoll(g->macros[n - 1], &end, 0);
	/* $$n is always a string; $n is one when it is not an integer. */
	if (e->u.macro.string || *end || errno || !*g->macros[n - 1])
		return load_string(g, g->macros[n - 1], strlen(g->macros[n - 1]), e->loc, t);
	*t = ct_int64;
	return load_const(g, (uint64_t)v, e->loc);
}

/* D's signal names (DTrace's signal.d), for raise(): this system's numbers. */
static const struct {
	const char *name;
	int sig;
} signals[] = {
	{ "SIGHUP", SIGHUP }, { "SIGINT", SIGINT }, { "SIGQUIT", SIGQUIT },
	{ "SIGILL", SIGILL }, { "SIGTRAP", SIGTRAP }, { "SIGABRT", SIGABRT },
	{ "SIGIOT", SIGIOT }, { "SIGBUS", SIGBUS }, { "SIGFPE", SIGFPE },
	{ "SIGKILL", SIGKILL }, { "SIGUSR1", SIGUSR1 }, { "SIGSEGV", SIGSEGV },
	{ "SIGUSR2", SIGUSR2 }, { "SIGPIPE", SIGPIPE }, { "SIGALRM", SIGALRM },
	{ "SIGTERM", SIGTERM }, { "SIGSTKFLT", SIGSTKFLT }, { "SIGCHLD", SIGCHLD },
	{ "SIGCLD", SIGCHLD }, { "SIGCONT", SIGCONT }, { "SIGSTOP", SIGSTOP },
	{ "SIGTSTP", SIGTSTP }, { "SIGTTIN", SIGTTIN }, { "SIGTTOU", SIGTTOU },
	{ "SIGURG", SIGURG }, { "SIGXCPU", SIGXCPU }, { "SIGXFSZ", SIGXFSZ },
	{ "SIGVTALRM", SIGVTALRM }, { "SIGPROF", SIGPROF }, { "SIGWINCH", SIGWINCH },
	{ "SIGIO", SIGIO }, { "SIGPOLL", SIGPOLL }, { "SIGPWR", SIGPWR },
	{ "SIGSYS", SIGSYS },
};

static int signal_number(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (!strcmp(signals[i].name, name))
			return signals[i].sig;
	return 0;
}

static int ident(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.ident.name;
	enum ast_scope scope = e->u.ident.scope;
	const struct builtin *b;
	struct cg_var *v;
	int r;

	if (scope == AST_SCOPE_GLOBAL && !strcmp(name, "NULL")) {
		*t = ct_uint64;
		t->ptr = 1;
		return load_const(g, 0, e->loc);
	}
	if (scope == AST_SCOPE_GLOBAL && !strcmp(name, "execname")) {
		r = cg_reg_alloc(g, e->loc);
		if (r < 0)
			return -1;
		cg_emit(g, SPT_OP_EXECN, r, 0, 0, 0);
		*t = ct_str;
		t->size = CG_EXECNAME_MAX;
		return r;
	}
	if (scope == AST_SCOPE_GLOBAL && (b = builtin_find(name))) {
		r = cg_reg_alloc(g, e->loc);
		if (r < 0)
			return -1;
		cg_emit(g, SPT_OP_LDB, r, 0, 0, (int32_t)b->id);
		*t = b->type;
		return r;
	}
	if (scope == AST_SCOPE_GLOBAL &&
	    in_list(name, builtins_missing, sizeof(builtins_missing) / sizeof(builtins_missing[0]))) {
		cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: builtin variable %s",
			 name);
		return -1;
	}
	v = cg_var_find(g, scope, name);
	if (v && v->assoc) {
		cg_error(g, DIAG_OP_INCOMPAT, e->loc, "%s is an associative array: index it",
			 name);
		return -1;
	}
	/*
	 * As in D, reading a self-> or this-> variable before any assignment
	 * creates it (its value is 0 until assigned); a global must be
	 * assigned or declared first. spectrace gives such variables type
	 * int64_t rather than D's int, so a later 64-bit value is not cut.
	 */
	if (!v && scope != AST_SCOPE_GLOBAL)
		v = cg_var_new(g, scope, name, &ct_int64, e->loc);
	if (!v && signal_number(name)) {
		*t = ct_int;
		return load_const(g, (uint64_t)signal_number(name), e->loc);
	}
	if (!v) {
		cg_error(g, DIAG_IDENT_UNDEF, e->loc, "failed to resolve %s%s: Unknown variable name",
			 cg_scope_prefix(scope), name);
		return -1;
	}
	if (v->scope == AST_SCOPE_SELF && v->type.kind == CT_STR) {
		*t = v->type;
		return cg_self_str_load(g, v, e->loc);
	}
	r = cg_reg_alloc(g, e->loc);
	if (r < 0)
		return -1;
	var_load(g, v, r);
	*t = v->type;
	return r;
}

/* Emit R = A op B for a binary arithmetic, bitwise or comparison operator. */
static int binop(struct cg *g, enum ast_op op, int ra, int rb, const struct ct *ta,
		 const struct ct *tb, struct ct *t, struct ast_loc loc)
{
	struct ct at = arith_type(ta, tb);
	bool s = at.sign;
	enum spt_op o;
	int x = ra, y = ra, z = rb;

	switch (op) {
	case AST_OP_MUL: o = SPT_OP_MUL; break;
	case AST_OP_DIV: o = s ? SPT_OP_SDIV : SPT_OP_UDIV; break;
	case AST_OP_MOD: o = s ? SPT_OP_SREM : SPT_OP_UREM; break;
	case AST_OP_ADD: o = SPT_OP_ADD; break;
	case AST_OP_SUB: o = SPT_OP_SUB; break;
	case AST_OP_SHL: o = SPT_OP_SHL; at = arith_type(ta, ta); break;
	case AST_OP_SHR:
		at = arith_type(ta, ta);
		o = at.sign ? SPT_OP_ASR : SPT_OP_LSR;
		break;
	case AST_OP_BAND: o = SPT_OP_AND; break;
	case AST_OP_BOR: o = SPT_OP_OR; break;
	case AST_OP_BXOR: o = SPT_OP_XOR; break;
	case AST_OP_EQ: o = SPT_OP_EQ; at = ct_int; break;
	case AST_OP_NE: o = SPT_OP_NE; at = ct_int; break;
	case AST_OP_LT: o = s ? SPT_OP_SLT : SPT_OP_ULT; at = ct_int; break;
	case AST_OP_LE: o = s ? SPT_OP_SLE : SPT_OP_ULE; at = ct_int; break;
	/* a > b is b < a */
	case AST_OP_GT: o = s ? SPT_OP_SLT : SPT_OP_ULT; y = rb; z = ra; at = ct_int; break;
	case AST_OP_GE: o = s ? SPT_OP_SLE : SPT_OP_ULE; y = rb; z = ra; at = ct_int; break;
	default:
		return cg_error(g, DIAG_UNSUPPORTED, loc, "not supported: operator %s",
				ast_op_str(op));
	}
	cg_emit(g, o, x, y, z, 0);
	*t = at;
	return 0;
}

static const char *const strfuncs[] = {
	"copyinstr", "stringof", "strlen", "strjoin", "substr", "strchr", "strrchr",
	"strstr", "index", "rindex", "basename", "dirname", "lltostr", "strtok",
	"copyin", "copyinto", "speculation", "speculate", "commit", "discard",
	"printa", "clear", "trunc", "normalize", "denormalize", "count", "sum", "avg",
	"min", "max", "stddev", "quantize", "lquantize", "llquantize", "tracemem",
	"stack", "ustack", "jstack", "system", "raise", "stop", "breakpoint", "panic",
	"chill", "copyout", "copyoutstr", "ftruncate", "freopen", "rand", "progenyof",
	"mutex_owned", "htons", "htonl", "ntohs", "ntohl", "inet_ntoa", "setopt",
	"func", "sym", "mod", "ufunc", "usym", "umod", "uaddr", "print", "alloca", "bcopy",
};

static int lvalue_var(struct cg *g, const struct ast_expr *lhs, struct cg_var **vp,
		      bool may_create, const struct ct *rt)
{
	struct cg_var *v;

	if (lhs->kind == AST_AGG)
		return cg_error(g, "D_AGG_FUNC", lhs->loc,
				"@%s may only be assigned in a statement of its own: @%s = f(...);",
				lhs->u.agg.name[0] ? lhs->u.agg.name : "_",
				lhs->u.agg.name[0] ? lhs->u.agg.name : "_");
	if (lhs->kind != AST_IDENT)
		return cg_error(g, DIAG_OP_LVAL, lhs->loc,
				"operator requires a modifiable lvalue as an operand");
	if (lhs->u.ident.scope == AST_SCOPE_GLOBAL && (builtin_find(lhs->u.ident.name) ||
	    in_list(lhs->u.ident.name, builtins_missing,
		    sizeof(builtins_missing) / sizeof(builtins_missing[0]))))
		return cg_error(g, DIAG_OP_LVAL, lhs->loc,
				"%s is a read-only builtin variable", lhs->u.ident.name);
	v = cg_var_find(g, lhs->u.ident.scope, lhs->u.ident.name);
	if (v && v->assoc)
		return cg_error(g, DIAG_OP_INCOMPAT, lhs->loc,
				"%s is an associative array: index it", v->name);
	if (!v && lhs->u.ident.scope != AST_SCOPE_GLOBAL)
		may_create = true;
	if (!v && !may_create)
		return cg_error(g, DIAG_IDENT_UNDEF, lhs->loc,
				"failed to resolve %s%s: Unknown variable name",
				cg_scope_prefix(lhs->u.ident.scope), lhs->u.ident.name);
	if (!v) {
		v = cg_var_new(g, lhs->u.ident.scope, lhs->u.ident.name, rt ? rt : &ct_int64, lhs->loc);
		if (!v)
			return -1;
	}
	*vp = v;
	return 0;
}

struct cg_var *cg_assoc_new(struct cg *g, const char *name, const struct ct *vt, size_t nkeys,
			    const bool *kstr, struct ast_loc loc)
{
	struct cg_var *v;
	uint32_t off = 8;
	size_t i;

	if (nkeys > CG_MAX_KEYS) {
		cg_error(g, DIAG_UNSUPPORTED, loc, "associative array key of more than %d elements",
			 CG_MAX_KEYS);
		return NULL;
	}
	v = calloc(1, sizeof(*v));
	if (!v) {
		cg_nomem(g);
		return NULL;
	}
	v->name = name;
	v->scope = AST_SCOPE_GLOBAL;
	v->type = *vt;
	if (vt->kind == CT_STR)
		v->type.size = SPT_STRSIZE;
	v->assoc = true;
	v->slot = ++g->nassoc;
	v->nkeys = (unsigned int)nkeys;
	v->next = g->vars;
	g->vars = v;
	for (i = 0; i < nkeys; i++) {
		v->kstr[i] = kstr[i];
		v->koff[i] = off;
		off += kstr[i] ? SPT_STRSIZE : 8;
	}
	if (off > SPT_KEY_SIZE) {
		cg_error(g, DIAG_UNSUPPORTED, loc, "associative array key larger than %d bytes",
			 SPT_KEY_SIZE);
		return NULL;
	}
	return v;
}

/*
 * Index expression E (name[k1, ...]): evaluate the keys, find the array
 * (or, when CREATE, make it with elements of type VT and keys of the types
 * just seen) and build its key in the VM. The keys are all evaluated before
 * the key is started, since a key may itself read an array.
 */
static int assoc_prepare(struct cg *g, const struct ast_expr *e, bool create, const struct ct *vt,
			 struct cg_var **vp)
{
	const struct ast_expr *base = e->u.index.base;
	int regs[CG_MAX_KEYS];
	struct ct kt[CG_MAX_KEYS];
	bool kstr[CG_MAX_KEYS];
	struct cg_var *v;
	size_t i, n = e->u.index.nkeys;

	if (base->kind != AST_IDENT || base->u.ident.scope != AST_SCOPE_GLOBAL)
		return cg_error(g, DIAG_UNSUPPORTED, e->loc,
				"not supported yet: arrays other than global associative arrays");
	if (n > CG_MAX_KEYS)
		return cg_error(g, DIAG_UNSUPPORTED, e->loc,
				"associative array key of more than %d elements", CG_MAX_KEYS);
	for (i = 0; i < n; i++) {
		regs[i] = cg_expr(g, e->u.index.keys[i], &kt[i]);
		if (regs[i] < 0)
			return -1;
		if (kt[i].kind != CT_INT && kt[i].kind != CT_STR)
			return cg_error(g, DIAG_OP_INCOMPAT, e->u.index.keys[i]->loc,
					"associative array key #%zu must be an integer or a string",
					i + 1);
	}
	v = cg_var_find(g, AST_SCOPE_GLOBAL, base->u.ident.name);
	if (v && !v->assoc)
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc, "%s is not an associative array",
				v->name);
	if (!v && (!create || builtin_find(base->u.ident.name)))
		return cg_error(g, DIAG_IDENT_UNDEF, base->loc,
				"failed to resolve %s: Unknown variable name", base->u.ident.name);
	if (!v) {
		if (vt->kind != CT_INT && vt->kind != CT_STR)
			return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
					"cannot store a void value in %s[ ]", base->u.ident.name);
		for (i = 0; i < n; i++)
			kstr[i] = kt[i].kind == CT_STR;
		v = cg_assoc_new(g, base->u.ident.name, vt, n, kstr, e->loc);
		if (!v)
			return -1;
	}
	if (n != v->nkeys)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s[ ] prototype mismatch: %zu keys given, %u expected", v->name, n,
				v->nkeys);
	for (i = 0; i < n; i++)
		if ((kt[i].kind == CT_STR) != v->kstr[i])
			return cg_error(g, DIAG_PROTO_ARG, e->u.index.keys[i]->loc,
					"%s[ ] key #%zu is incompatible with prototype: prototype: %s, argument: %s",
					v->name, i + 1, v->kstr[i] ? "string" : "integer",
					kt[i].kind == CT_STR ? "string" : "integer");
	cg_emit(g, SPT_OP_KINIT, 0, 0, 0, (int32_t)v->slot);
	for (i = 0; i < n; i++) {
		cg_emit(g, v->kstr[i] ? SPT_OP_KSTR : SPT_OP_KINT, 0, regs[i], 0, (int32_t)v->koff[i]);
		cg_reg_free(g, regs[i]);
	}
	*vp = v;
	return g->err;
}

static int str_slot(struct cg *g, struct ast_loc loc);

/* Load the element whose key was just built into a new register. */
static int assoc_load(struct cg *g, const struct cg_var *v, struct ast_loc loc)
{
	int r = cg_reg_alloc(g, loc), slot;

	if (r < 0)
		return -1;
	if (v->type.kind == CT_STR) {
		slot = str_slot(g, loc);
		if (slot < 0)
			return -1;
		cg_emit(g, SPT_OP_ALDS, r, 0, slot, 0);
	} else {
		cg_emit(g, SPT_OP_ALDI, r, 0, 0, 0);
	}
	return r;
}

static int index_expr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct cg_var *v;

	if (assoc_prepare(g, e, false, NULL, &v))
		return -1;
	*t = v->type;
	return assoc_load(g, v, e->loc);
}

/* name[keys] = rhs, or op=, with the value already in register R. */
static int assoc_assign(struct cg *g, const struct ast_expr *e, int r, const struct ct *rt,
			struct ct *t)
{
	const struct ast_expr *lhs = e->u.binary.lhs;
	enum ast_op op = e->u.binary.op;
	struct cg_var *v;
	struct ct lt;
	int rl;

	if (assoc_prepare(g, lhs, true, rt, &v))
		return -1;
	if (rt->kind != v->type.kind)
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: %s[ ] holds %s", v->name,
				v->type.kind == CT_STR ? "strings" : "integers");
	if (op != AST_OP_ASSIGN) {
		if (v->type.kind == CT_STR)
			return cg_error(g, DIAG_OP_INT, e->loc,
					"operator %s= requires integer operands", ast_op_str(op));
		rl = assoc_load(g, v, e->loc);
		if (rl < 0)
			return -1;
		lt = v->type;
		binop(g, op, rl, r, &lt, rt, &lt, e->loc);
		cg_reg_free(g, r);
		r = rl;
	}
	if (v->type.kind == CT_INT) {
		cg_narrow(g, r, &v->type);
		cg_emit(g, SPT_OP_ASTI, 0, r, 0, 0);
	} else {
		cg_emit(g, SPT_OP_ASTS, 0, r, 0, 0);
	}
	*t = v->type;
	return r;
}

static int assign(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const struct ast_expr *lhs = e->u.binary.lhs;
	enum ast_op op = e->u.binary.op;
	struct cg_var *v;
	struct ct rt, lt;
	int r, rl;

	r = cg_expr(g, e->u.binary.rhs, &rt);
	if (r < 0)
		return -1;
	if (lhs->kind == AST_INDEX)
		return assoc_assign(g, e, r, &rt, t);
	/* x op= e and x++ create x like x = e does, starting from 0. */
	if (lvalue_var(g, lhs, &v, true, &rt)) {
		cg_reg_free(g, r);
		return -1;
	}
	if (rt.kind != v->type.kind) {
		char b1[32], b2[32];

		cg_reg_free(g, r);
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"%s\" = \"%s\"",
				cg_type_name(&v->type, b1, sizeof(b1)), cg_type_name(&rt, b2, sizeof(b2)));
	}
	if (op != AST_OP_ASSIGN && v->type.kind == CT_STR) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_OP_INT, e->loc, "operator %s= requires integer operands",
				ast_op_str(op));
	}
	if (op != AST_OP_ASSIGN) {
		rl = cg_reg_alloc(g, e->loc);
		if (rl < 0) {
			cg_reg_free(g, r);
			return -1;
		}
		var_load(g, v, rl);
		lt = v->type;
		binop(g, op, rl, r, &lt, &rt, &rt, e->loc);
		cg_reg_free(g, r);
		r = rl;
	}
	cg_narrow(g, r, &v->type);
	if (v->scope == AST_SCOPE_SELF && v->type.kind == CT_STR)
		cg_self_str_store(g, v, r, e->loc);
	else
		var_store(g, v, r);
	*t = v->type;
	return r;
}

static int incdec(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	enum ast_op op = e->u.unary.op;
	bool post = op == AST_OP_POSTINC || op == AST_OP_POSTDEC;
	bool inc = op == AST_OP_POSTINC || op == AST_OP_PREINC;
	bool elem = e->u.unary.operand->kind == AST_INDEX;
	struct ct it = ct_int64;
	struct cg_var *v;
	int r, one, res;

	/* The lvalue: an array element (its key now built) or a variable. */
	if (elem ? assoc_prepare(g, e->u.unary.operand, true, &it, &v)
		 : lvalue_var(g, e->u.unary.operand, &v, true, NULL))
		return -1;
	if (v->type.kind != CT_INT)
		return cg_error(g, DIAG_OP_INT, e->loc, "operator %s requires an integer",
				ast_op_str(op));
	if (elem) {
		r = assoc_load(g, v, e->loc);
	} else {
		r = cg_reg_alloc(g, e->loc);
		if (r >= 0)
			var_load(g, v, r);
	}
	one = cg_reg_alloc(g, e->loc);
	if (r < 0 || one < 0)
		return -1;
	cg_emit(g, SPT_OP_LDI, one, 0, 0, 1);
	res = r;
	if (post) {
		res = cg_reg_alloc(g, e->loc);
		if (res < 0)
			return -1;
		cg_emit(g, SPT_OP_MOV, res, r, 0, 0);
	}
	cg_emit(g, inc ? SPT_OP_ADD : SPT_OP_SUB, r, r, one, 0);
	cg_narrow(g, r, &v->type);
	if (elem)
		cg_emit(g, SPT_OP_ASTI, 0, r, 0, 0);
	else
		var_store(g, v, r);
	cg_reg_free(g, one);
	if (post)
		cg_reg_free(g, r);
	*t = v->type;
	return res;
}

static int unary(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	enum ast_op op = e->u.unary.op;
	struct ct ot;
	int r;

	switch (op) {
	case AST_OP_PREINC: case AST_OP_PREDEC: case AST_OP_POSTINC: case AST_OP_POSTDEC:
		return incdec(g, e, t);
	case AST_OP_SIZEOF: {
		/* sizeof expr: the type's size; the operand is not evaluated. */
		unsigned int saved = g->regs;
		size_t ni = g->img->ninsns;

		r = cg_expr(g, e->u.unary.operand, &ot);
		if (r < 0)
			return -1;
		g->img->ninsns = ni;
		g->regs = saved;
		if (ot.kind != CT_INT)
			return cg_error(g, DIAG_UNSUPPORTED, e->loc,
					"not supported yet: sizeof of a non-integer");
		*t = ct_uint64;
		return load_const(g, ot.ptr ? 8 : ot.size, e->loc);
	}
	case AST_OP_DEREF:
		r = cg_expr(g, e->u.unary.operand, &ot);
		if (r < 0)
			return -1;
		if (ot.kind != CT_INT || ot.ptr != 1 || !ot.psize) {
			cg_reg_free(g, r);
			return cg_error(g, ot.ptr > 1 ? DIAG_UNSUPPORTED : DIAG_OP_INCOMPAT, e->loc,
					ot.ptr > 1 ? "not supported yet: dereference of a pointer to a pointer"
						   : "operator * requires a pointer to an integer type");
		}
		cg_emit(g, SPT_OP_LDX, r, r, (int)ot.psize, 0);
		*t = (struct ct){ CT_INT, ot.psize, ot.psign, 0, 0, false };
		cg_narrow(g, r, t);
		return r;
	case AST_OP_STRINGOF:
		r = cg_expr(g, e->u.unary.operand, &ot);
		if (r < 0)
			return -1;
		if (ot.kind != CT_STR) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_UNSUPPORTED, e->loc,
					"not supported yet: stringof of an integer");
		}
		*t = ot;
		return r;
	case AST_OP_ADDR:
		return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: operator %s",
				ast_op_str(op));
	default:
		break;
	}
	r = expr_int(g, e->u.unary.operand, &ot, ast_op_str(op));
	if (r < 0)
		return -1;
	switch (op) {
	case AST_OP_NEG:
		cg_emit(g, SPT_OP_NEG, r, r, 0, 0);
		*t = arith_type(&ot, &ot);
		break;
	case AST_OP_PLUS:
		*t = arith_type(&ot, &ot);
		break;
	case AST_OP_BNOT:
		cg_emit(g, SPT_OP_NOT, r, r, 0, 0);
		*t = arith_type(&ot, &ot);
		break;
	case AST_OP_LNOT:
		cg_emit(g, SPT_OP_LNOT, r, r, 0, 0);
		*t = ct_int;
		break;
	default:
		cg_reg_free(g, r);
		return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported: operator %s",
				ast_op_str(op));
	}
	return r;
}

/* a && b, a || b: b is evaluated only when it decides; the result is 0 or 1. */
static int logical(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	enum ast_op op = e->u.binary.op;
	struct ct ta, tb;
	int r, rb, j;

	r = expr_int(g, e->u.binary.lhs, &ta, ast_op_str(op));
	if (r < 0)
		return -1;
	if (op == AST_OP_LXOR) {
		rb = expr_int(g, e->u.binary.rhs, &tb, ast_op_str(op));
		if (rb < 0)
			return -1;
		cg_emit(g, SPT_OP_LNOT, r, r, 0, 0);
		cg_emit(g, SPT_OP_LNOT, rb, rb, 0, 0);
		cg_emit(g, SPT_OP_XOR, r, r, rb, 0);
		cg_reg_free(g, rb);
		*t = ct_int;
		return r;
	}
	cg_emit(g, SPT_OP_LNOT, r, r, 0, 0);
	cg_emit(g, SPT_OP_LNOT, r, r, 0, 0);
	j = cg_emit(g, op == AST_OP_LAND ? SPT_OP_JZ : SPT_OP_JNZ, 0, r, 0, 0);
	rb = expr_int(g, e->u.binary.rhs, &tb, ast_op_str(op));
	if (rb < 0)
		return -1;
	cg_emit(g, SPT_OP_LNOT, r, rb, 0, 0);
	cg_emit(g, SPT_OP_LNOT, r, r, 0, 0);
	cg_reg_free(g, rb);
	patch_here(g, j);
	*t = ct_int;
	return r;
}

static int ternary(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct ct tc, t1, t2;
	int rc, r1, r2, jf, je;

	rc = expr_int(g, e->u.ternary.cond, &tc, "?:");
	if (rc < 0)
		return -1;
	jf = cg_emit(g, SPT_OP_JZ, 0, rc, 0, 0);
	r1 = cg_expr(g, e->u.ternary.then, &t1);
	if (r1 < 0)
		return -1;
	cg_emit(g, SPT_OP_MOV, rc, r1, 0, 0);
	cg_reg_free(g, r1);
	je = cg_emit(g, SPT_OP_JMP, 0, 0, 0, 0);
	patch_here(g, jf);
	r2 = cg_expr(g, e->u.ternary.otherwise, &t2);
	if (r2 < 0)
		return -1;
	cg_emit(g, SPT_OP_MOV, rc, r2, 0, 0);
	cg_reg_free(g, r2);
	patch_here(g, je);
	if (t1.kind != t2.kind || (t1.kind != CT_INT && t1.kind != CT_STR))
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"?: operands must have compatible types");
	*t = t1.kind == CT_STR ? ct_str : arith_type(&t1, &t2);
	if (t1.kind == CT_STR)
		t->size = ct_strmax(&t1) > ct_strmax(&t2) ? ct_strmax(&t1) : ct_strmax(&t2);
	return rc;
}

static int cast(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct ct to, from;
	int r;

	if (cg_type_of(g, &e->u.cast.type, &to))
		return -1;
	if (to.kind != CT_INT)
		return cg_error(g, DIAG_UNSUPPORTED, e->loc,
				"not supported yet: cast to %s", e->u.cast.type.name);
	r = expr_int(g, e->u.cast.operand, &from, "a cast");
	if (r < 0)
		return -1;
	if (!to.ptr)
		cg_narrow(g, r, &to);
	*t = to;
	return r;
}

static int call_expr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.call.name;

	(void)t;
	if (!strcmp(name, "trace") || !strcmp(name, "printf") || !strcmp(name, "exit"))
		return cg_error(g, DIAG_ACT_EXPR, e->loc,
				"%s( ) is an action and may only be used as a statement", name);
	if (!strcmp(name, "copyinstr") || !strcmp(name, "strlen") || !strcmp(name, "stringof"))
		return subr(g, e, t);
	if (!strcmp(name, "speculation")) {
		int r;

		if (e->u.call.nargs)
			return cg_error(g, DIAG_PROTO_LEN, e->loc,
					"speculation( ) prototype mismatch: %zu args passed, 0 expected",
					e->u.call.nargs);
		r = cg_reg_alloc(g, e->loc);
		if (r < 0)
			return -1;
		cg_emit(g, SPT_OP_SPECN, r, 0, 0, 0);
		g->uses_spec = true;
		*t = ct_int;
		return r;
	}
	if (!strcmp(name, "speculate") || !strcmp(name, "commit") || !strcmp(name, "discard"))
		return cg_error(g, DIAG_ACT_EXPR, e->loc,
				"%s( ) is an action and may only be used as a statement", name);
	if (cg_is_aggfunc(name))
		return cg_error(g, "D_AGG_FUNC", e->loc,
				"%s( ) may only be used as the value of an aggregation: @a = %s(...)",
				name, name);
	if (!strcmp(name, "printa") || !strcmp(name, "clear") || !strcmp(name, "trunc") ||
	    !strcmp(name, "normalize") || !strcmp(name, "denormalize"))
		return cg_error(g, DIAG_ACT_EXPR, e->loc,
				"%s( ) is an action and may only be used as a statement", name);
	if (cg_is_strsubr(name))
		return cg_strsubr(g, e, t);
	if (in_list(name, strfuncs, sizeof(strfuncs) / sizeof(strfuncs[0])))
		return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: %s( )", name);
	return cg_error(g, DIAG_IDENT_UNDEF, e->loc,
			"failed to resolve %s: Unknown function name", name);
}

/* LHS (string, in RA) op RHS for ==, !=, <, <=, >, >=: strcmp's sign, compared with 0. */
static int string_compare(struct cg *g, const struct ast_expr *e, int ra, struct ct *t)
{
	enum ast_op op = e->u.binary.op;
	struct ct tb, tz = ct_int, tc = ct_int;
	int rb, rz;

	if (op != AST_OP_EQ && op != AST_OP_NE && op != AST_OP_LT && op != AST_OP_LE &&
	    op != AST_OP_GT && op != AST_OP_GE) {
		cg_reg_free(g, ra);
		return cg_error(g, DIAG_OP_INT, e->loc, "operator %s requires integer operands",
				ast_op_str(op));
	}
	if ((op == AST_OP_EQ || op == AST_OP_NE) && cg_is_null(e->u.binary.rhs))
		return cg_str_null_compare(g, op, ra, t);
	rb = cg_expr(g, e->u.binary.rhs, &tb);
	if (rb < 0)
		return -1;
	if (tb.kind != CT_STR) {
		cg_reg_free(g, ra);
		cg_reg_free(g, rb);
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"string\" %s \"integer\"",
				ast_op_str(op));
	}
	cg_emit(g, SPT_OP_SCMP, ra, ra, rb, 0);
	rz = rb;
	cg_emit(g, SPT_OP_LDI, rz, 0, 0, 0);
	binop(g, op, ra, rz, &tc, &tz, t, e->loc);
	cg_reg_free(g, rz);
	return g->err ? -1 : ra;
}

/* A string slot for the clause's next string-producing subroutine. */
static int str_slot(struct cg *g, struct ast_loc loc)
{
	if (g->strslot + 1 >= SPT_NSTR)
		return cg_error(g, DIAG_UNSUPPORTED, loc,
				"too many string subroutine calls in one clause (at most %d)",
				SPT_NSTR - 1);
	return (int)++g->strslot;
}

int cg_str_slot(struct cg *g, struct ast_loc loc)
{
	return str_slot(g, loc);
}

/* Subroutines that return values: copyinstr, strlen, stringof. */
static int subr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.call.name;
	struct ct at;
	int r, slot;

	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu args passed, 1 expected", name,
				e->u.call.nargs);
	r = cg_expr(g, e->u.call.args[0], &at);
	if (r < 0)
		return -1;
	if (!strcmp(name, "copyinstr")) {
		if (at.kind != CT_INT) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
					"copyinstr( ) argument #1 is incompatible with prototype: prototype: uintptr_t, argument: string");
		}
		slot = str_slot(g, e->loc);
		if (slot < 0)
			return -1;
		cg_emit(g, SPT_OP_CPYIN, r, r, slot, 0);
		*t = ct_str;
		return r;
	}
	if (at.kind != CT_STR) {
		cg_reg_free(g, r);
		if (!strcmp(name, "stringof"))
			return cg_error(g, DIAG_UNSUPPORTED, e->loc,
					"not supported yet: stringof( ) of an integer");
		return cg_error(g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
				"%s( ) argument #1 is incompatible with prototype: prototype: string, argument: integer",
				name);
	}
	if (!strcmp(name, "strlen")) {
		cg_emit(g, SPT_OP_SLEN, r, r, 0, 0);
		*t = ct_uint64;
		return r;
	}
	*t = at;	/* stringof( ) of a string, its bound too */
	return r;
}

int cg_expr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct ct ta, tb;
	int ra, rb;

	if (g->err)
		return -1;
	switch (e->kind) {
	case AST_INT:
		return load_const(g, int_literal_type(e, t), e->loc);
	case AST_CHAR:
		*t = e->u.c.nbytes > 1 ? ct_int : (struct ct){ CT_INT, 1, true, 0, 0, false };
		if (e->u.c.nbytes > 4)
			*t = ct_int64;
		return load_const(g, e->u.c.value, e->loc);
	case AST_STRING:
		return load_string(g, e->u.str.s, e->u.str.len, e->loc, t);
	case AST_IDENT:
		return ident(g, e, t);
	case AST_MACRO:
		return macro_value(g, e, t);
	case AST_AGG:
		cg_error(g, "D_AGG_SCALAR", e->loc,
			 "aggregation @%s has no value in an expression: print it with printa( )",
			 e->u.agg.name[0] ? e->u.agg.name : "_");
		return -1;
	case AST_UNARY:
		return unary(g, e, t);
	case AST_BINARY:
		if (e->u.binary.op == AST_OP_LAND || e->u.binary.op == AST_OP_LOR ||
		    e->u.binary.op == AST_OP_LXOR)
			return logical(g, e, t);
		ra = cg_expr(g, e->u.binary.lhs, &ta);
		if (ra < 0)
			return -1;
		if (ta.kind == CT_STR)
			return string_compare(g, e, ra, t);
		if (ta.kind != CT_INT) {
			cg_reg_free(g, ra);
			return cg_error(g, DIAG_OP_INT, e->u.binary.lhs->loc,
					"%s requires an integer operand", ast_op_str(e->u.binary.op));
		}
		if ((e->u.binary.op == AST_OP_EQ || e->u.binary.op == AST_OP_NE) &&
		    cg_is_null(e->u.binary.lhs)) {
			/* NULL == string: the string's reference compared with 0. */
			rb = cg_expr(g, e->u.binary.rhs, &tb);
			if (rb < 0)
				return -1;
			if (tb.kind == CT_STR) {
				cg_reg_free(g, ra);
				return cg_str_null_compare(g, e->u.binary.op, rb, t);
			}
			if (tb.kind != CT_INT) {
				cg_reg_free(g, ra);
				cg_reg_free(g, rb);
				return cg_error(g, DIAG_OP_INT, e->u.binary.rhs->loc,
						"%s requires an integer operand",
						ast_op_str(e->u.binary.op));
			}
		} else {
			rb = expr_int(g, e->u.binary.rhs, &tb, ast_op_str(e->u.binary.op));
		}
		if (rb < 0)
			return -1;
		binop(g, e->u.binary.op, ra, rb, &ta, &tb, t, e->loc);
		cg_reg_free(g, rb);
		return g->err ? -1 : ra;
	case AST_TERNARY:
		return ternary(g, e, t);
	case AST_ASSIGN:
		return assign(g, e, t);
	case AST_CAST:
		return cast(g, e, t);
	case AST_SIZEOF_TYPE: {
		struct ct st;

		if (cg_type_of(g, &e->u.cast.type, &st))
			return -1;
		if (st.kind != CT_INT)
			return cg_error(g, DIAG_UNSUPPORTED, e->loc,
					"not supported yet: sizeof(%s)", e->u.cast.type.name);
		*t = ct_uint64;
		return load_const(g, st.size, e->loc);
	}
	case AST_CALL:
		return call_expr(g, e, t);
	case AST_INDEX:
		return index_expr(g, e, t);
	case AST_MEMBER:
		cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: member access (%s%s)",
			 e->u.member.arrow ? "->" : ".", e->u.member.name);
		return -1;
	}
	cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported: this expression");
	return -1;
}

