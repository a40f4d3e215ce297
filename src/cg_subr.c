/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator, D's integer subroutines: rand(), the byte-order
 * conversions (htons, htonl, htonll, ntohs, ntohl, ntohll) and getmajor(),
 * getminor(), compiled to plain VM arithmetic; and the subroutines and
 * actions of DTrace that spectrace refuses, each with one line saying why.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <linux/types.h>

#include "abi/isa.h"
#include "cg_priv.h"
#include "diag.h"

struct intsubr {
	const char *name;
	unsigned int nargs;
	unsigned int size; /* bytes swapped (byte order), 0: other */
	int kind;	   /* 0: byte order, 1: getmajor, 2: getminor, 3: rand */
};

static const struct intsubr intsubrs[] = {
	{ "htons", 1, 2, 0 },	 { "ntohs", 1, 2, 0 },	  { "htonl", 1, 4, 0 },
	{ "ntohl", 1, 4, 0 },	 { "htonll", 1, 8, 0 },	  { "ntohll", 1, 8, 0 },
	{ "getmajor", 1, 0, 1 }, { "getminor", 1, 0, 2 }, { "rand", 0, 0, 3 },
};

static const struct intsubr *intsubr_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(intsubrs) / sizeof(intsubrs[0]); i++)
		if (!strcmp(intsubrs[i].name, name))
			return &intsubrs[i];
	return NULL;
}

bool cg_is_intsubr(const char *name)
{
	return intsubr_find(name) != NULL;
}

/* r[dst] = r[a] op constant V; TMP is a scratch register. */
static void op_const(struct cg *g, enum spt_op op, int dst, int a, int tmp, int64_t v)
{
	cg_emit(g, SPT_OP_LDI, tmp, 0, 0, (int32_t)v);
	cg_emit(g, op, dst, a, tmp, 0);
}

/*
 * The bytes of R's low SIZE bytes in the other order (x86 is little
 * endian, network order big endian, so hton* and ntoh* are the same swap).
 */
static int byte_swap(struct cg *g, int r, unsigned int size, struct ast_loc loc)
{
	int res = cg_reg_alloc(g, loc), t = cg_reg_alloc(g, loc), k = cg_reg_alloc(g, loc);
	unsigned int i;

	if (res < 0 || t < 0 || k < 0)
		return -1;
	cg_emit(g, SPT_OP_LDI, res, 0, 0, 0);
	for (i = 0; i < size; i++) {
		/* res |= ((r >> 8i) & 0xff) << 8(size - 1 - i) */
		op_const(g, SPT_OP_LSR, t, r, k, 8 * i);
		op_const(g, SPT_OP_AND, t, t, k, 0xff);
		op_const(g, SPT_OP_SHL, t, t, k, 8 * (size - 1 - i));
		cg_emit(g, SPT_OP_OR, res, res, t, 0);
	}
	cg_reg_free(g, r);
	cg_reg_free(g, t);
	cg_reg_free(g, k);
	return res;
}

int cg_intsubr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const struct intsubr *s = intsubr_find(e->u.call.name);
	struct ct at, pt = ct_uint32;
	char b1[32], b2[32];
	int r, k;

	if (!s)
		return -1;
	if (e->u.call.nargs != s->nargs)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu args passed, %u expected", s->name,
				e->u.call.nargs, s->nargs);
	if (s->kind == 3) {
		/* rand(): 32 random bits, an int (dtrace-utils: sign-extended). */
		r = cg_reg_alloc(g, e->loc);
		if (r < 0)
			return -1;
		cg_emit(g, SPT_OP_LDB, r, 0, 0, SPT_B_RAND);
		*t = ct_int;
		return r;
	}
	r = cg_expr(g, e->u.call.args[0], &at);
	if (r < 0)
		return -1;
	if (at.kind != CT_INT || at.ptr) {
		cg_reg_free(g, r);
		pt.size = s->size ? s->size : 4;
		return cg_error(
			g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			s->name, s->kind ? "dev_t" : cg_type_name(&pt, b1, sizeof(b1)),
			cg_type_name(&at, b2, sizeof(b2)));
	}
	if (s->kind == 0) {
		/* The argument converted to the prototype's uintN_t first. */
		pt.size = s->size;
		cg_narrow(g, r, &pt);
		*t = pt;
		return byte_swap(g, r, s->size, e->loc);
	}
	/* Linux's dev_t: the major number above 20 bits of minor. */
	k = cg_reg_alloc(g, e->loc);
	if (k < 0)
		return -1;
	cg_narrow(g, r, &ct_uint32);
	if (s->kind == 1)
		op_const(g, SPT_OP_LSR, r, r, k, 20);
	else
		op_const(g, SPT_OP_AND, r, r, k, 0xfffff);
	cg_reg_free(g, k);
	*t = ct_uint32;
	return r;
}

/*
 * What spectrace refuses, and why: subroutines that need kernel data
 * structures, user memory copies or scratch space it does not have, and
 * actions that cannot be done on Linux or are not there yet.
 */
static const struct {
	const char *name;
	const char *why;
} refused[] = {
	{ "inet_ntoa", "it reads an address structure in kernel memory" },
	{ "inet_ntoa6", "it reads an address structure in kernel memory" },
	{ "inet_ntop", "it reads an address structure in kernel memory" },
	{ "link_ntop", "it reads a hardware address in kernel memory" },
	{ "mutex_owned", "kernel lock structures" },
	{ "mutex_owner", "kernel lock structures" },
	{ "mutex_type_adaptive", "kernel lock structures" },
	{ "mutex_type_spin", "kernel lock structures" },
	{ "rw_read_held", "kernel lock structures" },
	{ "rw_write_held", "kernel lock structures" },
	{ "rw_iswriter", "kernel lock structures" },
	{ "copyout", "writing user memory" },
	{ "copyoutstr", "writing user memory" },
	{ "msgsize", "Solaris STREAMS messages do not exist on Linux" },
	{ "msgdsize", "Solaris STREAMS messages do not exist on Linux" },
	{ "ddi_pathname", "Solaris device paths do not exist on Linux" },
	{ "getf", "Solaris file_t does not exist on Linux" },
	{ "breakpoint", "Linux has no kernel debugger entry for a BPF program" },
	{ "panic", "a BPF program cannot panic the kernel" },
	{ "chill", "a BPF program cannot busy-wait" },
	{ "jstack", "Java stack helpers" },
	{ "print", "typed kernel structures" },
	{ "pcap", "socket buffers" },
};

int cg_refused(struct cg *g, const struct ast_expr *e)
{
	const char *n = e->u.call.name;
	size_t i;

	/* D's rule comes first: no destructive action after speculate( ). */
	if (g->speculative && (!strcmp(n, "breakpoint") || !strcmp(n, "panic") ||
			       !strcmp(n, "chill") || !strcmp(n, "freopen")))
		return cg_error(g, DIAG_ACT_SPEC, e->loc,
				"destructive actions may not follow speculate( )");
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (!strcmp(refused[i].name, e->u.call.name))
			return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported: %s( ): %s",
					refused[i].name, refused[i].why);
	return 1;
}
