/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator, expressions: types (C's usual arithmetic conversions,
 * LP64), names (builtins, variables in D's order, associative arrays),
 * operators, strings and the value-returning subroutines. Every function
 * returns the register holding its value (the caller frees it) or -1
 * after reporting the first error.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <linux/types.h>
#include <bpf/btf.h>

#include "abi/buf.h"
#include "abi/isa.h"
#include "abi/limits.h"
#include "cg_priv.h"
#include "diag.h"
#include "parse.h"
#include "probe.h"

__attribute__((format(printf, 4, 5))) int cg_error(struct cg *g, enum diag_tag tag,
						   struct ast_loc loc, const char *fmt, ...)
{
	va_list ap;

	if (g->err)
		return g->err;
	va_start(ap, fmt);
	diag_vadd(&g->cc->diags, tag, g->file, loc.line, loc.col, fmt, ap);
	va_end(ap);
	diag_set_filetag(&g->cc->diags, loc.file);
	if (g->in_clause && diag_tag_at(tag) == DIAG_AT_CHECK)
		diag_set_region(&g->cc->diags, g->act ? DIAG_REGION_ACTS : DIAG_REGION_PRED);
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
		cg_error(g, DIAG_UNSUPPORTED, (struct ast_loc){ 0 },
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
	cg_error(g, DIAG_NOREG, loc, "expression too complex: out of registers");
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
	/* Offset 0 is NULL: a NUL of its own that no literal shares (bpf/abi/limits.h). */
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
		return cg_error(g, DIAG_UNSUPPORTED, loc,
				"too many string literals (at most %d bytes)", SPT_STRTAB_MAX);
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

static int load_string(struct cg *g, const char *str, size_t len, struct ast_loc loc, struct ct *t)
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

/* R = R op V, V a constant (a scratch register holds it). */
int cg_op_const(struct cg *g, enum spt_op op, int r, uint64_t v, struct ast_loc loc)
{
	int k = load_const(g, v, loc);

	if (k < 0)
		return -1;
	cg_emit(g, op, r, r, k, 0);
	cg_reg_free(g, k);
	return 0;
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
	{ "char", 1, true },
	{ "signed char", 1, true },
	{ "unsigned char", 1, false },
	{ "short", 2, true },
	{ "unsigned short", 2, false },
	{ "int", 4, true },
	{ "unsigned int", 4, false },
	{ "long", 8, true },
	{ "unsigned long", 8, false },
	{ "long long", 8, true },
	{ "unsigned long long", 8, false },
	{ "int8_t", 1, true },
	{ "int16_t", 2, true },
	{ "int32_t", 4, true },
	{ "int64_t", 8, true },
	{ "uint8_t", 1, false },
	{ "uint16_t", 2, false },
	{ "uint32_t", 4, false },
	{ "uint64_t", 8, false },
	{ "intptr_t", 8, true },
	{ "uintptr_t", 8, false },
	{ "size_t", 8, false },
	{ "ssize_t", 8, true },
	{ "pid_t", 4, true },
	{ "uid_t", 4, false },
	{ "gid_t", 4, false },
	{ "id_t", 4, true },
	{ "processorid_t", 4, true },
	{ "_Bool", 1, false },
	{ "ptrdiff_t", 8, true },
	{ "ulong_t", 8, false },
	{ "uchar_t", 1, false },
	{ "ushort_t", 2, false },
	{ "uint_t", 4, false },
	{ "u_longlong_t", 8, false },
};

int cg_type_of(struct cg *g, const struct ast_type *at, struct ct *t)
{
	size_t i;

	if (at->kind == AST_TYPE_FLOAT)
		return cg_error(g, DIAG_UNSUPPORTED, at->loc,
				"not supported: floating-point types (%s)", at->name);
	if (at->dim)
		return cg_array_type(g, at, t);
	memset(t, 0, sizeof(*t));
	t->ptr = at->ptr;
	if (at->kind == AST_TYPE_STRUCT || at->kind == AST_TYPE_UNION || at->kind == AST_TYPE_ENUM)
		return cg_btf_type_of(g, at, t);
	if (at->kind == AST_TYPE_TYPEDEF) {
		for (i = 0; i < sizeof(tnames) / sizeof(tnames[0]); i++)
			if (!strcmp(tnames[i].name, at->name))
				break;
		if (i == sizeof(tnames) / sizeof(tnames[0]))
			return cg_btf_type_of(g, at, t);
	}
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
		/* psize: the innermost integer's, at every level (`int **` after a `*`) */
		if (at->kind != AST_TYPE_VOID && at->kind != AST_TYPE_STRING) {
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
				t->name = tnames[i].name;
				return 0;
			}
		}
	}
	return cg_error(g, DIAG_UNSUPPORTED, at->loc, "not supported: type %s", at->name);
}

/* The size of what pointer type T points to: 0 for void (no arithmetic). */
static unsigned int elem_size(const struct ct *t)
{
	return t->ptr > 1 ? 8 : t->psize;
}

const char *cg_type_name(const struct ct *t, char *buf, size_t len)
{
	size_t i;

	if (t->kind == CT_STR)
		return "string";
	if (t->kind == CT_VOID)
		return "void";
	if (t->kind == CT_SOU)
		return "struct or union"; /* cg_ct_name() names BTF types */
	if (t->kind == CT_ARR)
		return "array";
	if (t->kind == CT_STACK)
		return "stack";
	if (t->kind == CT_SYM)
		return t->size == 16 ? "_usymaddr" : "_symaddr";
	if (t->kind == CT_INT && !t->ptr && t->name)
		return t->name;
	if (t->ptr) {
		/* what it points to: an integer of psize bytes, or void */
		static const char *const cnames[2][4] = {
			{ "unsigned char", "unsigned short", "unsigned int", "unsigned long" },
			{ "char", "short", "int", "long" },
		};
		unsigned int lg = t->psize == 1 ? 0 : t->psize == 2 ? 1 : t->psize == 4 ? 2 : 3;
		const char *bn = t->psize ? cnames[t->psign][lg] : "void";
		unsigned int k;
		size_t n;

		n = (size_t)snprintf(buf, len, "%s ", bn);
		for (k = 0; k < t->ptr && k < 8 && n + 1 < len; k++)
			buf[n++] = '*';
		buf[n < len ? n : len - 1] = '\0';
		return buf;
	}
	for (i = 0; i < sizeof(tnames) / sizeof(tnames[0]); i++)
		if (tnames[i].size == t->size && tnames[i].sign == t->sign &&
		    strncmp(tnames[i].name, "int", 3) == 0)
			return tnames[i].name;
	snprintf(buf, len, "%sint%u_t", t->sign ? "" : "u", t->size * 8);
	return buf;
}

/*
 * D's usual arithmetic conversions (dtrace's dt_type_promote): the operand
 * type of the higher rank, rank = bits + 1 if unsigned, the left one on a
 * tie. There is no promotion to int: char + char is char, short + int is
 * int, int + unsigned int is unsigned int. A pointer counts as an unsigned
 * long.
 */
static struct ct arith_type(const struct ct *a, const struct ct *b)
{
	struct ct x = *a, y = *b;
	unsigned int rx, ry;

	if (x.ptr)
		x = ct_uint64;
	if (y.ptr)
		y = ct_uint64;
	rx = x.size * 8 + !x.sign;
	ry = y.size * 8 + !y.sign;
	x.psize = y.psize = 0;
	x.psign = y.psign = false;
	return ry > rx ? y : x;
}

/* The type of a unary operator's or a shift's result: its (left) operand's. */
static struct ct operand_type(const struct ct *a)
{
	return arith_type(a, a);
}

/* The builtin variables of D that spectrace provides, and their types. */
struct builtin {
	const char *name;
	enum spt_builtin id;
	struct ct type;
};

/* clang-format off */
static const struct builtin builtins[] = {
	{ "arg0", SPT_B_ARG0, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg1", SPT_B_ARG0 + 1, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg2", SPT_B_ARG0 + 2, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg3", SPT_B_ARG0 + 3, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg4", SPT_B_ARG0 + 4, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg5", SPT_B_ARG0 + 5, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg6", SPT_B_ARG0 + 6, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg7", SPT_B_ARG0 + 7, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg8", SPT_B_ARG0 + 8, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "arg9", SPT_B_ARG0 + 9, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "pid", SPT_B_PID, { CT_INT, 4, true, 0, 0, false, 0, 0, "pid_t" } },
	{ "tid", SPT_B_TID, { CT_INT, 4, true, 0, 0, false, 0, 0, "id_t" } },
	{ "ppid", SPT_B_PPID, { CT_INT, 4, true, 0, 0, false, 0, 0, "pid_t" } },
	{ "uid", SPT_B_UID, { CT_INT, 4, false, 0, 0, false, 0, 0, "uid_t" } },
	{ "gid", SPT_B_GID, { CT_INT, 4, false, 0, 0, false, 0, 0, "gid_t" } },
	{ "timestamp", SPT_B_TIMESTAMP, { CT_INT, 8, false, 0, 0, false, 0, 0, "uint64_t" } },
	{ "vtimestamp", SPT_B_VTIMESTAMP, { CT_INT, 8, false, 0, 0, false, 0, 0, "uint64_t" } },
	{ "walltimestamp", SPT_B_WALLTIMESTAMP, { CT_INT, 8, true, 0, 0, false, 0, 0, "int64_t" } },
	{ "cpu", SPT_B_CPU, { CT_INT, 4, true, 0, 0, false, 0, 0, NULL } },
	{ "errno", SPT_B_ERRNO, { CT_INT, 4, true, 0, 0, false, 0, 0, "int" } },
	{ "epid", SPT_B_EPID, { CT_INT, 8, false, 0, 0, false, 0, 0, "uint64_t" } },
	{ "id", SPT_B_ID, { CT_INT, 4, false, 0, 0, false, 0, 0, "uint_t" } },
	/*
	 * Every part of a probe's name is shorter than PROBE_FIELD_MAX: syscall
	 * names come from syscall_tab.h, profile names from a description
	 * field, and the loader refuses a longer one.
	 */
	{ "probeprov", SPT_B_PROBEPROV, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false, 0, 0, NULL } },
	{ "probemod", SPT_B_PROBEMOD, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false, 0, 0, NULL } },
	{ "probefunc", SPT_B_PROBEFUNC, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false, 0, 0, NULL } },
	{ "probename", SPT_B_PROBENAME, { CT_STR, PROBE_FIELD_MAX, false, 0, 0, false, 0, 0, NULL } },
};
/* clang-format on */

/* Builtins D has that spectrace does not provide yet. */
static const char *const builtins_missing[] = {
	"stack",       "ustack", "uregs", "args", "curpsinfo",
	"curlwpsinfo", "ipl",	 "root",  "cwd",  "uarg0",
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

struct cg_var *cg_var_new(struct cg *g, enum ast_scope scope, const char *name, const struct ct *t,
			  struct ast_loc loc)
{
	struct cg_var *v;

	uint32_t size = t->kind == CT_STR ? SPT_STRSIZE : 8;

	if (t->kind == CT_SOU || t->kind == CT_ARR) {
		/* its bytes in the variable's storage (globals, this->), read through VADDR */
		if (scope == AST_SCOPE_SELF) {
			cg_error(
				g, DIAG_UNSUPPORTED, loc,
				"not supported yet: a struct, union or array value in %s%s (keep a pointer)",
				cg_scope_prefix(scope), name);
			return NULL;
		}
		if (!t->size || t->size > SPT_SCRATCH_MAX) {
			cg_error(
				g, DIAG_UNSUPPORTED, loc,
				"not supported: a struct, union or array value of %u bytes in %s%s "
				"(at most %d; keep a pointer)",
				t->size, cg_scope_prefix(scope), name, SPT_SCRATCH_MAX);
			return NULL;
		}
		size = (t->size + 7) & ~7u;
	}
	if (t->kind != CT_INT && t->kind != CT_STR && t->kind != CT_SOU && t->kind != CT_ARR) {
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
	v->type.koff = 0;
	if (t->kind == CT_STR) {
		v->type.size = SPT_STRSIZE; /* any string may be stored later */
		v->type.btf = 0;	    /* a copy, not the char array */
	}
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
				 "too many clause-local variables (at most %d bytes)",
				 SPT_THIS_MAX);
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
	enum spt_op op = v->scope == AST_SCOPE_GLOBAL ? SPT_OP_LDG :
			 v->scope == AST_SCOPE_THIS   ? SPT_OP_LDT :
							SPT_OP_LDS;

	if (v->type.kind == CT_STR) {
		cg_emit(g, SPT_OP_LDI, r, 0, 0, var_sref(v));
		return;
	}
	if (v->type.kind == CT_SOU || v->type.kind == CT_ARR) {
		cg_emit(g, SPT_OP_VADDR, r, 0, 0, var_sref(v)); /* the value is at its address */
		return;
	}
	cg_emit(g, op, r, 0, 0, (int32_t)v->slot);
}

static void var_store(struct cg *g, const struct cg_var *v, int r)
{
	enum spt_op op = v->scope == AST_SCOPE_GLOBAL ? SPT_OP_STG :
			 v->scope == AST_SCOPE_THIS   ? SPT_OP_STT :
							SPT_OP_STS;

	if (v->type.kind == CT_STR) {
		cg_emit(g, SPT_OP_SCPY, 0, r, 0, var_sref(v));
		return;
	}
	if (v->type.kind == CT_SOU || v->type.kind == CT_ARR) {
		/* R: the value's address; its bytes copied into the variable */
		int rd = cg_reg_alloc(g, (struct ast_loc){ .line = 0 });
		int rs = rd < 0 ? -1 :
				  cg_load_const(g, v->type.size, (struct ast_loc){ .line = 0 });

		if (rs < 0)
			return;
		cg_emit(g, SPT_OP_VADDR, rd, 0, 0, var_sref(v));
		cg_emit(g, SPT_OP_MCPY, rd, r, rs, SPT_MCPY_BCOPY | SPT_MCPY_TOVAR);
		cg_reg_free(g, rs);
		cg_reg_free(g, rd);
		return;
	}
	cg_emit(g, op, 0, r, 0, (int32_t)v->slot);
}

int cg_expr(struct cg *g, const struct ast_expr *e, struct ct *t);
static int subr(struct cg *g, const struct ast_expr *e, struct ct *t);

/*
 * dtrace's message for operator OP applied to a wrong type: LT is the left
 * operand's type (NULL for a unary operator), RT the right (or only) one's.
 */
static int op_type_error(struct cg *g, struct ast_loc loc, enum ast_op op, const struct ct *lt,
			 const struct ct *rt)
{
	const char *o = ast_op_str(op);
	char b1[32], b2[32];

	switch (op) {
	case AST_OP_MUL:
	case AST_OP_DIV:
		return cg_error(g, DIAG_OP_ARITH, loc,
				"operator %s requires operands of arithmetic type", o);
	case AST_OP_NEG:
	case AST_OP_PLUS:
		return cg_error(g, DIAG_OP_ARITH, loc,
				"operator %s requires an operand of arithmetic type", o);
	case AST_OP_MOD:
	case AST_OP_BAND:
	case AST_OP_BOR:
	case AST_OP_BXOR:
	case AST_OP_SHL:
	case AST_OP_SHR:
		return cg_error(g, DIAG_OP_INT, loc,
				"operator %s requires operands of integral type", o);
	case AST_OP_BNOT:
		return cg_error(g, DIAG_OP_INT, loc,
				"operator %s requires an operand of integral type", o);
	case AST_OP_LNOT:
		return cg_error(g, DIAG_OP_SCALAR, loc,
				"operator %s requires an operand of scalar type", o);
	case AST_OP_LAND:
	case AST_OP_LOR:
	case AST_OP_LXOR:
		return cg_error(g, DIAG_OP_SCALAR, loc,
				"operator %s requires operands of scalar type", o);
	default:
		if (!lt)
			break;
		return cg_error(g, DIAG_OP_INCOMPAT, loc,
				"operands have incompatible types: \"%s\" %s \"%s\"",
				cg_type_name(lt, b1, sizeof(b1)), o,
				cg_type_name(rt, b2, sizeof(b2)));
	}
	return cg_error(g, DIAG_OP_INT, loc, "operator %s requires an integer operand, not %s", o,
			cg_type_name(rt, b2, sizeof(b2)));
}

/* Operand E of operator OP (LT: the left operand's type, NULL: E is the only one). */
static int expr_operand(struct cg *g, const struct ast_expr *e, struct ct *t, enum ast_op op,
			const struct ct *lt, struct ast_loc loc)
{
	int r = cg_expr(g, e, t);

	if (r < 0)
		return -1;
	if (t->kind != CT_INT) {
		cg_reg_free(g, r);
		return op_type_error(g, loc, op, lt, t);
	}
	return r;
}

/*
 * The type of an integer constant, as dtrace's dt_node_int picks it: the
 * first of int, unsigned int, long, unsigned long, long long, unsigned
 * long long that holds the value, starting one type further for a u and
 * two for each l, and skipping the unsigned types when the constant is
 * decimal or its u is lower case (so 0x80000000 is unsigned int,
 * 2147483648 long, and 0x100000000U long). Returns -1 after D_INT_OFLOW.
 */
static int int_literal_type(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	static const struct ct cands[6] = {
		{ CT_INT, 4, true, 0, 0, false, 0, 0, "int" },
		{ CT_INT, 4, false, 0, 0, false, 0, 0, "unsigned int" },
		{ CT_INT, 8, true, 0, 0, false, 0, 0, "long" },
		{ CT_INT, 8, false, 0, 0, false, 0, 0, "unsigned long" },
		{ CT_INT, 8, true, 0, 0, false, 0, 0, "long long" },
		{ CT_INT, 8, false, 0, 0, false, 0, 0, "unsigned long long" },
	};
	uint64_t v = e->u.i.value;
	unsigned int f = e->u.i.flags, i = 0, step;

	if (f & AST_INT_UNSIGNED)
		i += 1;
	if (f & AST_INT_LONG)
		i += 2;
	if (f & AST_INT_LONGLONG)
		i += 4;
	step = e->u.i.base == 10 || ((f & AST_INT_UNSIGNED) && !(f & AST_INT_UPPER_U)) ? 2 : 1;
	for (; i < 6; i += step) {
		uint64_t max = cands[i].size == 4 ? (cands[i].sign ? INT32_MAX : UINT32_MAX) :
						    (cands[i].sign ? INT64_MAX : UINT64_MAX);

		if (v <= max) {
			*t = cands[i];
			return 0;
		}
	}
	return cg_error(
		g, DIAG_INT_OFLOW, e->loc,
		"integer constant 0x%llx cannot be represented in any built-in integral type",
		(unsigned long long)v);
}

/* A character constant: an int (a long when its bytes exceed INT_MAX), never sign-extended. */
static struct ct char_literal_type(const struct ast_expr *e)
{
	return e->u.c.value > INT32_MAX ? ct_int64 : ct_int;
}

/*
 * Cast value V of type FROM to TO as dtrace-utils does (dt_cg_typecast at
 * run time, the same rule when it folds a constant): nothing to do for an
 * 8-byte destination, for a wider one that is signed or comes from an
 * unsigned type, or for the same size and signedness; otherwise the low
 * bytes, sign- or zero-extended.
 */
static bool cast_changes(const struct ct *from, const struct ct *to)
{
	unsigned int fs = from->ptr ? 8 : from->size;
	bool fsign = from->sign && !from->ptr;

	if (to->ptr || to->size >= 8)
		return false;
	if (to->size > fs)
		return !to->sign && fsign;
	if (to->size == fs)
		return to->sign != fsign;
	return true;
}

static uint64_t ext_value(uint64_t v, unsigned int size, bool sign)
{
	unsigned int sh = 64 - 8 * size;

	if (size >= 8)
		return v;
	return sign ? (uint64_t)((int64_t)(v << sh) >> sh) : (v << sh) >> sh;
}

static int signal_number(const char *name);

/*
 * Constant folding as dtrace does it while parsing (dt_node_op1, op2, op3
 * and the cast of an integer constant): true, with the value and its type,
 * when E is an integer constant, a sizeof of a type or a string literal, a
 * signal name, or an operator or cast applied only to those. Values are 64
 * bits and never narrowed, except that minus of an unsigned constant is
 * cut to its size; >> shifts logically whatever the type; / and % are C's
 * on 64 bits; !, ~ and unary - keep the operand's type. A ?: whose
 * condition folds is its chosen branch. A division by a constant 0 is not
 * folded. Emits no code; an error only for a constant that fits no type.
 */
static bool fold(struct cg *g, const struct ast_expr *e, uint64_t *v, struct ct *t)
{
	uint64_t l, r;
	struct ct lt, rt;

	if (g->err)
		return false;
	switch (e->kind) {
	case AST_INT:
		if (int_literal_type(g, e, t))
			return false;
		*v = e->u.i.value;
		return true;
	case AST_CHAR:
		*t = char_literal_type(e);
		*v = e->u.c.value;
		return true;
	case AST_IDENT:
		if (e->u.ident.scope != AST_SCOPE_GLOBAL)
			return false;
		if (!strcmp(e->u.ident.name, "NULL")) {
			/* dtrace's hard-wired inline long NULL = 0, a constant: an int */
			*t = ct_int;
			*v = 0;
			return true;
		}
		if (!signal_number(e->u.ident.name) ||
		    cg_var_find(g, AST_SCOPE_GLOBAL, e->u.ident.name))
			return false;
		*t = ct_int;
		*v = (uint64_t)signal_number(e->u.ident.name);
		return true;
	case AST_OFFSETOF:
		if (cg_offsetof(g, &e->u.cast.type, e->u.cast.member, e->loc, v))
			return false;
		*t = ct_uint64;
		return true;
	case AST_SIZEOF_TYPE: {
		struct ct st;

		if (e->u.cast.type.kind == AST_TYPE_STRING && !e->u.cast.type.ptr) {
			*t = ct_uint64;
			*v = SPT_STRSIZE;
			return true;
		}
		if (e->u.cast.type.kind == AST_TYPE_FLOAT && !e->u.cast.type.dim) {
			/* float 4, double 8, long double 16 bytes, as C on x86_64 */
			*t = ct_uint64;
			*v = e->u.cast.type.ptr			    ? 8 :
			     e->u.cast.type.name[0] == 'f'	    ? 4 :
			     !strcmp(e->u.cast.type.name, "double") ? 8 :
								      16;
			return true;
		}
		if (cg_type_of(g, &e->u.cast.type, &st))
			return false;
		if ((st.kind == CT_SOU || st.kind == CT_ARR) && st.size) {
			*t = ct_uint64;
			*v = st.size;
			return true;
		}
		if (st.kind != CT_INT)
			return false;
		*t = ct_uint64;
		*v = st.ptr ? 8 : st.size;
		return true;
	}
	case AST_CAST: {
		struct ct to;

		if (!fold(g, e->u.cast.operand, &l, &lt))
			return false;
		/* dtrace folds casts to integer types only, not to pointers */
		if (cg_type_of(g, &e->u.cast.type, &to) || to.kind != CT_INT || to.ptr)
			return false;
		*v = cast_changes(&lt, &to) ? ext_value(l, to.size, to.sign) : l;
		*t = to;
		return true;
	}
	case AST_UNARY:
		if (e->u.unary.op == AST_OP_SIZEOF && e->u.unary.operand->kind == AST_STRING) {
			*t = ct_uint64;
			*v = e->u.unary.operand->u.str.len + 1;
			if (memchr(e->u.unary.operand->u.str.s, 0, e->u.unary.operand->u.str.len))
				*v = strlen(e->u.unary.operand->u.str.s) + 1;
			return true;
		}
		if (e->u.unary.op != AST_OP_NEG && e->u.unary.op != AST_OP_PLUS &&
		    e->u.unary.op != AST_OP_BNOT && e->u.unary.op != AST_OP_LNOT)
			return false;
		if (!fold(g, e->u.unary.operand, &l, &lt))
			return false;
		*t = lt;
		switch (e->u.unary.op) {
		case AST_OP_NEG:
			*v = 0 - l;
			if (!lt.sign || lt.ptr)
				*v = ext_value(*v, lt.ptr ? 8 : lt.size, false);
			break;
		case AST_OP_BNOT:
			*v = ~l;
			break;
		case AST_OP_LNOT:
			*v = !l;
			break;
		default:
			*v = l;
			break;
		}
		return true;
	case AST_TERNARY:
		if (!fold(g, e->u.ternary.cond, &l, &lt))
			return false;
		return fold(g, l ? e->u.ternary.then : e->u.ternary.otherwise, v, t);
	case AST_BINARY: {
		enum ast_op op = e->u.binary.op;
		struct ct at;
		bool s;

		if (!fold(g, e->u.binary.lhs, &l, &lt) || !fold(g, e->u.binary.rhs, &r, &rt))
			return false;
		at = arith_type(&lt, &rt);
		s = at.sign;
		switch (op) {
		case AST_OP_LOR:
			*v = l || r;
			*t = ct_int;
			return true;
		case AST_OP_LAND:
			*v = l && r;
			*t = ct_int;
			return true;
		case AST_OP_LXOR:
			*v = (l != 0) ^ (r != 0);
			*t = ct_int;
			return true;
		case AST_OP_BOR:
			*v = l | r;
			break;
		case AST_OP_BXOR:
			*v = l ^ r;
			break;
		case AST_OP_BAND:
			*v = l & r;
			break;
		case AST_OP_EQ:
			*v = l == r;
			*t = ct_int;
			return true;
		case AST_OP_NE:
			*v = l != r;
			*t = ct_int;
			return true;
		case AST_OP_LT:
			*v = s ? (int64_t)l < (int64_t)r : l < r;
			*t = ct_int;
			return true;
		case AST_OP_LE:
			*v = s ? (int64_t)l <= (int64_t)r : l <= r;
			*t = ct_int;
			return true;
		case AST_OP_GT:
			*v = s ? (int64_t)l > (int64_t)r : l > r;
			*t = ct_int;
			return true;
		case AST_OP_GE:
			*v = s ? (int64_t)l >= (int64_t)r : l >= r;
			*t = ct_int;
			return true;
		/* dtrace shifts with the host's C, whose count x86-64 takes modulo 64 */
		case AST_OP_SHL:
			*v = l << (r & 63);
			*t = operand_type(&lt);
			return true;
		case AST_OP_SHR:
			*v = l >> (r & 63);
			*t = operand_type(&lt);
			return true;
		case AST_OP_ADD:
			*v = l + r;
			break;
		case AST_OP_SUB:
			*v = l - r;
			break;
		case AST_OP_MUL:
			*v = l * r;
			break;
		case AST_OP_DIV:
		case AST_OP_MOD:
			if (!r)
				return false;
			if (s && (int64_t)r == -1) /* C's INT64_MIN / -1, without the trap */
				*v = op == AST_OP_DIV ? 0 - l : 0;
			else if (s)
				*v = op == AST_OP_DIV ? (uint64_t)((int64_t)l / (int64_t)r) :
							(uint64_t)((int64_t)l % (int64_t)r);
			else
				*v = op == AST_OP_DIV ? l / r : l % r;
			break;
		default:
			return false;
		}
		*t = at;
		return true;
	}
	default:
		return false;
	}
}

/*
 * A macro variable: the tracer's own ids (as in dtrace, BEGIN and END see
 * the tracer too), $target the pid of -c/-p or 0. Returns 0 with *V, or
 * -1 when NAME is not one.
 */
static int macro_var(struct cg *g, const char *name, int64_t *v)
{
	if (!strcmp(name, "pid"))
		*v = getpid();
	else if (!strcmp(name, "ppid"))
		*v = getppid();
	else if (!strcmp(name, "uid"))
		*v = getuid();
	else if (!strcmp(name, "gid"))
		*v = getgid();
	else if (!strcmp(name, "euid"))
		*v = geteuid();
	else if (!strcmp(name, "egid"))
		*v = getegid();
	else if (!strcmp(name, "pgid"))
		*v = getpgid(0);
	else if (!strcmp(name, "sid"))
		*v = getsid(0);
	else if (!strcmp(name, "target"))
		*v = g->o->target;
	else
		return -1;
	return 0;
}

/*
 * The text of macro argument $N: $0 is the script's path or argv[0]; NULL
 * when N is beyond the arguments. Referencing the last one is noted for
 * the unused-argument check.
 */
static const char *macro_arg(struct cg *g, unsigned long n)
{
	if (n == 0)
		return g->file ? g->file : g->argv0 ? g->argv0 : "spectrace";
	if (n > g->nmacros)
		return NULL;
	if (n == g->nmacros)
		g->last_ref = true;
	return g->macros[n - 1];
}

/* Whether S is written as a D integer constant: [+-]digits[xX hex][uUlL...]. */
static bool int_text(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2]))
		s += 2;
	while (isxdigit((unsigned char)*s))
		s++;
	while (*s == 'u' || *s == 'U' || *s == 'l' || *s == 'L')
		s++;
	return !*s;
}

static bool ident_text(const char *s)
{
	if (!(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return !*s;
}

/* S as a string constant: one pair of surrounding quotes dropped, C escapes done. */
static int macro_string(struct cg *g, const char *s, struct ast_loc loc, struct ct *t)
{
	size_t len = strlen(s), i, n = 0;
	char *buf;
	int r;

	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s++;
		len -= 2;
	}
	buf = malloc(len + 1);
	if (!buf)
		return cg_nomem(g);
	for (i = 0; i < len; i++) {
		char c = s[i];

		if (c == '\\' && i + 1 < len) {
			static const char from[] = "abfnrtv\\\"'?", to[] = "\a\b\f\n\r\t\v\\\"'?";
			const char *k = strchr(from, s[i + 1]);

			if (k && *k) {
				c = to[k - from];
				i++;
			} else if (s[i + 1] >= '0' && s[i + 1] <= '7') {
				unsigned int v = 0, d;

				for (d = 0;
				     d < 3 && i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '7';
				     d++)
					v = v * 8 + (unsigned int)(s[++i] - '0');
				c = (char)v;
			}
		}
		buf[n++] = c;
	}
	buf[n] = '\0';
	r = load_string(g, buf, strlen(buf), loc, t);
	free(buf);
	return r;
}

static int ident(struct cg *g, const struct ast_expr *e, struct ct *t);

/*
 * $N, $$N and the macro variables, as dtrace's lexer replaces them: $N is
 * an integer constant when written as one, the identifier when it is one,
 * else a string; $$N always a string; an argument beyond those given is an
 * error unless defaultargs makes it 0 or "".
 */
static int macro_value(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.macro.name, *text;
	char *end, num[24];
	unsigned long long u;
	unsigned long n;
	int64_t v;

	if (!isdigit((unsigned char)name[0])) {
		if (macro_var(g, name, &v))
			return cg_error(g, DIAG_MACRO_UNDEF, e->loc,
					"macro variable $%s is not defined", name);
		if (e->u.macro.string) {
			snprintf(num, sizeof(num), "%llu", (unsigned long long)(uint32_t)v);
			return load_string(g, num, strlen(num), e->loc, t);
		}
		*t = ct_int;
		return load_const(g, (uint64_t)v, e->loc);
	}
	n = strtoul(name, &end, 10);
	text = *end ? NULL : macro_arg(g, n);
	if (!text) {
		if (!g->o->defaultargs)
			return cg_error(g, DIAG_MACRO_UNDEF, e->loc,
					"macro argument $%s is not defined", name);
		if (e->u.macro.string)
			return load_string(g, "", 0, e->loc, t);
		*t = ct_int;
		return load_const(g, 0, e->loc);
	}
	if (e->u.macro.string)
		return macro_string(g, text, e->loc, t);
	if (int_text(text)) {
		const char *digits = text + (*text == '+' || *text == '-');

		errno = 0;
		u = strtoull(digits, &end, 0);
		if (errno == ERANGE || (*text == '-' && u > (unsigned long long)INT64_MAX + 1))
			return cg_error(
				g, DIAG_MACRO_OFLOW, e->loc,
				"macro argument $%s constant %s results in integer overflow", name,
				text);
		{
			/* Typed as the literal would be (C99's rules); a sign is unary. */
			struct ast_expr lit;
			const char *sfx = end;

			memset(&lit, 0, sizeof(lit));
			lit.kind = AST_INT;
			lit.u.i.value = u;
			lit.u.i.base = digits[0] != '0' || !digits[1]	    ? 10 :
				       digits[1] == 'x' || digits[1] == 'X' ? 16 :
									      8;
			for (; *sfx; sfx++) {
				if (*sfx == 'u' || *sfx == 'U')
					lit.u.i.flags |= AST_INT_UNSIGNED;
				else if (lit.u.i.flags & AST_INT_LONG)
					lit.u.i.flags |= AST_INT_LONGLONG;
				else
					lit.u.i.flags |= AST_INT_LONG;
			}
			if (int_literal_type(g, &lit, t))
				return -1;
		}
		return load_const(g, *text == '-' ? 0 - (uint64_t)u : (uint64_t)u, e->loc);
	}
	if (ident_text(text)) {
		struct ast_expr id;

		memset(&id, 0, sizeof(id));
		id.kind = AST_IDENT;
		id.loc = e->loc;
		id.height = 1;
		id.u.ident.name = text;
		id.u.ident.scope = AST_SCOPE_GLOBAL;
		return ident(g, &id, t);
	}
	return macro_string(g, text, e->loc, t);
}

/*
 * Probe description TEXT with its macros replaced by their text: $N, $$N
 * (the argument), $name (the variable's decimal value), as dtrace does.
 */
const char *cg_pdesc_expand(struct cg *g, const char *text, struct ast_loc loc)
{
	char out[1024], num[24], *res;
	const char *p = text, *val;
	size_t n = 0, l;

	if (!strchr(text, '$'))
		return text;
	while (*p) {
		const char *start = p;

		if (*p != '$') {
			if (n < sizeof(out) - 1)
				out[n++] = *p;
			p++;
			continue;
		}
		p++;
		if (*p == '$')
			p++;
		if (isdigit((unsigned char)*p)) {
			unsigned long k = strtoul(p, NULL, 10);

			while (isdigit((unsigned char)*p))
				p++;
			val = macro_arg(g, k);
			if (!val && g->o->defaultargs)
				val = start[1] == '$' ? "" : "0";
		} else {
			char name[32];
			int64_t v;

			for (l = 0;
			     (isalnum((unsigned char)*p) || *p == '_') && l < sizeof(name) - 1; l++)
				name[l] = *p++;
			name[l] = '\0';
			val = NULL;
			if (!macro_var(g, name, &v)) {
				snprintf(num, sizeof(num), "%llu", (unsigned long long)(uint32_t)v);
				val = num;
			}
		}
		if (!val) {
			cg_error(
				g, DIAG_PDESC_INVAL, loc,
				"invalid probe description \"%s\": Undefined macro variable in probe description",
				text);
			return NULL;
		}
		l = strlen(val);
		if (n + l >= sizeof(out))
			l = sizeof(out) - 1 - n;
		memcpy(out + n, val, l);
		n += l;
	}
	out[n] = '\0';
	res = arena_strndup(&g->cc->arena, out, n);
	if (!res)
		cg_nomem(g);
	return res;
}

/* D's signal names (DTrace's signal.d), for raise(): this system's numbers. */
static const struct {
	const char *name;
	int sig;
} signals[] = {
	{ "SIGHUP", SIGHUP },	    { "SIGINT", SIGINT },	{ "SIGQUIT", SIGQUIT },
	{ "SIGILL", SIGILL },	    { "SIGTRAP", SIGTRAP },	{ "SIGABRT", SIGABRT },
	{ "SIGIOT", SIGIOT },	    { "SIGBUS", SIGBUS },	{ "SIGFPE", SIGFPE },
	{ "SIGKILL", SIGKILL },	    { "SIGUSR1", SIGUSR1 },	{ "SIGSEGV", SIGSEGV },
	{ "SIGUSR2", SIGUSR2 },	    { "SIGPIPE", SIGPIPE },	{ "SIGALRM", SIGALRM },
	{ "SIGTERM", SIGTERM },	    { "SIGSTKFLT", SIGSTKFLT }, { "SIGCHLD", SIGCHLD },
	{ "SIGCLD", SIGCHLD },	    { "SIGCONT", SIGCONT },	{ "SIGSTOP", SIGSTOP },
	{ "SIGTSTP", SIGTSTP },	    { "SIGTTIN", SIGTTIN },	{ "SIGTTOU", SIGTTOU },
	{ "SIGURG", SIGURG },	    { "SIGXCPU", SIGXCPU },	{ "SIGXFSZ", SIGXFSZ },
	{ "SIGVTALRM", SIGVTALRM }, { "SIGPROF", SIGPROF },	{ "SIGWINCH", SIGWINCH },
	{ "SIGIO", SIGIO },	    { "SIGPOLL", SIGPOLL },	{ "SIGPWR", SIGPWR },
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

/*
 * D's library constants (dtrace's unistd.d, errno.d, io.d, net.d and
 * procfs.d): the fault codes DTRACEFLT_*, Linux's errno values, open
 * flags, address families, process states, all int.
 */
/* glibc's O_LARGEFILE is 0 on 64-bit; the kernel's flag is what a probe sees. */
#if defined(__x86_64__)
#define CG_O_LARGEFILE 0100000
#elif defined(__aarch64__)
#define CG_O_LARGEFILE 0400000
#else
#define CG_O_LARGEFILE O_LARGEFILE
#endif
static const struct {
	const char *name;
	int value;
} lib_consts[] = {
	{ "DTRACEFLT_UNKNOWN", 0 },
	{ "DTRACEFLT_BADADDR", 1 },
	{ "DTRACEFLT_BADALIGN", 2 },
	{ "DTRACEFLT_ILLOP", 3 },
	{ "DTRACEFLT_DIVZERO", 4 },
	{ "DTRACEFLT_NOSCRATCH", 5 },
	{ "DTRACEFLT_KPRIV", 6 },
	{ "DTRACEFLT_UPRIV", 7 },
	{ "DTRACEFLT_TUPOFLOW", 8 },
	{ "DTRACEFLT_BADSTACK", 9 },
	{ "EPERM", EPERM },
	{ "ENOENT", ENOENT },
	{ "ESRCH", ESRCH },
	{ "EINTR", EINTR },
	{ "EIO", EIO },
	{ "ENXIO", ENXIO },
	{ "E2BIG", E2BIG },
	{ "ENOEXEC", ENOEXEC },
	{ "EBADF", EBADF },
	{ "ECHILD", ECHILD },
	{ "EAGAIN", EAGAIN },
	{ "EWOULDBLOCK", EWOULDBLOCK },
	{ "ENOMEM", ENOMEM },
	{ "EACCES", EACCES },
	{ "EFAULT", EFAULT },
	{ "ENOTBLK", ENOTBLK },
	{ "EBUSY", EBUSY },
	{ "EEXIST", EEXIST },
	{ "EXDEV", EXDEV },
	{ "ENODEV", ENODEV },
	{ "ENOTDIR", ENOTDIR },
	{ "EISDIR", EISDIR },
	{ "EINVAL", EINVAL },
	{ "ENFILE", ENFILE },
	{ "EMFILE", EMFILE },
	{ "ENOTTY", ENOTTY },
	{ "ETXTBSY", ETXTBSY },
	{ "EFBIG", EFBIG },
	{ "ENOSPC", ENOSPC },
	{ "ESPIPE", ESPIPE },
	{ "EROFS", EROFS },
	{ "EMLINK", EMLINK },
	{ "EPIPE", EPIPE },
	{ "EDOM", EDOM },
	{ "ERANGE", ERANGE },
	{ "EDEADLK", EDEADLK },
	{ "EDEADLOCK", EDEADLOCK },
	{ "ENAMETOOLONG", ENAMETOOLONG },
	{ "ENOLCK", ENOLCK },
	{ "ENOSYS", ENOSYS },
	{ "ENOTEMPTY", ENOTEMPTY },
	{ "ELOOP", ELOOP },
	{ "ENOMSG", ENOMSG },
	{ "EIDRM", EIDRM },
	{ "ENOSTR", ENOSTR },
	{ "ENODATA", ENODATA },
	{ "ETIME", ETIME },
	{ "ENOSR", ENOSR },
	{ "ENOLINK", ENOLINK },
	{ "EPROTO", EPROTO },
	{ "EBADMSG", EBADMSG },
	{ "EOVERFLOW", EOVERFLOW },
	{ "EILSEQ", EILSEQ },
	{ "EUSERS", EUSERS },
	{ "ENOTSOCK", ENOTSOCK },
	{ "EDESTADDRREQ", EDESTADDRREQ },
	{ "EMSGSIZE", EMSGSIZE },
	{ "EPROTOTYPE", EPROTOTYPE },
	{ "ENOPROTOOPT", ENOPROTOOPT },
	{ "EPROTONOSUPPORT", EPROTONOSUPPORT },
	{ "ESOCKTNOSUPPORT", ESOCKTNOSUPPORT },
	{ "EOPNOTSUPP", EOPNOTSUPP },
	{ "ENOTSUP", ENOTSUP },
	{ "EPFNOSUPPORT", EPFNOSUPPORT },
	{ "EAFNOSUPPORT", EAFNOSUPPORT },
	{ "EADDRINUSE", EADDRINUSE },
	{ "EADDRNOTAVAIL", EADDRNOTAVAIL },
	{ "ENETDOWN", ENETDOWN },
	{ "ENETUNREACH", ENETUNREACH },
	{ "ENETRESET", ENETRESET },
	{ "ECONNABORTED", ECONNABORTED },
	{ "ECONNRESET", ECONNRESET },
	{ "ENOBUFS", ENOBUFS },
	{ "EISCONN", EISCONN },
	{ "ENOTCONN", ENOTCONN },
	{ "ESHUTDOWN", ESHUTDOWN },
	{ "ETOOMANYREFS", ETOOMANYREFS },
	{ "ETIMEDOUT", ETIMEDOUT },
	{ "ECONNREFUSED", ECONNREFUSED },
	{ "EHOSTDOWN", EHOSTDOWN },
	{ "EHOSTUNREACH", EHOSTUNREACH },
	{ "EALREADY", EALREADY },
	{ "EINPROGRESS", EINPROGRESS },
	{ "ESTALE", ESTALE },
	{ "EDQUOT", EDQUOT },
	{ "ECANCELED", ECANCELED },
	{ "EOWNERDEAD", EOWNERDEAD },
	{ "ENOTRECOVERABLE", ENOTRECOVERABLE },
	{ "ERFKILL", ERFKILL },
	{ "EHWPOISON", EHWPOISON },
	/* io.d: open(2)'s flags, the kernel's values for this architecture */
	{ "O_ACCMODE", O_ACCMODE },
	{ "O_RDONLY", O_RDONLY },
	{ "O_WRONLY", O_WRONLY },
	{ "O_RDWR", O_RDWR },
	{ "O_CREAT", O_CREAT },
	{ "O_EXCL", O_EXCL },
	{ "O_NOCTTY", O_NOCTTY },
	{ "O_TRUNC", O_TRUNC },
	{ "O_APPEND", O_APPEND },
	{ "O_NONBLOCK", O_NONBLOCK },
	{ "O_NDELAY", O_NDELAY },
	{ "O_DSYNC", O_DSYNC },
	{ "O_ASYNC", O_ASYNC },
	{ "O_FASYNC", O_ASYNC },
	{ "O_DIRECT", O_DIRECT },
	{ "O_LARGEFILE", CG_O_LARGEFILE },
	{ "O_DIRECTORY", O_DIRECTORY },
	{ "O_NOFOLLOW", O_NOFOLLOW },
	{ "O_NOATIME", O_NOATIME },
	{ "O_CLOEXEC", O_CLOEXEC },
	{ "O_SYNC", O_SYNC },
	{ "O_RSYNC", O_RSYNC },
	{ "O_FSYNC", O_SYNC },
	{ "O_PATH", O_PATH },
	{ "O_TMPFILE", O_TMPFILE },
	/* net.d */
	{ "AF_INET", AF_INET },
	{ "AF_INET6", AF_INET6 },
	/* procfs.d: data models, process states, SIGCHLD codes */
	{ "PR_MODEL_ILP32", 1 },
	{ "PR_MODEL_LP64", 2 },
	{ "SSLEEP", 1 },
	{ "SRUN", 2 },
	{ "SZOMB", 3 },
	{ "SSTOP", 4 },
	{ "SIDL", 5 },
	{ "SONPROC", 6 },
	{ "SWAIT", 7 },
	{ "CLD_EXITED", CLD_EXITED },
	{ "CLD_KILLED", CLD_KILLED },
	{ "CLD_DUMPED", CLD_DUMPED },
	{ "CLD_TRAPPED", CLD_TRAPPED },
	{ "CLD_STOPPED", CLD_STOPPED },
	{ "CLD_CONTINUED", CLD_CONTINUED },
};

static bool lib_const(const char *name, int64_t *v)
{
	size_t i;

	for (i = 0; i < sizeof(lib_consts) / sizeof(lib_consts[0]); i++) {
		if (!strcmp(lib_consts[i].name, name)) {
			*v = lib_consts[i].value;
			return true;
		}
	}
	if (signal_number(name)) {
		*v = signal_number(name);
		return true;
	}
	return false;
}

static struct cg_inline *inline_find(struct cg *g, const char *name)
{
	struct cg_inline *in;

	for (in = g->inlines; in; in = in->next)
		if (!strcmp(in->name, name))
			return in;
	return NULL;
}

/* Is NAME a parameter of the inline being expanded? Its index in *IDX. */
static bool ibind_find(const struct cg *g, const char *name, size_t *idx)
{
	const struct cg_ibind *b = g->ibind;
	size_t i;

	for (i = 0; b && i < b->in->nparams; i++) {
		if (!strcmp(b->in->params[i], name)) {
			*idx = i;
			return true;
		}
	}
	return false;
}

bool cg_const_fold(struct cg *g, const struct ast_expr *e, int64_t *v)
{
	int64_t a, b;
	struct cg_inline *in;
	size_t i;

	switch (e->kind) {
	case AST_INT:
		*v = (int64_t)e->u.i.value;
		return true;
	case AST_CHAR:
		*v = (int64_t)e->u.c.value;
		return true;
	case AST_IDENT:
		if (e->u.ident.scope != AST_SCOPE_GLOBAL ||
		    cg_var_find(g, AST_SCOPE_GLOBAL, e->u.ident.name) ||
		    ibind_find(g, e->u.ident.name, &i))
			return false;
		in = inline_find(g, e->u.ident.name);
		if (in) {
			*v = in->value;
			return in->is_const;
		}
		if (!strcmp(e->u.ident.name, "NULL")) {
			*v = 0;
			return true;
		}
		return lib_const(e->u.ident.name, v);
	case AST_UNARY:
		if (!cg_const_fold(g, e->u.unary.operand, &a))
			return false;
		switch (e->u.unary.op) {
		case AST_OP_NEG:
			*v = (int64_t)(0 - (uint64_t)a);
			return true;
		case AST_OP_BNOT:
			*v = ~a;
			return true;
		case AST_OP_LNOT:
			*v = !a;
			return true;
		case AST_OP_PLUS:
			*v = a;
			return true;
		default:
			return false;
		}
	case AST_BINARY:
		if (!cg_const_fold(g, e->u.binary.lhs, &a) ||
		    !cg_const_fold(g, e->u.binary.rhs, &b))
			return false;
		switch (e->u.binary.op) {
		case AST_OP_ADD:
			*v = (int64_t)((uint64_t)a + (uint64_t)b);
			return true;
		case AST_OP_SUB:
			*v = (int64_t)((uint64_t)a - (uint64_t)b);
			return true;
		case AST_OP_MUL:
			*v = (int64_t)((uint64_t)a * (uint64_t)b);
			return true;
		case AST_OP_DIV:
		case AST_OP_MOD:
			if (!b || (a == INT64_MIN && b == -1))
				return false;
			*v = e->u.binary.op == AST_OP_DIV ? a / b : a % b;
			return true;
		case AST_OP_SHL:
			*v = (int64_t)((uint64_t)a << (b & 63));
			return true;
		case AST_OP_SHR:
			*v = a >> (b & 63);
			return true;
		case AST_OP_BAND:
			*v = a & b;
			return true;
		case AST_OP_BOR:
			*v = a | b;
			return true;
		case AST_OP_BXOR:
			*v = a ^ b;
			return true;
		case AST_OP_EQ:
			*v = a == b;
			return true;
		case AST_OP_NE:
			*v = a != b;
			return true;
		case AST_OP_LT:
			*v = a < b;
			return true;
		case AST_OP_LE:
			*v = a <= b;
			return true;
		case AST_OP_GT:
			*v = a > b;
			return true;
		case AST_OP_GE:
			*v = a >= b;
			return true;
		case AST_OP_LAND:
			*v = a && b;
			return true;
		case AST_OP_LOR:
			*v = a || b;
			return true;
		default:
			return false;
		}
	default:
		return false;
	}
}

bool cg_is_builtin(const char *name)
{
	return builtin_find(name) || !strcmp(name, "execname") || cg_is_stack_builtin(name) ||
	       in_list(name, builtins_missing,
		       sizeof(builtins_missing) / sizeof(builtins_missing[0]));
}

/*
 * The names an inline's right side uses must exist when it is defined
 * (D's own parameters, D->params, do).
 */
static int inline_names(struct cg *g, const struct ast_decl *d, const struct ast_expr *e)
{
	size_t i;
	int64_t v;

	switch (e->kind) {
	case AST_IDENT:
		for (i = 0; d->params && i < d->nkeys; i++)
			if (e->u.ident.scope == AST_SCOPE_GLOBAL &&
			    !strcmp(d->params[i], e->u.ident.name))
				return 0;
		if (e->u.ident.scope != AST_SCOPE_GLOBAL || builtin_find(e->u.ident.name) ||
		    !strcmp(e->u.ident.name, "execname") || !strcmp(e->u.ident.name, "NULL") ||
		    cg_var_find(g, AST_SCOPE_GLOBAL, e->u.ident.name) ||
		    inline_find(g, e->u.ident.name) || lib_const(e->u.ident.name, &v))
			return 0;
		return cg_error(g, DIAG_IDENT_UNDEF, e->loc,
				"failed to resolve %s: Unknown variable name", e->u.ident.name);
	case AST_UNARY:
		return inline_names(g, d, e->u.unary.operand);
	case AST_BINARY:
	case AST_ASSIGN:
		if (inline_names(g, d, e->u.binary.lhs))
			return -1;
		return inline_names(g, d, e->u.binary.rhs);
	case AST_TERNARY:
		if (inline_names(g, d, e->u.ternary.cond) || inline_names(g, d, e->u.ternary.then))
			return -1;
		return inline_names(g, d, e->u.ternary.otherwise);
	case AST_CAST:
		return inline_names(g, d, e->u.cast.operand);
	case AST_CALL:
		for (i = 0; i < e->u.call.nargs; i++)
			if (inline_names(g, d, e->u.call.args[i]))
				return -1;
		return 0;
	case AST_INDEX:
		for (i = 0; i < e->u.index.nkeys; i++)
			if (inline_names(g, d, e->u.index.keys[i]))
				return -1;
		/* an array's name may come later; an indexed value must exist */
		return e->u.index.base->kind == AST_IDENT ? 0 : inline_names(g, d, e->u.index.base);
	default:
		return 0;
	}
}

/*
 * enum [E] { A, B = 5, C }: the type (BTF, so `enum E` declares and casts)
 * and each enumerator a constant of type enum E, counting from 0, or from
 * its value: an integer constant expression (earlier enumerators are
 * constants) within int's range. Returns its BTF id, or -1 after an error.
 */
int cg_enum_define(struct cg *g, const struct ast_type *at)
{
	const char *name = at->name ? at->name + 5 : "";
	int64_t *vals = calloc(at->nmembers, sizeof(*vals)), next = 0;
	struct cg_inline **ins = calloc(at->nmembers, sizeof(*ins));
	struct ct et;
	uint32_t i, n;
	int id, ret = -1;

	if (!vals || !ins) {
		cg_nomem(g);
		goto out;
	}
	if (cg_need_btf(g, at->loc))
		goto out;
	n = btf__type_cnt(g->dt.btf);
	for (i = btf__type_cnt(g->dt.base); at->name && i < n; i++) {
		const struct btf_type *bt = btf__type_by_id(g->dt.btf, i);
		const char *bn = bt ? btf__name_by_offset(g->dt.btf, bt->name_off) : NULL;

		if (bt && btf_is_any_enum(bt) && bn && !strcmp(bn, name)) {
			cg_error(g, DIAG_DECL_TYPERED, at->loc, "type redeclared: %s", at->name);
			goto out;
		}
	}
	/* the values first: BTF's enumerators follow their enum's type directly */
	for (i = 0; i < at->nmembers; i++) {
		const struct ast_member *m = at->members[i];
		size_t k;

		if (m->value && !cg_const_fold(g, m->value, &next)) {
			cg_error(g, DIAG_DECL_ENCONST, m->loc,
				 "enumerator '%s' must be assigned an integral constant expression",
				 m->name);
			goto out;
		}
		if (next > INT32_MAX || next < INT32_MIN) {
			cg_error(g, DIAG_DECL_ENOFLOW, m->loc,
				 "enumerator '%s' value overflows INT_MAX (%d)", m->name,
				 INT32_MAX);
			goto out;
		}
		for (k = 0; k < i; k++)
			if (!strcmp(at->members[k]->name, m->name))
				break;
		if (k < i || inline_find(g, m->name) || builtin_find(m->name) ||
		    cg_is_builtin(m->name) || cg_var_find(g, AST_SCOPE_GLOBAL, m->name) ||
		    lib_const(m->name, &(int64_t){ 0 })) {
			cg_error(g, DIAG_DECL_IDRED, m->loc, "identifier redeclared: %s", m->name);
			goto out;
		}
		vals[i] = next++;
		/* a later enumerator's value may name this one */
		ins[i] = calloc(1, sizeof(*ins[i]));
		if (!ins[i]) {
			cg_nomem(g);
			goto out;
		}
		ins[i]->name = m->name;
		ins[i]->is_const = true;
		ins[i]->value = vals[i];
		ins[i]->type = ins[i]->vtype = ct_int;
		ins[i]->next = g->inlines;
		g->inlines = ins[i];
	}
	id = btf__add_enum(g->dt.btf, name, 4);
	for (i = 0; id > 0 && i < at->nmembers; i++)
		if (btf__add_enum_value(g->dt.btf, at->members[i]->name, vals[i]))
			id = -1;
	if (id <= 0) {
		cg_nomem(g);
		goto out;
	}
	if (cg_btf_ct(g, (uint32_t)id, &et, at->loc))
		goto out;
	for (i = 0; i < at->nmembers; i++)
		ins[i]->type = ins[i]->vtype = et;
	ret = id;
out:
	free(vals);
	free(ins);
	return ret;
}

int cg_inline_def(struct cg *g, const struct ast_decl *d)
{
	struct cg_inline *in;
	struct ct t;

	if (cg_type_of(g, &d->type, &t))
		return -1;
	if (t.kind == CT_VOID)
		return cg_error(g, DIAG_DECL_VOIDOBJ, d->name_loc, "cannot declare void inline: %s",
				d->name);
	if (inline_find(g, d->name))
		return cg_error(
			g, DIAG_DECL_IDRED, d->name_loc,
			"identifier redefined: %s\n\t current: inline definition\n\tprevious: scalar inline",
			d->name);
	if (builtin_find(d->name) || !strcmp(d->name, "execname") ||
	    cg_var_find(g, AST_SCOPE_GLOBAL, d->name))
		return cg_error(g, DIAG_DECL_IDRED, d->name_loc, "identifier redefined: %s",
				d->name);
	if (d->params && d->nkeys > CG_MAX_KEYS)
		return cg_error(g, DIAG_UNSUPPORTED, d->name_loc,
				"not supported: inline %s with more than %d parameters", d->name,
				CG_MAX_KEYS);
	if (inline_names(g, d, d->init))
		return -1;
	in = calloc(1, sizeof(*in));
	if (!in)
		return cg_nomem(g);
	in->name = d->name;
	in->type = t;
	in->e = d->init;
	if (d->params) {
		size_t i;

		in->params = d->params;
		in->nparams = d->nkeys;
		for (i = 0; i < d->nkeys; i++) {
			if (cg_type_of(g, d->keys[i], &in->ptype[i])) {
				free(in);
				return -1;
			}
		}
	} else if (cg_const_fold(g, d->init, &in->value)) {
		struct ast_expr lit;

		if (t.kind != CT_INT) {
			char b[32];

			free(in);
			return cg_error(
				g, DIAG_OP_INCOMPAT, d->name_loc,
				"inline %s definition uses incompatible types: \"%s\" = \"int\"",
				d->name, cg_type_name(&t, b, sizeof(b)));
		}
		/* The constant's own type, as a literal of that value has. */
		memset(&lit, 0, sizeof(lit));
		lit.kind = AST_INT;
		lit.u.i.value = (uint64_t)in->value;
		lit.u.i.base = 10;
		if (in->value < 0) {
			in->vtype = in->value >= INT32_MIN ? ct_int : ct_int64;
		} else {
			(void)int_literal_type(g, &lit, &in->vtype);
		}
		in->is_const = true;
	} else if (d->init->kind == AST_STRING && t.kind != CT_STR) {
		char b[32];

		free(in);
		return cg_error(g, DIAG_OP_INCOMPAT, d->name_loc,
				"inline %s definition uses incompatible types: \"%s\" = \"string\"",
				d->name, cg_type_name(&t, b, sizeof(b)));
	}
	in->next = g->inlines;
	g->inlines = in;
	return 0;
}

/*
 * A use of inline IN: its constant, or its expression cast to its type,
 * compiled with the parameter bindings BIND (NULL: none, the body sees
 * only what it saw where it was defined).
 */
static int lib_inline(struct cg *g, const char *name, const char *text, const struct ct *type,
		      struct ast_expr *const *arg, const struct ast_expr *e, struct ct *t);

static int inline_use(struct cg *g, const struct cg_inline *in, const struct cg_ibind *bind,
		      const struct ast_expr *e, struct ct *t)
{
	const struct cg_ibind *saved = g->ibind;
	char b1[32], b2[32];
	int r;

	if (in->is_const) {
		*t = in->vtype;
		return load_const(g, (uint64_t)in->value, e->loc);
	}
	g->ibind = bind;
	r = cg_expr(g, in->e, t);
	g->ibind = saved;
	if (r < 0)
		return -1;
	if (t->kind != in->type.kind) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"inline %s definition uses incompatible types: \"%s\" = \"%s\"",
				in->name, cg_type_name(&in->type, b1, sizeof(b1)),
				cg_type_name(t, b2, sizeof(b2)));
	}
	if (t->kind == CT_INT) {
		cg_narrow(g, r, &in->type);
		*t = in->type;
	}
	return r;
}

/*
 * Parameter I of the inline being expanded: its argument, compiled with
 * the bindings of the place the inline was used, cast to the parameter's
 * type. An argument of the other kind (string, integer) than its parameter
 * is dtrace's key mismatch.
 */
static int param_use(struct cg *g, size_t i, struct ct *t)
{
	const struct cg_ibind *b = g->ibind;
	const struct ct *pt = &b->in->ptype[i];
	char b1[32];
	int r;

	g->ibind = b->caller;
	r = cg_expr(g, b->args[i], t);
	g->ibind = b;
	if (r < 0)
		return -1;
	if ((t->kind == CT_STR) != (pt->kind == CT_STR)) {
		cg_reg_free(g, r);
		return cg_error(
			g, DIAG_PROTO_ARG, b->args[i]->loc,
			"%s[ ] key #%zu is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			b->in->name, i + 1, pt->kind == CT_STR ? "string" : "int",
			cg_type_name(t, b1, sizeof(b1)));
	}
	if (pt->kind == CT_INT) {
		if (cast_changes(t, pt))
			cg_narrow(g, r, pt);
		*t = *pt;
	}
	return r;
}

static int ident(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.ident.name;
	enum ast_scope scope = e->u.ident.scope;
	const struct builtin *b;
	struct cg_var *v;
	size_t pi;
	int r;

	if (scope == AST_SCOPE_GLOBAL && ibind_find(g, name, &pi))
		return param_use(g, pi, t);
	if (scope == AST_SCOPE_GLOBAL && !strcmp(name, "NULL")) {
		*t = ct_int; /* dtrace's inline long NULL = 0, an int constant (fold() sees it first) */
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
	if (scope == AST_SCOPE_GLOBAL && cg_is_stack_builtin(name))
		return cg_stack_builtin(g, name, e->loc, t);
	if (scope == AST_SCOPE_GLOBAL && !strcmp(name, "curthread"))
		return cg_curthread(g, e, t);
	if (scope == AST_SCOPE_GLOBAL && (b = builtin_find(name))) {
		r = cg_reg_alloc(g, e->loc);
		if (r < 0)
			return -1;
		cg_emit(g, SPT_OP_LDB, r, 0, 0, (int32_t)b->id);
		*t = b->type;
		return r;
	}
	if (scope == AST_SCOPE_GLOBAL && (!strcmp(name, "cwd") || !strcmp(name, "root"))) {
		/* dtrace's procfs.d inlines: the current process's working and root directories */
		if (cg_need_btf(g, e->loc))
			return -1;
		r = lib_inline(g, name,
			       name[0] == 'c' ? "d_path(&curthread->fs->pwd)" :
						"d_path(&curthread->fs->root)",
			       &ct_str, NULL, e, t);
		if (r >= 0)
			t->size = SPT_STRSIZE;
		return r;
	}
	if (scope == AST_SCOPE_GLOBAL &&
	    in_list(name, builtins_missing,
		    sizeof(builtins_missing) / sizeof(builtins_missing[0]))) {
		cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: builtin variable %s",
			 name);
		return -1;
	}
	v = cg_var_find(g, scope, name);
	if (!v && scope == AST_SCOPE_GLOBAL) {
		const struct cg_inline *in = inline_find(g, name);
		int64_t c;

		if (in && in->params)
			return cg_error(g, DIAG_IDENT_BADREF, e->loc,
					"associative array '%s' may not be referenced as scalar",
					name);
		if (in)
			return inline_use(g, in, NULL, e, t);
		if (lib_const(name, &c)) {
			*t = ct_int;
			return load_const(g, (uint64_t)c, e->loc);
		}
	}
	if (v && v->assoc) {
		cg_error(g, DIAG_IDENT_BADREF, e->loc,
			 "associative array '%s' may not be referenced as scalar", name);
		return -1;
	}
	/*
	 * As in D, a self-> or this-> variable must be assigned or declared
	 * before it is read (in compile order: a clause's body before its
	 * predicate); a global likewise (D_IDENT_UNDEF below).
	 */
	if (!v && scope != AST_SCOPE_GLOBAL) {
		cg_error(g, DIAG_VAR_UNDEF, e->loc, "%s%s has not yet been declared or assigned",
			 cg_scope_prefix(scope), name);
		return -1;
	}
	if (!v && signal_number(name)) {
		*t = ct_int;
		return load_const(g, (uint64_t)signal_number(name), e->loc);
	}
	if (!v && strchr(name, '`')) {
		/* a kernel variable: BTF types only the kernel's per-CPU ones */
		cg_error(
			g, DIAG_UNSUPPORTED, e->loc,
			"not supported: kernel variables (%s): the kernel's BTF has no types for them",
			name);
		return -1;
	}
	if (!v) {
		cg_error(g, DIAG_IDENT_UNDEF, e->loc,
			 "failed to resolve %s%s: Unknown variable name", cg_scope_prefix(scope),
			 name);
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
/* p += n, p -= n: N counts elements of what P points to (register R scaled in place). */
static int ptr_step(struct cg *g, enum ast_op op, const struct ct *lt, int r, struct ast_loc loc)
{
	unsigned int size = elem_size(lt);

	if (!lt->ptr || (op != AST_OP_ADD && op != AST_OP_SUB))
		return 0;
	if (!size)
		return cg_error(g, DIAG_OP_VFPTR, loc,
				"operator %s= requires left-hand scalar operand of known size",
				ast_op_str(op));
	return size == 1 ? 0 : cg_op_const(g, SPT_OP_MUL, r, size, loc);
}

static int binop(struct cg *g, enum ast_op op, int ra, int rb, const struct ct *ta,
		 const struct ct *tb, struct ct *t, struct ast_loc loc)
{
	struct ct at = arith_type(ta, tb);
	bool s = at.sign;
	enum spt_op o;
	int x = ra, y = ra, z = rb;

	switch (op) {
	case AST_OP_MUL:
		o = SPT_OP_MUL;
		break;
	case AST_OP_DIV:
		o = s ? SPT_OP_SDIV : SPT_OP_UDIV;
		break;
	case AST_OP_MOD:
		o = s ? SPT_OP_SREM : SPT_OP_UREM;
		break;
	case AST_OP_ADD:
		o = SPT_OP_ADD;
		break;
	case AST_OP_SUB:
		o = SPT_OP_SUB;
		break;
	case AST_OP_SHL:
		o = SPT_OP_SHL;
		at = arith_type(ta, ta);
		break;
	case AST_OP_SHR:
		at = arith_type(ta, ta);
		o = at.sign ? SPT_OP_ASR : SPT_OP_LSR;
		break;
	case AST_OP_BAND:
		o = SPT_OP_AND;
		break;
	case AST_OP_BOR:
		o = SPT_OP_OR;
		break;
	case AST_OP_BXOR:
		o = SPT_OP_XOR;
		break;
	case AST_OP_EQ:
		o = SPT_OP_EQ;
		at = ct_int;
		break;
	case AST_OP_NE:
		o = SPT_OP_NE;
		at = ct_int;
		break;
	case AST_OP_LT:
		o = s ? SPT_OP_SLT : SPT_OP_ULT;
		at = ct_int;
		break;
	case AST_OP_LE:
		o = s ? SPT_OP_SLE : SPT_OP_ULE;
		at = ct_int;
		break;
	/* a > b is b < a */
	case AST_OP_GT:
		o = s ? SPT_OP_SLT : SPT_OP_ULT;
		y = rb;
		z = ra;
		at = ct_int;
		break;
	case AST_OP_GE:
		o = s ? SPT_OP_SLE : SPT_OP_ULE;
		y = rb;
		z = ra;
		at = ct_int;
		break;
	default:
		return cg_error(g, DIAG_UNSUPPORTED, loc, "not supported: operator %s",
				ast_op_str(op));
	}
	cg_emit(g, o, x, y, z, 0);
	*t = at;
	return 0;
}

static const char *const strfuncs[] = {
	"copyinstr", "stringof",    "strlen",	  "strjoin",	 "substr",     "strchr",
	"strrchr",   "strstr",	    "index",	  "rindex",	 "basename",   "dirname",
	"lltostr",   "copyin",	    "copyinto",	  "speculation", "speculate",  "commit",
	"discard",   "printa",	    "clear",	  "trunc",	 "normalize",  "denormalize",
	"count",     "sum",	    "avg",	  "min",	 "max",	       "stddev",
	"quantize",  "lquantize",   "llquantize", "tracemem",	 "stack",      "ustack",
	"jstack",    "system",	    "raise",	  "stop",	 "breakpoint", "panic",
	"chill",     "copyout",	    "copyoutstr", "ftruncate",	 "freopen",    "rand",
	"progenyof", "mutex_owned", "htons",	  "htonl",	 "ntohs",      "ntohl",
	"inet_ntoa", "setopt",	    "func",	  "sym",	 "mod",	       "ufunc",
	"usym",	     "umod",	    "uaddr",	  "print",	 "alloca",     "bcopy",
};

/*
 * A name dtrace replaces by its value while parsing: a constant inline,
 * NULL or one of D's library constants (ENOENT), so `ENOENT = 1` is
 * `2 = 1`, not an lvalue.
 */
static bool const_name(struct cg *g, const struct ast_expr *e)
{
	int64_t v;

	return e->kind == AST_IDENT && e->u.ident.scope == AST_SCOPE_GLOBAL &&
	       !cg_is_builtin(e->u.ident.name) && cg_const_fold(g, e, &v);
}

static int lvalue_var(struct cg *g, const struct ast_expr *lhs, struct cg_var **vp, bool may_create,
		      const struct ct *rt, const char *lv_op)
{
	struct cg_var *v;

	if (lhs->kind == AST_AGG)
		return cg_error(g, DIAG_AGG_FUNC, lhs->loc,
				"@%s may only be assigned in a statement of its own: @%s = f(...);",
				lhs->u.agg.name[0] ? lhs->u.agg.name : "_",
				lhs->u.agg.name[0] ? lhs->u.agg.name : "_");
	if (lhs->kind != AST_IDENT || const_name(g, lhs))
		return cg_error(g, DIAG_OP_LVAL, lhs->loc,
				"operator %s requires modifiable lvalue as an operand", lv_op);
	if (lhs->u.ident.scope == AST_SCOPE_GLOBAL &&
	    (cg_is_builtin(lhs->u.ident.name) ||
	     (!cg_var_find(g, AST_SCOPE_GLOBAL, lhs->u.ident.name) &&
	      inline_find(g, lhs->u.ident.name))))
		/* built-in variables and (non-constant) inlines are read-only */
		return cg_error(g, DIAG_OP_WRITE, lhs->loc,
				"operator %s can only be applied to a writable variable", lv_op);
	v = cg_var_find(g, lhs->u.ident.scope, lhs->u.ident.name);
	if (v && v->assoc)
		return cg_error(g, DIAG_IDENT_BADREF, lhs->loc,
				"associative array '%s' may not be referenced as scalar", v->name);
	if (!v && lhs->u.ident.scope != AST_SCOPE_GLOBAL)
		may_create = true;
	if (!v && !may_create)
		return cg_error(g, DIAG_IDENT_UNDEF, lhs->loc,
				"failed to resolve %s%s: Unknown variable name",
				cg_scope_prefix(lhs->u.ident.scope), lhs->u.ident.name);
	if (!v) {
		v = cg_var_new(g, lhs->u.ident.scope, lhs->u.ident.name, rt ? rt : &ct_int64,
			       lhs->loc);
		if (!v)
			return -1;
	}
	*vp = v;
	return 0;
}

struct cg_var *cg_assoc_new(struct cg *g, const char *name, const struct ct *vt, size_t nkeys,
			    const bool *kstr, const struct ct *kt, struct ast_loc loc)
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
		v->ktype[i] = kt ? kt[i] : ct_int64;
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
static int assoc_prepare(struct cg *g, const struct ast_expr *e, const char *wop,
			 const struct ct *vt, struct cg_var **vp)
{
	const struct ast_expr *base = e->u.index.base;
	int regs[CG_MAX_KEYS];
	struct ct kt[CG_MAX_KEYS];
	bool kstr[CG_MAX_KEYS];
	struct cg_var *v;
	size_t i, n = e->u.index.nkeys;

	if (base->kind == AST_IDENT && base->u.ident.scope == AST_SCOPE_THIS)
		return cg_error(g, DIAG_ARR_LOCAL, e->loc,
				"local variables may not be used as associative arrays: %s",
				base->u.ident.name);
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
		if (kt[i].kind == CT_VOID)
			return cg_error(g, DIAG_KEY_TYPE, e->u.index.keys[i]->loc,
					"%s expression may not be used as %s index: key #%zu",
					"void", "associative array", i + 1);
		if (kt[i].kind != CT_INT && kt[i].kind != CT_STR)
			return cg_error(
				g, DIAG_UNSUPPORTED, e->u.index.keys[i]->loc,
				"not supported yet: associative array key #%zu of a struct, union or array type",
				i + 1);
	}
	v = cg_var_find(g, AST_SCOPE_GLOBAL, base->u.ident.name);
	if (v && !v->assoc)
		return cg_error(g, DIAG_DEREF_NONPTR, e->loc,
				"cannot dereference non-pointer type");
	if (!v && wop && (cg_is_builtin(base->u.ident.name) || !strcmp(base->u.ident.name, "fds")))
		/* args[0] = 1, uregs[0]++: dtrace's arrays are read-only */
		return cg_error(g, DIAG_OP_WRITE, e->loc,
				"operator %s can only be applied to a writable variable", wop);
	if (!v && (!wop || builtin_find(base->u.ident.name)))
		return cg_error(g, DIAG_IDENT_UNDEF, base->loc,
				"failed to resolve %s: Unknown variable name", base->u.ident.name);
	if (!v) {
		if (vt->kind != CT_INT && vt->kind != CT_STR)
			return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
					"cannot store a void value in %s[ ]", base->u.ident.name);
		for (i = 0; i < n; i++)
			kstr[i] = kt[i].kind == CT_STR;
		v = cg_assoc_new(g, base->u.ident.name, vt, n, kstr, kt, e->loc);
		if (!v)
			return -1;
	}
	if (n != v->nkeys)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s[ ] prototype mismatch: %zu key%s passed, %u expected", v->name,
				n, n == 1 ? "" : "s", v->nkeys);
	for (i = 0; i < n; i++) {
		char b[32];

		if ((kt[i].kind == CT_STR) != v->kstr[i])
			return cg_error(
				g, DIAG_PROTO_ARG, e->u.index.keys[i]->loc,
				"%s[ ] key #%zu is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				v->name, i + 1, v->kstr[i] ? "string" : "int",
				cg_type_name(&kt[i], b, sizeof(b)));
	}
	cg_emit(g, SPT_OP_KINIT, 0, 0, 0, (int32_t)v->slot);
	for (i = 0; i < n; i++) {
		/* An integer key is cast to the array's key type, as dtrace casts it. */
		if (!v->kstr[i] && cast_changes(&kt[i], &v->ktype[i]))
			cg_narrow(g, regs[i], &v->ktype[i]);
		cg_emit(g, v->kstr[i] ? SPT_OP_KSTR : SPT_OP_KINT, 0, regs[i], 0,
			(int32_t)v->koff[i]);
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

/* @a[k][j]: an aggregation has one list of keys. */
static int agg_mdim(struct cg *g, const struct ast_expr *e)
{
	const struct ast_expr *agg = e->u.index.base;

	return cg_error(g, DIAG_AGG_MDIM, e->loc,
			"improper attempt to reference @%s as a multi-dimensional array",
			agg->u.agg.name);
}

/* NAME[args] of an inline with parameters: its body with them bound. */
static int inline_call(struct cg *g, const struct cg_inline *in, const struct ast_expr *e,
		       struct ct *t)
{
	struct cg_ibind b = { in, e->u.index.keys, g->ibind };
	size_t n = e->u.index.nkeys;

	if (n != in->nparams)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s[ ] prototype mismatch: %zu key%s passed, %zu expected",
				in->name, n, n == 1 ? "" : "s", in->nparams);
	return inline_use(g, in, &b, e, t);
}

/*
 * The translations dtrace's D library writes in D (d_path's special
 * files, fds[], cwd, root): TEXT, an expression of the parameter named
 * __spt_a (ARG, passed as it is typed; NULL: no parameter), parsed at
 * each use and compiled as an inline of TYPE would be.
 */
/* Every node of library expression X at LOC, where the user wrote its use. */
static void lib_loc(struct ast_expr *x, struct ast_loc loc)
{
	size_t i;

	if (!x)
		return;
	x->loc = loc;
	switch (x->kind) {
	case AST_UNARY:
		lib_loc(x->u.unary.operand, loc);
		break;
	case AST_BINARY:
	case AST_ASSIGN:
		lib_loc(x->u.binary.lhs, loc);
		lib_loc(x->u.binary.rhs, loc);
		break;
	case AST_TERNARY:
		lib_loc(x->u.ternary.cond, loc);
		lib_loc(x->u.ternary.then, loc);
		lib_loc(x->u.ternary.otherwise, loc);
		break;
	case AST_CAST:
		lib_loc(x->u.cast.operand, loc);
		break;
	case AST_CALL:
		for (i = 0; i < x->u.call.nargs; i++)
			lib_loc(x->u.call.args[i], loc);
		break;
	case AST_INDEX:
		lib_loc(x->u.index.base, loc);
		for (i = 0; i < x->u.index.nkeys; i++)
			lib_loc(x->u.index.keys[i], loc);
		break;
	case AST_MEMBER:
		lib_loc(x->u.member.base, loc);
		break;
	default:
		break;
	}
}

static int lib_inline(struct cg *g, const char *name, const char *text, const struct ct *type,
		      struct ast_expr *const *arg, const struct ast_expr *e, struct ct *t)
{
	static const char *const params[] = { "__spt_a" };
	struct cg_inline in;
	struct cg_ibind b;
	struct ast_expr *body = parse_expression(g->cc, "<D library>", text, strlen(text));

	if (!body)
		return cg_error(g, DIAG_UNKNOWN, e->loc, "internal error: %s's translation", name);
	lib_loc(body, e->loc); /* an error in it is one of the use */
	memset(&in, 0, sizeof(in));
	in.name = name;
	in.type = *type;
	in.e = body;
	if (arg) {
		in.params = (const char **)params;
		in.nparams = 1;
		in.ptype[0].kind = CT_VOID; /* the argument's own type */
	}
	b = (struct cg_ibind){ &in, arg, g->ibind };
	return inline_use(g, &in, arg ? &b : NULL, e, t);
}

/* d_path(struct path *): DPATH (__spt_dpath) on its dentry and vfsmount. */
static int d_path(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	static const char text[] = "__spt_dpath(__spt_a->dentry, __spt_a->mnt)";
	unsigned int saved = g->regs;
	size_t ni = g->img->ninsns;
	char tn[64];
	struct ct at;
	int r;

	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"d_path( ) prototype mismatch: %zu arg%s passed, 1 expected",
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	if (cg_need_btf(g, e->loc))
		return -1;
	/* the argument's type, from code made only to be dropped */
	r = cg_expr(g, e->u.call.args[0], &at);
	if (r < 0)
		return -1;
	g->img->ninsns = ni;
	g->regs = saved;
	if (at.kind != CT_INT || at.ptr != 1 || !at.btf ||
	    strcmp(cg_ct_name(g, &at, tn, sizeof(tn)), "struct path *"))
		return cg_error(
			g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
			"d_path( ) argument #1 is incompatible with prototype:\n\tprototype: struct path *\n\t argument: %s",
			at.kind == CT_STR ? "string" : cg_ct_name(g, &at, tn, sizeof(tn)));
	r = lib_inline(g, "d_path", text, &ct_str, e->u.call.args, e, t);
	if (r >= 0)
		t->size = SPT_STRSIZE;
	return r;
}

/*
 * fds[fd].M: dtrace's fileinfo_t translation of the current process's
 * open file fd (NULL when fd is not open): "<none>" or 0 for a file that
 * is not there.
 */
static int fds_member(struct cg *g, const struct ast_expr *e, struct ct *t)
{
#define FDS_FILE                                                      \
	"(__spt_a >= 0 && __spt_a < curthread->files->fdt->max_fds ?" \
	" curthread->files->fdt->fd[__spt_a] : NULL)"
	static const struct {
		const char *member, *text;
		bool str;
		unsigned int size;
	} m[] = {
		{ "fi_name",
		  FDS_FILE " == NULL ? \"<none>\" : stringof(" FDS_FILE
			   "->f_path.dentry->d_name.name)",
		  true, 0 },
		{ "fi_dirname",
		  FDS_FILE " == NULL ? \"<none>\" : dirname(d_path(&" FDS_FILE "->f_path))", true,
		  0 },
		{ "fi_pathname", FDS_FILE " == NULL ? \"<none>\" : d_path(&" FDS_FILE "->f_path)",
		  true, 0 },
		{ "fi_offset", FDS_FILE " == NULL ? 0 : " FDS_FILE "->f_pos", false, 8 },
		{ "fi_fs",
		  FDS_FILE " == NULL ? \"<none>\" : stringof(" FDS_FILE
			   "->f_path.mnt->mnt_sb->s_type->name)",
		  true, 0 },
		{ "fi_mount",
		  FDS_FILE " == NULL ? \"<none>\" : __spt_dpath(" FDS_FILE
			   "->f_path.mnt->mnt_root, " FDS_FILE "->f_path.mnt)",
		  true, 0 },
		{ "fi_oflags", FDS_FILE " == NULL ? 0 : " FDS_FILE "->f_flags", false, 4 },
	};
#undef FDS_FILE
	const struct ast_expr *ix = e->u.member.base;
	struct ct type;
	size_t i;

	if (e->u.member.arrow)
		return cg_error(g, DIAG_OP_PTR, e->loc, "operator -> must be applied to a pointer");
	if (ix->u.index.nkeys != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"fds[ ] prototype mismatch: %zu keys passed, 1 expected",
				ix->u.index.nkeys);
	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (!strcmp(m[i].member, e->u.member.name))
			break;
	if (i == sizeof(m) / sizeof(m[0]))
		return cg_error(g, DIAG_TYPE_MEMBER, e->loc, "%s is not a member of fileinfo_t",
				e->u.member.name);
	if (cg_need_btf(g, e->loc))
		return -1;
	type = m[i].str ? ct_str : (struct ct){ CT_INT, m[i].size, true, 0, 0, false, 0, 0, NULL };
	return lib_inline(g, "fds", m[i].text, &type, ix->u.index.keys, e, t);
}

bool cg_is_lib_member(struct cg *g, const struct ast_expr *e)
{
	const struct ast_expr *b = e->u.member.base;

	return b->kind == AST_INDEX && b->u.index.base->kind == AST_IDENT &&
	       b->u.index.base->u.ident.scope == AST_SCOPE_GLOBAL &&
	       !strcmp(b->u.index.base->u.ident.name, "fds") &&
	       !cg_var_find(g, AST_SCOPE_GLOBAL, "fds");
}

int cg_lib_member(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	return fds_member(g, e, t);
}

/*
 * Does BASE[...] name an associative array's element (or make one),
 * rather than index a value? A name that is a variable, builtin, inline or
 * constant is a value, which D indexes as *(BASE + i).
 */
static bool index_names_array(struct cg *g, const struct ast_expr *base)
{
	const char *name;
	struct cg_var *v;
	size_t i;
	int64_t c;

	if (base->kind != AST_IDENT)
		return false;
	name = base->u.ident.name;
	v = cg_var_find(g, base->u.ident.scope, name);
	if (v)
		return v->assoc;
	if (base->u.ident.scope != AST_SCOPE_GLOBAL)
		return true;
	return !(ibind_find(g, name, &i) || cg_is_builtin(name) || inline_find(g, name) ||
		 lib_const(name, &c) || !strcmp(name, "NULL"));
}

/*
 * VALUE[i], which D rewrites as *(VALUE + i): a string's character i (type
 * char, as dtrace-utils indexes a string like a char pointer; 0 outside
 * the string), a pointer's element i; anything else cannot be indexed.
 */
static int value_index(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const struct ast_expr *base = e->u.index.base;
	unsigned int saved = g->regs;
	size_t ni = g->img->ninsns;
	struct ast_expr add, deref;
	struct ct bt, kt;
	bool addr = g->index_addr;
	int rb, rk;

	g->index_addr = false;
	if (e->u.index.nkeys != 1) {
		if (base->kind == AST_IDENT)
			return cg_error(g, DIAG_ARR_BADREF, e->loc,
					"cannot access scalar %s as an associative array",
					base->u.ident.name);
		return cg_error(g, DIAG_SYNTAX, e->loc, "syntax error near \",\"");
	}
	/* The base's type decides; its code is made again below. */
	g->keep_array = base->kind == AST_MEMBER; /* a char array member stays an array */
	rb = cg_expr(g, base, &bt);
	g->keep_array = false;
	if (rb < 0)
		return -1;
	if (bt.kind == CT_ARR || (bt.kind == CT_INT && bt.ptr && bt.btf))
		return cg_ptr_index(g, e, rb, &bt, t, addr); /* BTF: the element type's load */
	g->img->ninsns = ni;
	g->regs = saved;
	if (bt.kind == CT_STR && addr)
		return cg_error(g, DIAG_ADDROF_LVAL, e->loc,
				"unacceptable operand for unary & operator");
	if (bt.kind == CT_STR) {
		rb = cg_expr(g, base, &bt);
		if (rb < 0)
			return -1;
		rk = cg_expr(g, e->u.index.keys[0], &kt);
		if (rk < 0)
			return -1;
		if (kt.kind != CT_INT || kt.ptr) {
			char b[32];

			return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
					"operands have incompatible types: \"string\" + \"%s\"",
					cg_type_name(&kt, b, sizeof(b)));
		}
		cg_emit(g, SPT_OP_SFIND, rk, rb, 0, SPT_FIND_AT);
		cg_reg_free(g, rb);
		*t = (struct ct){ CT_INT, 1, true, 0, 0, false, 0, 0, NULL };
		cg_narrow(g, rk, t);
		return rk;
	}
	if (bt.kind != CT_INT || !bt.ptr)
		return cg_error(g, DIAG_DEREF_NONPTR, e->loc,
				"cannot dereference non-pointer type");
	memset(&add, 0, sizeof(add));
	add.kind = AST_BINARY;
	add.loc = e->loc;
	add.u.binary.op = AST_OP_ADD;
	add.u.binary.lhs = (struct ast_expr *)base;
	add.u.binary.rhs = e->u.index.keys[0];
	add.height = e->height;
	if (addr)
		return cg_expr(g, &add, t); /* &p[i] is p + i */
	deref = add;
	deref.kind = AST_UNARY;
	deref.u.unary.op = AST_OP_DEREF;
	deref.u.unary.operand = &add;
	return cg_expr(g, &deref, t);
}

static int index_expr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const struct ast_expr *base = e->u.index.base;
	const struct cg_inline *in;
	struct cg_var *v;
	size_t i;

	if (base->kind == AST_AGG)
		return agg_mdim(g, e);
	if (base->kind == AST_IDENT && base->u.ident.scope == AST_SCOPE_GLOBAL &&
	    !strcmp(base->u.ident.name, "args") && !cg_var_find(g, AST_SCOPE_GLOBAL, "args"))
		return cg_args(g, e, t);
	if (base->kind == AST_IDENT && base->u.ident.scope == AST_SCOPE_GLOBAL &&
	    !strcmp(base->u.ident.name, "fds") && !cg_var_find(g, AST_SCOPE_GLOBAL, "fds"))
		return cg_error(
			g, DIAG_UNSUPPORTED, e->loc,
			"not supported yet: fds[ ] as a value (a fileinfo_t member is: fds[fd].fi_pathname)");
	if (base->kind == AST_IDENT && base->u.ident.scope == AST_SCOPE_GLOBAL &&
	    !cg_var_find(g, AST_SCOPE_GLOBAL, base->u.ident.name) &&
	    !ibind_find(g, base->u.ident.name, &i) && (in = inline_find(g, base->u.ident.name)) &&
	    in->params)
		return inline_call(g, in, e, t);
	if (!index_names_array(g, base))
		return value_index(g, e, t);
	if (assoc_prepare(g, e, NULL, NULL, &v))
		return -1;
	*t = v->type;
	return assoc_load(g, v, e->loc);
}

static int ptr_assign_check(struct cg *g, const struct ast_expr *e, const struct ct *lt,
			    const struct ct *rt);

/* name[keys] = rhs, or op=, with the value already in register R. */
static int assoc_assign(struct cg *g, const struct ast_expr *e, int r, const struct ct *rt,
			struct ct *t)
{
	const struct ast_expr *lhs = e->u.binary.lhs;
	enum ast_op op = e->u.binary.op;
	struct cg_var *v;
	char lv_op[8];
	struct ct lt;
	int rl;

	snprintf(lv_op, sizeof(lv_op), "%s=", op == AST_OP_ASSIGN ? "" : ast_op_str(op));
	if (assoc_prepare(g, lhs, lv_op, rt, &v))
		return -1;
	if (rt->kind != v->type.kind) {
		char b1[32], b2[32];

		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"%s\" %s= \"%s\"",
				cg_type_name(&v->type, b1, sizeof(b1)),
				op == AST_OP_ASSIGN ? "" : ast_op_str(op),
				cg_type_name(rt, b2, sizeof(b2)));
	}
	if (op == AST_OP_ASSIGN && ptr_assign_check(g, e, &v->type, rt))
		return -1;
	if (op != AST_OP_ASSIGN) {
		if (v->type.kind == CT_STR)
			return cg_error(g, DIAG_OP_INT, e->loc,
					"operator %s= requires integer operands", ast_op_str(op));
		rl = assoc_load(g, v, e->loc);
		if (rl < 0)
			return -1;
		lt = v->type;
		if (ptr_step(g, op, &lt, r, e->loc))
			return -1;
		/* /= and %= divide as the left operand's type is signed or not */
		binop(g, op, rl, r, &lt, op == AST_OP_DIV || op == AST_OP_MOD ? &lt : rt, &lt,
		      e->loc);
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

/* *p, p->m, (*p).m, p[i] (a pointer's or array's element): stored through a pointer. */
static bool ptr_lvalue(struct cg *g, const struct ast_expr *lhs)
{
	const struct ast_expr *b;

	if (lhs->kind == AST_MEMBER)
		return true;
	if (lhs->kind == AST_UNARY && lhs->u.unary.op == AST_OP_DEREF)
		return true;
	if (lhs->kind != AST_INDEX)
		return false;
	b = lhs->u.index.base;
	if (b->kind == AST_AGG || index_names_array(g, b))
		return false;
	return !(b->kind == AST_IDENT && b->u.ident.scope == AST_SCOPE_GLOBAL &&
		 !cg_var_find(g, AST_SCOPE_GLOBAL, b->u.ident.name) &&
		 cg_is_builtin(b->u.ident.name));
}

/* The address of object LHS (reached through a pointer), as &LHS gives it. */
static int lvalue_addr(struct cg *g, const struct ast_expr *lhs, struct ct *pt)
{
	struct ast_expr an;

	memset(&an, 0, sizeof(an));
	an.kind = AST_UNARY;
	an.loc = lhs->loc;
	an.height = lhs->height + 1;
	an.u.unary.op = AST_OP_ADDR;
	an.u.unary.operand = (struct ast_expr *)lhs;
	return cg_expr(g, &an, pt);
}

/* Whether A and B name the same type (struct values are assigned between equals only). */
static bool same_type_name(struct cg *g, const struct ct *a, const struct ct *b)
{
	char b1[128], b2[128];

	return !strcmp(cg_ct_name(g, a, b1, sizeof(b1)), cg_ct_name(g, b, b2, sizeof(b2)));
}

/* T's name without its const and volatile qualifiers. */
static void bare_type_name(struct cg *g, const struct ct *t, char *buf, size_t len)
{
	char n[128], *w, *save = NULL;
	size_t o = 0;

	cg_ct_name(g, t, n, sizeof(n));
	buf[0] = '\0';
	for (w = strtok_r(n, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (!strcmp(w, "const") || !strcmp(w, "volatile"))
			continue;
		o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s%s", o ? " " : "", w);
		if (o >= len)
			break;
	}
}

/* D's compatible pointers: the same pointee, qualifiers aside, or either one void *. */
static bool ptr_compat(struct cg *g, const struct ct *a, const struct ct *b)
{
	char b1[128], b2[128];

	bare_type_name(g, a, b1, sizeof(b1));
	bare_type_name(g, b, b2, sizeof(b2));
	return !strcmp(b1, b2) || !strcmp(b1, "void *") || !strcmp(b2, "void *");
}

/* Whether E is an integer constant 0 (a pointer's or a string's NULL). */
static bool const_zero(struct cg *g, const struct ast_expr *e, const struct ct *t)
{
	int64_t z;

	return t->kind == CT_INT && !t->ptr && cg_const_fold(g, e, &z) && !z;
}

/*
 * D lets a string variable or element take a constant 0 (NULL), as a
 * pointer may: a NULL string (self-> and array elements are deleted).
 */
static bool null_to_string(struct cg *g, const struct ast_expr *lhs, const struct ast_expr *rhs,
			   const struct ct *rt)
{
	const struct ast_expr *id = lhs->kind == AST_INDEX ? lhs->u.index.base : lhs;
	struct cg_var *v;

	if (id->kind != AST_IDENT || !const_zero(g, rhs, rt))
		return false;
	v = cg_var_find(g, lhs->kind == AST_INDEX ? AST_SCOPE_GLOBAL : id->u.ident.scope,
			id->u.ident.name);
	return v && v->type.kind == CT_STR && v->assoc == (lhs->kind == AST_INDEX);
}

/*
 * Binary operator E on a pointer (TA or TB): * and / want arithmetic
 * operands, % & | ^ << >> integral ones; a comparison wants compatible
 * pointers, or a pointer and a constant 0. Returns -1 after the error.
 */
static int ptr_operands(struct cg *g, const struct ast_expr *e, const struct ct *ta,
			const struct ct *tb)
{
	enum ast_op op = e->u.binary.op;
	char b1[128], b2[128];

	if (!ta->ptr && !tb->ptr)
		return 0;
	switch (op) {
	case AST_OP_MUL:
	case AST_OP_DIV:
	case AST_OP_MOD:
	case AST_OP_BAND:
	case AST_OP_BOR:
	case AST_OP_BXOR:
	case AST_OP_SHL:
	case AST_OP_SHR:
		return op_type_error(g, e->loc, op, ta, tb);
	case AST_OP_EQ:
	case AST_OP_NE:
	case AST_OP_LT:
	case AST_OP_LE:
	case AST_OP_GT:
	case AST_OP_GE:
		if (ta->ptr && tb->ptr ? ptr_compat(g, ta, tb) :
		    ta->ptr	       ? const_zero(g, e->u.binary.rhs, tb) :
					 const_zero(g, e->u.binary.lhs, ta))
			return 0;
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"%s\" %s \"%s\"",
				cg_ct_name(g, ta, b1, sizeof(b1)), ast_op_str(op),
				cg_ct_name(g, tb, b2, sizeof(b2)));
	default:
		return 0;
	}
}

/*
 * LT = RT (E the assignment): a pointer takes a compatible pointer or a
 * constant 0, an integer no pointer (without a cast). Returns -1 after the
 * error.
 */
static int ptr_assign_check(struct cg *g, const struct ast_expr *e, const struct ct *lt,
			    const struct ct *rt)
{
	char b1[128], b2[128];

	if (lt->kind != CT_INT || rt->kind != CT_INT || (!lt->ptr && !rt->ptr))
		return 0;
	if (lt->ptr && (rt->ptr ? ptr_compat(g, lt, rt) : const_zero(g, e->u.binary.rhs, rt)))
		return 0;
	return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
			"operands have incompatible types: \"%s\" = \"%s\"",
			cg_ct_name(g, lt, b1, sizeof(b1)), cg_ct_name(g, rt, b2, sizeof(b2)));
}

/*
 * *p = *q, p->s = q->s: a struct or union copied whole (BCOPY of its
 * sizeof bytes from the right side's address to the left side's, which,
 * as any store, must be the clause's scratch). Both must be the same type.
 */
static int sou_store(struct cg *g, const struct ast_expr *e, const struct ast_expr *lhs, int r,
		     const struct ct *rt, const struct ct *lt, struct ct *t)
{
	struct ct pt, rc = *rt;
	char b1[64], b2[64];
	int ra, rs;

	if (rt->kind != CT_SOU || !same_type_name(g, lt, rt)) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"%s\" = \"%s\"",
				cg_ct_name(g, lt, b1, sizeof(b1)),
				rt->kind == CT_STR ? "string" : cg_ct_name(g, rt, b2, sizeof(b2)));
	}
	cg_btf_addr(g, r, &rc);
	ra = lvalue_addr(g, lhs, &pt);
	if (ra < 0)
		return -1;
	rs = cg_load_const(g, lt->size, e->loc);
	if (rs < 0)
		return -1;
	cg_emit(g, SPT_OP_MCPY, ra, r, rs, SPT_MCPY_BCOPY);
	cg_reg_free(g, rs);
	cg_reg_free(g, r);
	*t = *lt;
	t->koff = 0;
	return g->err ? -1 : ra;
}

/*
 * LHS op= the value in register R (type RT), LHS an object reached through
 * a pointer (ptr_lvalue()); R < 0: ++ or -- by INC (1 or -1), the value
 * before it the result when POST. Like DTrace, memory a D program may
 * write is its clause's scratch (alloca, copyin): the VM's STX faults
 * BADADDR for any other address when the probe fires.
 */
static int ptr_store(struct cg *g, const struct ast_expr *e, const struct ast_expr *lhs,
		     enum ast_op op, int r, const struct ct *rt, int inc, bool post, struct ct *t)
{
	unsigned int saved = g->regs;
	size_t ni = g->img->ninsns;
	struct ct lt, pt;
	char lv_op[8], b1[64], b2[64];
	int ra, rl;

	if (r < 0)
		snprintf(lv_op, sizeof(lv_op), "%s", inc > 0 ? "++" : "--");
	else
		snprintf(lv_op, sizeof(lv_op), "%s=", op == AST_OP_ASSIGN ? "" : ast_op_str(op));
	/* the object's type, from code made only to be dropped */
	rl = cg_expr(g, lhs, &lt);
	if (rl < 0)
		goto fail;
	g->img->ninsns = ni;
	g->regs = saved;
	if ((lt.kind == CT_STR && lt.btf) || lt.kind == CT_ARR) {
		struct ct at = lt;

		if (lt.kind == CT_STR && cg_btf_ct(g, lt.btf, &at, lhs->loc))
			goto fail;
		cg_error(g, DIAG_OP_ARRFUN, e->loc,
			 "operator %s may not be applied to operand of type \"%s\"", lv_op,
			 cg_ct_name(g, &at, b1, sizeof(b1)));
		goto fail;
	}
	if (lt.kind == CT_SOU && r >= 0 && op == AST_OP_ASSIGN)
		return sou_store(g, e, lhs, r, rt, &lt, t);
	if (lt.kind != CT_INT) {
		cg_error(g, DIAG_UNSUPPORTED, e->loc,
			 "not supported yet: operator %s of a %s through a pointer", lv_op,
			 cg_ct_name(g, &lt, b1, sizeof(b1)));
		goto fail;
	}
	if (r >= 0 && rt->kind != CT_INT) {
		cg_error(g, DIAG_OP_INCOMPAT, e->loc,
			 "operands have incompatible types: \"%s\" %s \"%s\"",
			 cg_ct_name(g, &lt, b1, sizeof(b1)), lv_op,
			 cg_type_name(rt, b2, sizeof(b2)));
		goto fail;
	}
	if (r >= 0 && op == AST_OP_ASSIGN && ptr_assign_check(g, e, &lt, rt))
		goto fail;
	if (r < 0 && lt.ptr && !elem_size(&lt)) {
		cg_error(g, DIAG_OP_VFPTR, e->loc, "operator %s requires an operand of known size",
			 lv_op);
		goto fail;
	}
	ra = lvalue_addr(g, lhs, &pt);
	if (ra < 0)
		goto fail;
	if (r < 0 || op != AST_OP_ASSIGN) {
		/* the value there now, for op= and ++ */
		rl = cg_reg_alloc(g, e->loc);
		if (rl < 0)
			goto fail;
		cg_emit(g, SPT_OP_LDX, rl, ra, (int)(lt.ptr ? 8 : lt.size), 0);
		cg_narrow(g, rl, &lt);
		if (r < 0) {
			r = cg_reg_alloc(g, e->loc);
			if (r < 0)
				goto fail;
			/* a pointer moves by its element's size */
			cg_emit(g, SPT_OP_LDI, r, 0, 0,
				inc * (int32_t)(lt.ptr && elem_size(&lt) ? elem_size(&lt) : 1));
			if (post) {
				int k = cg_reg_alloc(g, e->loc);

				if (k < 0)
					goto fail;
				cg_emit(g, SPT_OP_ADD, k, rl, r, 0);
				cg_narrow(g, k, &lt);
				cg_emit(g, SPT_OP_STX, 0, ra, k, (int32_t)(lt.ptr ? 8 : lt.size));
				cg_reg_free(g, k);
				cg_reg_free(g, r);
				cg_reg_free(g, ra);
				*t = lt;
				return rl;
			}
			cg_emit(g, SPT_OP_ADD, r, rl, r, 0);
			cg_reg_free(g, rl);
		} else {
			struct ct res;

			if (ptr_step(g, op, &lt, r, e->loc))
				goto fail;
			binop(g, op, rl, r, &lt, op == AST_OP_DIV || op == AST_OP_MOD ? &lt : rt,
			      &res, e->loc);
			cg_reg_free(g, r);
			r = rl;
		}
	}
	cg_narrow(g, r, &lt);
	cg_emit(g, SPT_OP_STX, 0, ra, r, (int32_t)(lt.ptr ? 8 : lt.size));
	cg_reg_free(g, ra);
	*t = lt;
	return g->err ? -1 : r;
fail:
	if (r >= 0)
		cg_reg_free(g, r);
	return -1;
}

static int assign(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const struct ast_expr *lhs = e->u.binary.lhs;
	enum ast_op op = e->u.binary.op;
	struct cg_var *v;
	struct ct rt, lt;
	int64_t z;
	int r, rl;

	if ((op == AST_OP_DIV || op == AST_OP_MOD) && cg_const_fold(g, e->u.binary.rhs, &z) && !z)
		return cg_error(g, DIAG_DIV_ZERO, e->loc, "expression contains division by zero");
	if (lhs->kind == AST_INDEX && lhs->u.index.base->kind == AST_AGG)
		return agg_mdim(g, lhs);
	/* the left side is checked first: (@a = count()) = count() is no lvalue */
	if (lhs->kind != AST_IDENT && lhs->kind != AST_INDEX && lhs->kind != AST_MEMBER &&
	    lhs->kind != AST_AGG && !(lhs->kind == AST_UNARY && lhs->u.unary.op == AST_OP_DEREF))
		return cg_error(g, DIAG_OP_LVAL, lhs->loc,
				"operator %s%s requires modifiable lvalue as an operand",
				op == AST_OP_ASSIGN ? "" : ast_op_str(op), "=");
	r = cg_expr(g, e->u.binary.rhs, &rt);
	if (r < 0)
		return -1;
	if (op == AST_OP_ASSIGN && null_to_string(g, lhs, e->u.binary.rhs, &rt))
		rt = ct_str; /* R holds 0, the NULL string reference */
	if (ptr_lvalue(g, lhs))
		return ptr_store(g, e, lhs, op, r, &rt, 0, false, t);
	if (lhs->kind == AST_INDEX)
		return assoc_assign(g, e, r, &rt, t);
	/* x op= e and x++ create x like x = e does, starting from 0. */
	char lv_op[8];

	snprintf(lv_op, sizeof(lv_op), "%s=", op == AST_OP_ASSIGN ? "" : ast_op_str(op));
	if (const_name(g, lhs)) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_OP_LVAL, lhs->loc,
				"operator %s requires modifiable lvalue as an operand", lv_op);
	}
	/* x op= e reads x: D wants it assigned or declared before (only ++ creates). */
	if (op != AST_OP_ASSIGN && lhs->kind == AST_IDENT &&
	    !cg_var_find(g, lhs->u.ident.scope, lhs->u.ident.name) &&
	    !(lhs->u.ident.scope == AST_SCOPE_GLOBAL && builtin_find(lhs->u.ident.name))) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_VAR_UNDEF, lhs->loc,
				"%s%s has not yet been declared or assigned",
				cg_scope_prefix(lhs->u.ident.scope), lhs->u.ident.name);
	}
	if (lvalue_var(g, lhs, &v, true, &rt, lv_op)) {
		cg_reg_free(g, r);
		return -1;
	}
	if (rt.kind != v->type.kind ||
	    ((rt.kind == CT_SOU || rt.kind == CT_ARR) &&
	     (op != AST_OP_ASSIGN || !same_type_name(g, &v->type, &rt)))) {
		char b1[128], b2[128];

		cg_reg_free(g, r);
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"%s\" %s \"%s\"",
				cg_ct_name(g, &v->type, b1, sizeof(b1)), lv_op,
				cg_ct_name(g, &rt, b2, sizeof(b2)));
	}
	if (op == AST_OP_ASSIGN && ptr_assign_check(g, e, &v->type, &rt)) {
		cg_reg_free(g, r);
		return -1;
	}
	if (rt.kind == CT_SOU || rt.kind == CT_ARR) {
		cg_btf_addr(g, r, &rt);
		var_store(g, v, r);
		var_load(g, v, r); /* the expression's value: the variable's copy */
		*t = v->type;
		return g->err ? -1 : r;
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
		if (ptr_step(g, op, &lt, r, e->loc))
			return -1;
		/* /= and %= divide as the left operand's type is signed or not */
		binop(g, op, rl, r, &lt, op == AST_OP_DIV || op == AST_OP_MOD ? &lt : &rt, &rt,
		      e->loc);
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

	if (ptr_lvalue(g, e->u.unary.operand))
		return ptr_store(g, e, e->u.unary.operand, op, -1, NULL, inc ? 1 : -1, post, t);
	/* The lvalue: an array element (its key now built) or a variable. */
	if (elem ? assoc_prepare(g, e->u.unary.operand, ast_op_str(op), &it, &v) :
		   lvalue_var(g, e->u.unary.operand, &v, true, NULL, ast_op_str(op)))
		return -1;
	if (v->type.kind != CT_INT)
		return cg_error(g, DIAG_OP_SCALAR, e->loc,
				"operator %s requires operand of scalar type", ast_op_str(op));
	if (v->type.ptr && !elem_size(&v->type))
		return cg_error(g, DIAG_OP_VFPTR, e->loc,
				"operator %s requires an operand of known size", ast_op_str(op));
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
	/* a pointer moves by its element's size */
	cg_emit(g, SPT_OP_LDI, one, 0, 0, v->type.ptr ? (int32_t)elem_size(&v->type) : 1);
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

/*
 * stringof of a scalar, pointer or array: the characters at that kernel
 * address, at most strsize (an array: its size), NULL faults BADADDR.
 */
static int stringof_addr(struct cg *g, int r, struct ct *ot, struct ct *t, struct ast_loc loc)
{
	unsigned int n = SPT_STRSIZE;
	int slot;

	if (ot->kind != CT_INT && ot->kind != CT_ARR) {
		char tn[128];

		cg_reg_free(g, r);
		return cg_error(g, DIAG_STRINGOF_TYPE, loc,
				"cannot apply stringof to a value of type %s",
				cg_ct_name(g, ot, tn, sizeof(tn)));
	}
	if (ot->kind == CT_ARR) {
		cg_btf_addr(g, r, ot);
		if (ot->size && ot->size < n)
			n = ot->size;
	}
	slot = str_slot(g, loc);
	if (slot < 0)
		return -1;
	cg_emit(g, SPT_OP_KSTRX, r, r, slot, (int32_t)n);
	*t = ct_str;
	t->size = n;
	return g->err ? -1 : r;
}

static int unary(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	enum ast_op op = e->u.unary.op;
	struct ct ot;
	int r;

	switch (op) {
	case AST_OP_PREINC:
	case AST_OP_PREDEC:
	case AST_OP_POSTINC:
	case AST_OP_POSTDEC:
		return incdec(g, e, t);
	case AST_OP_SIZEOF: {
		/* sizeof expr: the type's size; the operand is not evaluated. */
		unsigned int saved = g->regs;
		size_t ni = g->img->ninsns;
		const struct ast_expr *o = e->u.unary.operand;
		struct cg_var *av;

		/* an associative array or aggregation has no size (dtrace: <DYN>) */
		if (o->kind == AST_AGG ||
		    (o->kind == AST_IDENT &&
		     (av = cg_var_find(g, o->u.ident.scope, o->u.ident.name)) && av->assoc))
			return cg_error(g, DIAG_SIZEOF_TYPE, e->loc,
					"cannot apply sizeof to an operand of unknown size");
		g->bitfield = false;
		r = cg_expr(g, e->u.unary.operand, &ot);
		if (r < 0)
			return -1;
		g->img->ninsns = ni;
		g->regs = saved;
		*t = ct_uint64;
		if (o->kind == AST_MEMBER && g->bitfield)
			return cg_error(g, DIAG_SIZEOF_BITFIELD, e->loc,
					"cannot apply sizeof to a bit-field");
		/* A char array read as a string keeps the array's size. */
		if (ot.kind == CT_STR && ot.btf)
			return load_const(g, dtype_size(&g->dt, ot.btf), e->loc);
		/* A string's size is strsize whatever its value (sizeof "lit" folds). */
		if (ot.kind == CT_STR)
			return load_const(g, SPT_STRSIZE, e->loc);
		if ((ot.kind == CT_SOU || ot.kind == CT_ARR) && ot.size)
			return load_const(g, ot.size, e->loc);
		if (ot.kind != CT_INT)
			return cg_error(g, DIAG_SIZEOF_TYPE, e->loc,
					"cannot apply sizeof to an operand of unknown size");
		return load_const(g, ot.ptr ? 8 : ot.size, e->loc);
	}
	case AST_OP_DEREF:
		r = cg_expr(g, e->u.unary.operand, &ot);
		if (r < 0)
			return -1;
		if (ot.btf && (ot.kind == CT_ARR || (ot.kind == CT_INT && ot.ptr)))
			return cg_btf_deref(g, r, &ot, t, e->loc);
		if (ot.kind == CT_INT && !ot.ptr) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_DEREF_NONPTR, e->loc,
					"cannot dereference non-pointer type");
		}
		if (ot.kind == CT_INT && ot.ptr == 1 && !ot.psize) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_DEREF_VOID, e->loc,
					"cannot dereference pointer to void");
		}
		if (ot.kind == CT_INT && ot.ptr > 1) {
			/* a pointer to a pointer: the 8-byte address one level down */
			cg_emit(g, SPT_OP_LDX, r, r, 8, 0);
			*t = ot;
			t->ptr--;
			return r;
		}
		if (ot.kind != CT_INT || ot.ptr != 1 || !ot.psize) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
					"operator * requires a pointer to an integer type");
		}
		cg_emit(g, SPT_OP_LDX, r, r, (int)ot.psize, 0);
		*t = (struct ct){ CT_INT, ot.psize, ot.psign, 0, 0, false, 0, 0, NULL };
		cg_narrow(g, r, t);
		return r;
	case AST_OP_STRINGOF:
		r = cg_expr(g, e->u.unary.operand, &ot);
		if (r < 0)
			return -1;
		if (ot.kind != CT_STR)
			return stringof_addr(g, r, &ot, t, e->loc);
		*t = ot;
		return r;
	case AST_OP_ADDR: {
		const struct ast_expr *o = e->u.unary.operand;

		if (o->kind == AST_MEMBER) {
			/* cg_btf_load() gives the member's address instead of its value */
			g->want_addr = true;
			g->keep_array = true;
			r = cg_expr(g, o, t);
			g->want_addr = false;
			g->keep_array = false;
			return r;
		}
		if (o->kind == AST_UNARY && o->u.unary.op == AST_OP_DEREF) {
			r = cg_expr(g, o->u.unary.operand, t);
			if (r >= 0 && (t->kind != CT_INT || !t->ptr)) {
				cg_reg_free(g, r);
				return cg_error(g, DIAG_DEREF_NONPTR, e->loc,
						"cannot dereference non-pointer type");
			}
			return r;
		}
		if (o->kind == AST_INDEX && o->u.index.base->kind != AST_AGG &&
		    !index_names_array(g, o->u.index.base) &&
		    !(o->u.index.base->kind == AST_IDENT &&
		      o->u.index.base->u.ident.scope == AST_SCOPE_GLOBAL &&
		      !cg_var_find(g, AST_SCOPE_GLOBAL, o->u.index.base->u.ident.name) &&
		      cg_is_builtin(o->u.index.base->u.ident.name))) {
			/* &p[i], &a[i]: the element's address */
			g->index_addr = true;
			r = value_index(g, o, t);
			g->index_addr = false;
			return r;
		}
		if (o->kind == AST_IDENT && strchr(o->u.ident.name, '`'))
			return cg_error(
				g, DIAG_UNSUPPORTED, e->loc,
				"not supported: kernel variables (%s): the kernel's BTF has no types for them",
				o->u.ident.name);
		if (o->kind == AST_IDENT || o->kind == AST_AGG || o->kind == AST_INDEX)
			return cg_error(g, DIAG_ADDROF_VAR, e->loc,
					"cannot take address of dynamic variable");
		return cg_error(g, DIAG_ADDROF_LVAL, e->loc,
				"unacceptable operand for unary & operator");
	}
	default:
		break;
	}
	r = expr_operand(g, e->u.unary.operand, &ot, op, NULL, e->loc);
	if (r < 0)
		return -1;
	if (ot.ptr && op != AST_OP_LNOT) {
		cg_reg_free(g, r);
		return op_type_error(g, e->loc, op, NULL, &ot); /* not arithmetic, not integral */
	}
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

	r = expr_operand(g, e->u.binary.lhs, &ta, op, NULL, e->loc);
	if (r < 0)
		return -1;
	if (op == AST_OP_LXOR) {
		rb = expr_operand(g, e->u.binary.rhs, &tb, op, NULL, e->loc);
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
	rb = expr_operand(g, e->u.binary.rhs, &tb, op, NULL, e->loc);
	if (rb < 0)
		return -1;
	cg_emit(g, SPT_OP_LNOT, r, rb, 0, 0);
	cg_emit(g, SPT_OP_LNOT, r, r, 0, 0);
	cg_reg_free(g, rb);
	patch_here(g, j);
	*t = ct_int;
	return r;
}

static bool is_action_call(const struct ast_expr *e);

static int ternary(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct ct tc, t1, t2;
	int rc, r1, r2, jf, je;
	uint64_t c;

	/* As dtrace, a constant condition is replaced by its branch before any check. */
	if (fold(g, e->u.ternary.cond, &c, &tc))
		return cg_expr(g, c ? e->u.ternary.then : e->u.ternary.otherwise, t);
	if (g->err)
		return -1;
	if (e->u.ternary.then->kind == AST_AGG || e->u.ternary.otherwise->kind == AST_AGG)
		return cg_error(g, DIAG_OP_DYN, e->loc,
				"operator ?: operands cannot be of dynamic type");
	if (is_action_call(e->u.ternary.then) || is_action_call(e->u.ternary.otherwise))
		return cg_error(g, DIAG_OP_ACT, e->loc,
				"action cannot be used in a conditional context");
	rc = cg_expr(g, e->u.ternary.cond, &tc);
	if (rc >= 0 && tc.kind != CT_INT) {
		cg_reg_free(g, rc);
		return cg_error(g, DIAG_OP_SCALAR, e->loc,
				"operator ?: expression must be of scalar type");
	}
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
				"operator ?: operands must have compatible types");
	/* pointers: the left one's type wins; a pointer and a constant 0 are the pointer's */
	if (t1.kind == CT_INT && (t1.ptr || t2.ptr)) {
		if (t1.ptr && (t2.ptr ? ptr_compat(g, &t1, &t2) :
					const_zero(g, e->u.ternary.otherwise, &t2))) {
			*t = t1;
			return rc;
		}
		if (!t1.ptr && const_zero(g, e->u.ternary.then, &t1)) {
			*t = t2;
			return rc;
		}
		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operator ?: operands must have compatible types");
	}
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
	/* a char array member cast to a pointer or string is its address, not a string */
	g->keep_array = (to.ptr || to.kind == CT_STR) && e->u.cast.operand->kind == AST_MEMBER;
	r = cg_expr(g, e->u.cast.operand, &from);
	g->keep_array = false;
	if (r < 0)
		return -1;
	if (to.kind == CT_VOID) {
		*t = to; /* evaluated for its effects, no value */
		return r;
	}
	if (to.kind == CT_STR &&
	    (from.kind == CT_STR || from.kind == CT_INT || from.kind == CT_ARR)) {
		if (from.kind == CT_STR) {
			*t = from;
			return r;
		}
		return stringof_addr(g, r, &from, t, e->loc); /* the characters at that address */
	}
	if (to.kind == CT_INT && to.ptr && from.kind == CT_ARR) {
		cg_btf_addr(g, r, &from); /* an array decays to its first element's address */
		*t = to;
		return r;
	}
	if ((to.kind == CT_SOU || to.kind == CT_ARR) && from.kind == to.kind && to.btf &&
	    to.btf == from.btf) {
		*t = from; /* the same type: nothing to convert */
		return r;
	}
	if (to.kind != CT_INT || from.kind != CT_INT) {
		char b1[128], b2[128];

		cg_reg_free(g, r);
		return cg_error(g, DIAG_CAST_INVAL, e->loc,
				"invalid cast expression: \"%s\" to \"%s\"",
				cg_ct_name(g, &from, b1, sizeof(b1)),
				cg_ct_name(g, &to, b2, sizeof(b2)));
	}
	if (cast_changes(&from, &to))
		cg_narrow(g, r, &to);
	*t = to;
	return r;
}

static int call_expr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.call.name;

	(void)t;
	if (!strcmp(name, "trace") || !strcmp(name, "printf") || !strcmp(name, "exit"))
		return cg_error(
			g, DIAG_CG_EXPR, e->loc,
			"tracing function %s( ) may not be called from a D expression (D program context required)",
			name);
	if (!strcmp(name, "copyinstr") || !strcmp(name, "strlen") || !strcmp(name, "stringof"))
		return subr(g, e, t);
	if (!strcmp(name, "speculation")) {
		int r;

		if (e->u.call.nargs)
			return cg_error(
				g, DIAG_PROTO_LEN, e->loc,
				"speculation( ) prototype mismatch: %zu arg%s passed, 0 expected",
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
		r = cg_reg_alloc(g, e->loc);
		if (r < 0)
			return -1;
		cg_emit(g, SPT_OP_SPECN, r, 0, 0, 0);
		g->uses_spec = true;
		*t = ct_int;
		return r;
	}
	if (!strcmp(name, "speculate") || !strcmp(name, "commit") || !strcmp(name, "discard"))
		return cg_error(
			g, DIAG_CG_EXPR, e->loc,
			"tracing function %s( ) may not be called from a D expression (D program context required)",
			name);
	if (cg_is_aggfunc(name))
		return cg_error(
			g, DIAG_CG_EXPR, e->loc,
			"aggregating function %s( ) may not be called from a D expression (D program context required)",
			name);
	if (!strcmp(name, "printa") || !strcmp(name, "clear") || !strcmp(name, "trunc") ||
	    !strcmp(name, "normalize") || !strcmp(name, "denormalize") || !strcmp(name, "stack") ||
	    !strcmp(name, "ustack") || !strcmp(name, "tracemem") || cg_sym_type(e) >= 0)
		return cg_error(
			g, DIAG_CG_EXPR, e->loc,
			"tracing function %s( ) may not be called from a D expression (D program context required)",
			name);
	if (cg_is_strsubr(name))
		return cg_strsubr(g, e, t);
	if (!strcmp(name, "progenyof"))
		return cg_progenyof(g, e, t);
	if (!strcmp(name, "d_path"))
		return d_path(g, e, t);
	if (!strcmp(name, "__spt_dpath"))
		return cg_dpath(g, e, t);
	if (!strcmp(name, "alloca") || !strcmp(name, "copyin") || !strcmp(name, "copyinto") ||
	    !strcmp(name, "bcopy"))
		return cg_memsubr(g, e, t);
	if (cg_is_intsubr(name))
		return cg_intsubr(g, e, t);
	if (cg_refused(g, e) <= 0)
		return -1;
	if (in_list(name, strfuncs, sizeof(strfuncs) / sizeof(strfuncs[0])))
		return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: %s( )", name);
	{
		const struct cg_var *v = cg_var_find(g, AST_SCOPE_GLOBAL, name);

		if (v || cg_is_builtin(name))
			return cg_error(g, DIAG_FUNC_IDKIND, e->loc,
					"%s '%s' may not be referenced as a function",
					v && v->assoc ? "associative array" : "scalar", name);
	}
	return cg_error(g, DIAG_FUNC_UNDEF, e->loc, "undefined function name: %s", name);
}

/* LHS (string, in RA) op RHS for ==, !=, <, <=, >, >=: strcmp's sign, compared with 0. */
static int string_compare(struct cg *g, const struct ast_expr *e, int ra, struct ct *t)
{
	enum ast_op op = e->u.binary.op;
	struct ct tb, tz = ct_int, tc = ct_int;
	int rb, rz;

	if (op != AST_OP_EQ && op != AST_OP_NE && op != AST_OP_LT && op != AST_OP_LE &&
	    op != AST_OP_GT && op != AST_OP_GE) {
		struct ct rt;
		int rr;

		cg_reg_free(g, ra);
		rr = cg_expr(g, e->u.binary.rhs, &rt);
		if (rr < 0)
			return -1;
		cg_reg_free(g, rr);
		return op_type_error(g, e->loc, op, &ct_str, &rt);
	}
	if ((op == AST_OP_EQ || op == AST_OP_NE) && cg_is_null(e->u.binary.rhs))
		return cg_str_null_compare(g, op, ra, t);
	rb = cg_expr(g, e->u.binary.rhs, &tb);
	if (rb < 0)
		return -1;
	if (tb.kind != CT_STR) {
		cg_reg_free(g, ra);
		cg_reg_free(g, rb);
		char b[32];

		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"string\" %s \"%s\"",
				ast_op_str(op), cg_type_name(&tb, b, sizeof(b)));
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

	bool cpy = !strcmp(name, "copyinstr");

	if (e->u.call.nargs != 1 && !(cpy && e->u.call.nargs == 2)) {
		if (cpy)
			return cg_error(
				g, DIAG_PROTO_LEN, e->loc,
				"copyinstr( ) prototype mismatch: %zu arg%s passed, %s expected",
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s",
				e->u.call.nargs ? "at most 2" : "at least 1");
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, 1 expected", name,
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	}
	r = cg_expr(g, e->u.call.args[0], &at);
	if (r < 0)
		return -1;
	if (cpy) {
		struct ct mt;
		int rm = -1;

		if (at.kind != CT_INT) {
			char tn[128];

			cg_reg_free(g, r);
			return cg_error(
				g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
				"copyinstr( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: %s",
				cg_ct_name(g, &at, tn, sizeof(tn)));
		}
		if (e->u.call.nargs == 2) {
			rm = cg_expr(g, e->u.call.args[1], &mt);
			if (rm < 0)
				return -1;
			if (mt.kind != CT_INT || mt.ptr) {
				char tn[128];

				return cg_error(
					g, DIAG_PROTO_ARG, e->u.call.args[1]->loc,
					"copyinstr( ) argument #2 is incompatible with prototype:\n\tprototype: size_t\n\t argument: %s",
					cg_ct_name(g, &mt, tn, sizeof(tn)));
			}
		}
		slot = str_slot(g, e->loc);
		if (slot < 0)
			return -1;
		cg_emit(g, SPT_OP_CPYIN, r, r, slot, rm + 1);
		if (rm >= 0)
			cg_reg_free(g, rm);
		*t = ct_str;
		return r;
	}
	if (at.kind != CT_STR && !strcmp(name, "stringof"))
		return stringof_addr(g, r, &at, t, e->loc);
	if (at.kind == CT_INT && at.ptr == 1 && at.psize == 1) {
		/* strlen(char *): a NULL pointer faults, an unreadable one is 0 long */
		slot = str_slot(g, e->loc);
		if (slot < 0)
			return -1;
		cg_emit(g, SPT_OP_KSTRX, r, r, slot | SPT_KSTRX_SOFT, SPT_STRSIZE);
		at = ct_str;
	}
	if (at.kind != CT_STR) {
		char tn[128];

		cg_reg_free(g, r);
		return cg_error(
			g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: const char *\n\t argument: %s",
			name, cg_ct_name(g, &at, tn, sizeof(tn)));
	}
	if (!strcmp(name, "strlen")) {
		cg_emit(g, SPT_OP_SLEN, r, r, 0, 0);
		*t = ct_uint64;
		return r;
	}
	*t = at; /* stringof( ) of a string, its bound too */
	return r;
}

/*
 * Pointer + integer, integer + pointer, pointer - integer (the integer
 * scaled by the element size, the pointer's type), pointer - pointer of
 * the same type (the element count, a ptrdiff_t); and, as dtrace-utils
 * treats a string like a char pointer, integer + string. RA and RB hold
 * the operands; B is freed.
 */
static int ptr_arith(struct cg *g, const struct ast_expr *e, int ra, int rb, const struct ct *ta,
		     const struct ct *tb, struct ct *t)
{
	bool sub = e->u.binary.op == AST_OP_SUB;
	const struct ct *pt = ta->ptr ? ta : tb;
	unsigned int size = elem_size(pt);
	int k;

	if (tb->kind == CT_STR) {
		if (sub || ta->ptr) {
			cg_reg_free(g, ra);
			cg_reg_free(g, rb);
			char b1[128];

			return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
					"operands have incompatible types: \"%s\" %s \"string\"",
					cg_ct_name(g, ta, b1, sizeof(b1)), sub ? "-" : "+");
		}
		cg_emit(g, SPT_OP_ADD, ra, ra, rb, 0);
		cg_reg_free(g, rb);
		*t = *tb;
		return g->err ? -1 : ra;
	}
	if (!size ||
	    (ta->ptr && tb->ptr && (!sub || ta->ptr != tb->ptr || ta->psize != tb->psize)) ||
	    (sub && !ta->ptr)) {
		cg_reg_free(g, ra);
		cg_reg_free(g, rb);
		char b1[128], b2[128];

		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"%s\" %s \"%s\"",
				cg_ct_name(g, ta, b1, sizeof(b1)), sub ? "-" : "+",
				cg_ct_name(g, tb, b2, sizeof(b2)));
	}
	k = cg_reg_alloc(g, e->loc);
	if (k < 0)
		return -1;
	cg_emit(g, SPT_OP_LDI, k, 0, 0, (int32_t)size);
	if (ta->ptr && tb->ptr) {
		cg_emit(g, SPT_OP_SUB, ra, ra, rb, 0);
		if (size > 1)
			cg_emit(g, SPT_OP_SDIV, ra, ra, k, 0);
		*t = ct_int64;
	} else {
		int ri = ta->ptr ? rb : ra;

		if (size > 1)
			cg_emit(g, SPT_OP_MUL, ri, ri, k, 0);
		cg_emit(g, sub ? SPT_OP_SUB : SPT_OP_ADD, ra, ra, rb, 0);
		*t = *pt;
	}
	cg_reg_free(g, k);
	cg_reg_free(g, rb);
	return g->err ? -1 : ra;
}

/* String + integer, string - integer: the reference moved, as dtrace-utils moves a char pointer. */
static int str_arith(struct cg *g, const struct ast_expr *e, int ra, const struct ct *ta,
		     struct ct *t)
{
	struct ct tb;
	int rb = cg_expr(g, e->u.binary.rhs, &tb);

	if (rb < 0)
		return -1;
	if (tb.kind != CT_INT || tb.ptr) {
		cg_reg_free(g, ra);
		cg_reg_free(g, rb);
		char b2[128];

		return cg_error(g, DIAG_OP_INCOMPAT, e->loc,
				"operands have incompatible types: \"string\" %s \"%s\"",
				ast_op_str(e->u.binary.op), cg_ct_name(g, &tb, b2, sizeof(b2)));
	}
	cg_emit(g, e->u.binary.op == AST_OP_SUB ? SPT_OP_SUB : SPT_OP_ADD, ra, ra, rb, 0);
	cg_reg_free(g, rb);
	*t = *ta;
	return g->err ? -1 : ra;
}

/* An action's name: the comma operator refuses them as operands (D_OP_ACT). */
static bool is_action_call(const struct ast_expr *e)
{
	static const char *const acts[] = {
		"trace", "printf", "printa",	"exit",	       "speculate", "commit", "discard",
		"clear", "trunc",  "normalize", "denormalize", "raise",	    "stop",   "system",
	};

	return e->kind == AST_CALL && in_list(e->u.call.name, acts, sizeof(acts) / sizeof(acts[0]));
}

/* a, b: a for its effects, then b, whose type and value the expression has. */
static int comma(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct ct lt;
	int r;

	if (is_action_call(e->u.binary.lhs) || is_action_call(e->u.binary.rhs))
		return cg_error(g, DIAG_OP_ACT, e->loc, "operator , operands cannot be actions");
	if (e->u.binary.lhs->kind == AST_AGG || e->u.binary.rhs->kind == AST_AGG)
		return cg_error(g, DIAG_OP_DYN, e->loc,
				"operator , operands cannot be of dynamic type");
	r = cg_expr(g, e->u.binary.lhs, &lt);
	if (r < 0)
		return -1;
	cg_reg_free(g, r);
	return cg_expr(g, e->u.binary.rhs, t);
}

int cg_expr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct ct ta, tb;
	int ra, rb;

	if (g->err)
		return -1;
	switch (e->kind) {
	case AST_INT:
	case AST_CHAR:
	case AST_IDENT:
	case AST_SIZEOF_TYPE:
	case AST_CAST:
	case AST_UNARY:
	case AST_BINARY:
	case AST_TERNARY:
	case AST_OFFSETOF: {
		uint64_t v;

		if (fold(g, e, &v, t))
			return load_const(g, v, e->loc);
		if (g->err)
			return -1;
		break;
	}
	default:
		break;
	}
	switch (e->kind) {
	case AST_INT:
	case AST_CHAR:
		return -1; /* folded above */
	case AST_STRING:
		return load_string(g, e->u.str.s, e->u.str.len, e->loc, t);
	case AST_IDENT:
		return ident(g, e, t);
	case AST_MACRO:
		return macro_value(g, e, t);
	case AST_AGG:
		cg_error(g, DIAG_AGG_SCALAR, e->loc,
			 "aggregation @%s has no value in an expression: print it with printa( )",
			 e->u.agg.name[0] ? e->u.agg.name : "_");
		return -1;
	case AST_UNARY:
		return unary(g, e, t);
	case AST_BINARY:
		if (e->u.binary.op == AST_OP_COMMA)
			return comma(g, e, t);
		if (e->u.binary.op == AST_OP_LAND || e->u.binary.op == AST_OP_LOR ||
		    e->u.binary.op == AST_OP_LXOR)
			return logical(g, e, t);
		if (e->u.binary.op == AST_OP_DIV || e->u.binary.op == AST_OP_MOD) {
			int64_t z;

			if (cg_const_fold(g, e->u.binary.rhs, &z) && !z)
				return cg_error(g, DIAG_DIV_ZERO, e->loc,
						"expression contains division by zero");
		}
		ra = cg_expr(g, e->u.binary.lhs, &ta);
		if (ra < 0)
			return -1;
		if (ta.kind == CT_STR &&
		    (e->u.binary.op == AST_OP_ADD || e->u.binary.op == AST_OP_SUB))
			return str_arith(g, e, ra, &ta, t);
		if (ta.kind == CT_STR)
			return string_compare(g, e, ra, t);
		if (ta.kind != CT_INT) {
			cg_reg_free(g, ra);
			return op_type_error(g, e->loc, e->u.binary.op, NULL, &ta);
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
		} else if (e->u.binary.op == AST_OP_ADD) {
			/* integer + string is a string (dtrace-utils), see ptr_arith() */
			rb = cg_expr(g, e->u.binary.rhs, &tb);
			if (rb >= 0 && tb.kind != CT_INT && tb.kind != CT_STR) {
				cg_reg_free(g, ra);
				cg_reg_free(g, rb);
				return cg_error(g, DIAG_OP_INT, e->u.binary.rhs->loc,
						"%s requires an integer operand",
						ast_op_str(e->u.binary.op));
			}
		} else {
			rb = expr_operand(g, e->u.binary.rhs, &tb, e->u.binary.op, &ta, e->loc);
		}
		if (rb < 0)
			return -1;
		if (ptr_operands(g, e, &ta, &tb)) {
			cg_reg_free(g, ra);
			cg_reg_free(g, rb);
			return -1;
		}
		if ((e->u.binary.op == AST_OP_ADD || e->u.binary.op == AST_OP_SUB) &&
		    (ta.ptr || tb.ptr || tb.kind == CT_STR))
			return ptr_arith(g, e, ra, rb, &ta, &tb, t);
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
		if (st.kind == CT_VOID || ((st.kind == CT_SOU || st.kind == CT_ARR) && !st.size))
			return cg_error(g, DIAG_SIZEOF_TYPE, e->loc,
					"cannot apply sizeof to an operand of unknown size");
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
		return cg_member(g, e, t);
	case AST_OFFSETOF:
		return -1; /* folded above, or an error */
	}
	cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported: this expression");
	return -1;
}
