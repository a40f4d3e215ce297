/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator, BTF-typed values: the D types of kernel structs,
 * unions, enums, typedefs, pointers and arrays (dtype.h), member access
 * with `->` and `.`, `*` and `[]` on them, curthread, offsetof.
 *
 * A struct, union or array value is held by its address (a kernel
 * address to the VM) plus an offset the compiler carries (ct.koff): `.`
 * only adds to the offset, and the load of a scalar member is one LDX at
 * base + offset, so `a->b.c.d` costs one instruction and faults at 0 when
 * a is NULL, as dtrace-utils checks the base pointer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "abi/vmstate.h"
#include "arena.h"
#include "cg_priv.h"
#include "diag.h"
#include "probe.h"

int cg_need_btf(struct cg *g, struct ast_loc loc)
{
	if (g->dt.btf)
		return 0;
	if (dtype_open(&g->dt, NULL)) {
		cg_error(g, DIAG_UNSUPPORTED, loc, "not supported: kernel types: %s", g->dt.err);
		return -1;
	}
	return 0;
}

int cg_btf_ct(struct cg *g, uint32_t id, struct ct *t, struct ast_loc loc)
{
	struct dtype_info ti, pi;
	char name[128];

	memset(t, 0, sizeof(*t));
	if (dtype_info(&g->dt, id, &ti))
		return cg_error(g, DIAG_UNSUPPORTED, loc, "not supported: BTF type %u", id);
	t->btf = id;
	switch (ti.kind) {
	case DTYPE_K_VOID:
		t->kind = CT_VOID;
		t->btf = 0;
		return 0;
	case DTYPE_K_INT:
		if (ti.size != 1 && ti.size != 2 && ti.size != 4 && ti.size != 8)
			break;
		t->kind = CT_INT;
		t->size = (unsigned int)ti.size;
		t->sign = ti.sign;
		return 0;
	case DTYPE_K_PTR: {
		uint32_t ref = ti.ref;

		t->kind = CT_INT;
		t->size = 8;
		t->ptr = 1;
		/* pointer levels, for the rules that count them */
		while (!dtype_info(&g->dt, ref, &pi) && pi.kind == DTYPE_K_PTR && t->ptr < 16) {
			t->ptr++;
			ref = pi.ref;
		}
		if (dtype_info(&g->dt, ti.ref, &pi))
			break;
		if (pi.kind == DTYPE_K_INT) {
			t->psize = (unsigned int)pi.size;
			t->psign = pi.sign;
		} else if (pi.kind == DTYPE_K_PTR) {
			t->psize = 8;
		} else if (pi.kind == DTYPE_K_STRUCT || pi.kind == DTYPE_K_UNION ||
			   pi.kind == DTYPE_K_ARRAY) {
			t->psize = (unsigned int)pi.size;
		}
		return 0;
	}
	case DTYPE_K_ARRAY:
		t->kind = CT_ARR;
		t->size = (unsigned int)ti.size;
		return 0;
	case DTYPE_K_STRUCT:
	case DTYPE_K_UNION:
		t->kind = CT_SOU;
		t->size = (unsigned int)ti.size;
		return 0;
	case DTYPE_K_FWD:
		t->kind = CT_SOU; /* incomplete: size 0 */
		return 0;
	default:
		break;
	}
	return cg_error(g, DIAG_UNSUPPORTED, loc, "not supported: type %s",
			dtype_name(&g->dt, id, name, sizeof(name)));
}

int cg_btf_type_of(struct cg *g, const struct ast_type *at, struct ct *t)
{
	static const struct {
		enum ast_type_kind kind;
		enum dtype_tag tag;
		const char *prefix;
	} tags[] = {
		{ AST_TYPE_STRUCT, DTYPE_STRUCT, "struct " },
		{ AST_TYPE_UNION, DTYPE_UNION, "union " },
		{ AST_TYPE_ENUM, DTYPE_ENUM, "enum " },
		{ AST_TYPE_TYPEDEF, DTYPE_TYPEDEF, "" },
	};
	const char *name = at->name;
	uint32_t id = 0;
	unsigned int i;
	size_t k;

	if (!name)
		return cg_error(g, DIAG_UNSUPPORTED, at->loc,
				"not supported: a struct or union without a tag here");
	if (cg_need_btf(g, at->loc))
		return -1;
	for (k = 0; k < sizeof(tags) / sizeof(tags[0]); k++) {
		size_t n = strlen(tags[k].prefix);

		if (tags[k].kind != at->kind)
			continue;
		if (!strncmp(name, tags[k].prefix, n))
			name += n;
		id = dtype_find(&g->dt, tags[k].tag, name);
		if (!id && at->kind != AST_TYPE_TYPEDEF && at->kind != AST_TYPE_ENUM) {
			/* D makes a forward tag of a struct or union it does not know */
			int r = btf__add_fwd(g->dt.btf, name,
					     at->kind == AST_TYPE_UNION ? BTF_FWD_UNION :
									  BTF_FWD_STRUCT);

			if (r < 0)
				return cg_nomem(g);
			id = (uint32_t)r;
		}
		break;
	}
	if (!id)
		return cg_error(g, DIAG_TYPE_ERR, at->loc, "failed to resolve type %s", at->name);
	for (i = 0; i < at->ptr; i++) {
		id = dtype_ptr(&g->dt, id);
		if (!id)
			return cg_nomem(g);
	}
	return cg_btf_ct(g, id, t, at->loc);
}

const char *cg_ct_name(struct cg *g, const struct ct *t, char *buf, size_t len)
{
	if (t->btf && g->dt.btf)
		return dtype_name(&g->dt, t->btf, buf, len);
	return cg_type_name(t, buf, len);
}

void cg_btf_addr(struct cg *g, int r, struct ct *t)
{
	if (!t->koff)
		return;
	cg_op_const(g, SPT_OP_ADD, r, t->koff, (struct ast_loc){ .line = 0 });
	t->koff = 0;
}

/* A char array (of 1-byte integers) is a string in D's string rules. */
static bool char_array(struct cg *g, uint32_t id, uint32_t *n)
{
	struct dtype_info ai, ei;

	if (dtype_info(&g->dt, id, &ai) || ai.kind != DTYPE_K_ARRAY ||
	    dtype_info(&g->dt, ai.ref, &ei) || ei.kind != DTYPE_K_INT || ei.size != 1)
		return false;
	*n = ai.nelems;
	return true;
}

int cg_btf_load(struct cg *g, int r, uint32_t off, uint32_t id, uint32_t bitoff, uint32_t bits,
		struct ct *t, struct ast_loc loc)
{
	struct ct mt;
	uint32_t n;

	if (cg_btf_ct(g, id, &mt, loc)) {
		cg_reg_free(g, r);
		return -1;
	}
	if (g->want_addr) {
		/* &member: the address, a pointer to the member's type */
		uint32_t pid;

		g->want_addr = false;
		if (bits) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_ADDROF_BITFIELD, loc,
					"cannot take address of bit-field");
		}
		pid = dtype_ptr(&g->dt, id);
		if (!pid)
			return cg_nomem(g);
		mt.koff = off + bitoff / 8;
		cg_btf_addr(g, r, &mt);
		if (cg_btf_ct(g, pid, t, loc))
			return -1;
		return g->err ? -1 : r;
	}
	if (bits) {
		/* the smallest load that holds the field, shifted down and extended */
		uint32_t shift = bitoff % 8, need = (shift + bits + 7) / 8, size = 1;

		while (size < need)
			size *= 2;
		cg_emit(g, SPT_OP_LDX, r, r, (int)size, (int32_t)(off + bitoff / 8));
		if (shift && cg_op_const(g, SPT_OP_LSR, r, shift, loc))
			return -1;
		if (bits < 64)
			cg_emit(g, mt.sign ? SPT_OP_SEXT : SPT_OP_ZEXT, r, r, (int)bits, 0);
		*t = mt;
		return g->err ? -1 : r;
	}
	off += bitoff / 8;
	switch (mt.kind) {
	case CT_INT:
		cg_emit(g, SPT_OP_LDX, r, r, (int)mt.size, (int32_t)off);
		cg_narrow(g, r, &mt);
		*t = mt;
		return g->err ? -1 : r;
	case CT_ARR:
		if (!g->keep_array && char_array(g, id, &n)) {
			int slot = cg_str_slot(g, loc);

			if (slot < 0)
				return -1;
			mt.koff = off;
			cg_btf_addr(g, r, &mt);
			if (n > SPT_STRSIZE)
				n = SPT_STRSIZE;
			cg_emit(g, SPT_OP_KSTRX, r, r, slot, (int32_t)(n ? n : 1));
			*t = ct_str;
			t->size = n ? n : 1;
			t->btf = id; /* sizeof is the array's */
			return g->err ? -1 : r;
		}
		/* fall through */
	case CT_SOU:
		mt.koff = off;
		*t = mt;
		return r;
	default:
		cg_reg_free(g, r);
		return cg_error(g, DIAG_UNSUPPORTED, loc, "not supported: a void member");
	}
}

int cg_member(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	const char *name = e->u.member.name;
	struct dtype_info si;
	struct dtype_member m;
	char tn[128];
	struct ct bt;
	uint32_t sid, off;
	bool want_addr = g->want_addr, keep_array = g->keep_array;
	int r;

	if (e->u.member.base->kind == AST_IDENT &&
	    e->u.member.base->u.ident.scope == AST_SCOPE_GLOBAL &&
	    (!strcmp(e->u.member.base->u.ident.name, "curpsinfo") ||
	     !strcmp(e->u.member.base->u.ident.name, "curlwpsinfo")) &&
	    !cg_var_find(g, AST_SCOPE_GLOBAL, e->u.member.base->u.ident.name))
		return cg_psinfo(g, e, t);
	if (cg_is_lib_member(g, e))
		return cg_lib_member(g, e, t);
	/* & and [ ] apply to this member, not to those of its base */
	g->want_addr = g->keep_array = false;
	r = cg_expr(g, e->u.member.base, &bt);
	g->want_addr = want_addr;
	g->keep_array = keep_array;
	if (r < 0)
		return -1;
	if (e->u.member.arrow) {
		struct dtype_info pi;

		if (bt.kind != CT_INT || !bt.ptr) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_OP_PTR, e->loc,
					"operator -> must be applied to a pointer");
		}
		if (!bt.btf || bt.ptr != 1 || dtype_info(&g->dt, bt.btf, &pi) ||
		    dtype_info(&g->dt, pi.ref, &si) ||
		    (si.kind != DTYPE_K_STRUCT && si.kind != DTYPE_K_UNION &&
		     si.kind != DTYPE_K_FWD)) {
			struct ct pt = bt;

			cg_reg_free(g, r);
			if (bt.btf && !dtype_info(&g->dt, bt.btf, &pi))
				dtype_name(&g->dt, pi.ref, tn, sizeof(tn));
			else {
				pt.ptr--;
				pt.size = bt.psize;
				pt.sign = bt.psign;
				pt.kind = bt.psize || pt.ptr ? CT_INT : CT_VOID;
				if (pt.ptr) {
					pt.size = 8;
					pt.sign = false;
				}
				char ib[32];

				snprintf(tn, sizeof(tn), "%s", cg_type_name(&pt, ib, sizeof(ib)));
			}
			return cg_error(
				g, DIAG_OP_SOU, e->loc,
				"operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer",
				tn);
		}
		sid = si.id;
		off = 0;
	} else {
		if (bt.kind != CT_SOU) {
			cg_reg_free(g, r);
			return cg_error(
				g, DIAG_OP_SOU, e->loc,
				"operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
				bt.kind == CT_STR ? "string" : cg_ct_name(g, &bt, tn, sizeof(tn)));
		}
		if (dtype_info(&g->dt, bt.btf, &si)) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported: this type");
		}
		sid = si.id;
		off = bt.koff;
	}
	if (si.kind == DTYPE_K_FWD) {
		/* a forward tag defined since (struct s { struct s *next; }) */
		const struct btf_type *ft = btf__type_by_id(g->dt.btf, sid);
		uint32_t def = dtype_find(&g->dt, btf_kflag(ft) ? DTYPE_UNION : DTYPE_STRUCT,
					  btf__name_by_offset(g->dt.btf, ft->name_off));

		if (def && !dtype_info(&g->dt, def, &si) && si.kind != DTYPE_K_FWD)
			sid = si.id;
	}
	if (si.kind == DTYPE_K_FWD) {
		cg_reg_free(g, r);
		return cg_error(
			g, DIAG_OP_INCOMPLETE, e->loc,
			"operator %s cannot be applied to a forward declaration: no %s definition is available",
			e->u.member.arrow ? "->" : ".", dtype_name(&g->dt, sid, tn, sizeof(tn)));
	}
	if (dtype_member(&g->dt, sid, name, &m)) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_TYPE_MEMBER, e->loc, "%s is not a member of %s", name,
				dtype_name(&g->dt, sid, tn, sizeof(tn)));
	}
	g->bitfield = m.bits != 0;
	return cg_btf_load(g, r, off, m.type, (uint32_t)m.bit_off, m.bits, t, e->loc);
}

int cg_curthread(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	uint32_t id;
	int r;

	if (cg_need_btf(g, e->loc))
		return -1;
	id = dtype_find(&g->dt, DTYPE_STRUCT, "task_struct");
	if (!id)
		return cg_error(
			g, DIAG_UNSUPPORTED, e->loc,
			"not supported: curthread: the kernel's BTF has no struct task_struct");
	id = dtype_ptr(&g->dt, id);
	if (!id)
		return cg_nomem(g);
	if (cg_btf_ct(g, id, t, e->loc))
		return -1;
	r = cg_reg_alloc(g, e->loc);
	if (r < 0)
		return -1;
	cg_emit(g, SPT_OP_LDB, r, 0, 0, SPT_B_CURTHREAD);
	return r;
}

int cg_btf_deref(struct cg *g, int r, const struct ct *pt, struct ct *t, struct ast_loc loc)
{
	struct dtype_info pi;

	if (dtype_info(&g->dt, pt->btf, &pi) ||
	    (pi.kind != DTYPE_K_PTR && pi.kind != DTYPE_K_ARRAY)) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_DEREF_NONPTR, loc, "cannot dereference non-pointer type");
	}
	if (!dtype_resolve(&g->dt, pi.ref)) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_DEREF_VOID, loc, "cannot dereference pointer to void");
	}
	return cg_btf_load(g, r, pt->kind == CT_ARR ? pt->koff : 0, pi.ref, 0, 0, t, loc);
}

int cg_offsetof(struct cg *g, const struct ast_type *at, const char *member, struct ast_loc loc,
		uint64_t *off)
{
	struct dtype_member m;
	struct dtype_info si;
	char tn[128];
	struct ct st;

	if (cg_type_of(g, at, &st))
		return -1;
	if (st.kind != CT_SOU || dtype_info(&g->dt, st.btf, &si) || si.kind == DTYPE_K_FWD)
		return cg_error(g, DIAG_OFFSETOF_TYPE, loc,
				"offsetof( ) first argument must be of struct or union type");
	if (dtype_member(&g->dt, si.id, member, &m))
		return cg_error(g, DIAG_UNKNOWN, loc, "failed to determine offset of %s: %s",
				member, "Member name not found");
	if (m.bits)
		return cg_error(g, DIAG_OFFSETOF_BITFIELD, loc,
				"cannot take offset of a bit-field: %s", member);
	(void)tn;
	*off = m.bit_off / 8;
	return 0;
}

/*
 * A C type as the tracepoint format files and -lv write it ("const char
 * *", "unsigned long", "struct __kernel_timespec *", "umode_t") as a D
 * type: qualifiers dropped, integer names from D's table, anything else
 * from the kernel's BTF.
 */
int cg_ctype_text(struct cg *g, const char *text, struct ct *t, struct ast_loc loc)
{
	char base[PROBE_TYPE_MAX] = "", word[PROBE_TYPE_MAX];
	struct ast_type at = { 0 };
	const char *s = text;

	at.loc = loc;
	while (*s) {
		size_t n = 0;

		if (*s == ' ') {
			s++;
			continue;
		}
		if (*s == '*') {
			at.ptr++;
			s++;
			continue;
		}
		while (s[n] && s[n] != ' ' && s[n] != '*')
			n++;
		if (n >= sizeof(word))
			break;
		memcpy(word, s, n);
		word[n] = '\0';
		s += n;
		if (!strcmp(word, "const") || !strcmp(word, "volatile") || !strcmp(word, "__user"))
			continue;
		if (strlen(base) + n + 2 >= sizeof(base))
			break;
		if (*base)
			strcat(base, " ");
		strcat(base, word);
	}
	/* C's spellings of the integer names D's table has */
	if (!strcmp(base, "long int") || !strcmp(base, "signed long"))
		strcpy(base, "long");
	else if (!strcmp(base, "long unsigned int") || !strcmp(base, "unsigned long int"))
		strcpy(base, "unsigned long");
	else if (!strcmp(base, "unsigned"))
		strcpy(base, "unsigned int");
	else if (!strcmp(base, "signed") || !strcmp(base, "signed int"))
		strcpy(base, "int");
	at.name = arena_strndup(&g->cc->arena, base, strlen(base));
	if (!at.name)
		return cg_nomem(g);
	if (!strncmp(base, "struct ", 7))
		at.kind = AST_TYPE_STRUCT;
	else if (!strncmp(base, "union ", 6))
		at.kind = AST_TYPE_UNION;
	else if (!strncmp(base, "enum ", 5))
		at.kind = AST_TYPE_ENUM;
	else if (!strcmp(base, "void"))
		at.kind = AST_TYPE_VOID;
	else if (!strcmp(base, "char") || !strncmp(base, "unsigned ", 9) || !strcmp(base, "int") ||
		 !strcmp(base, "long") || !strcmp(base, "short") || !strcmp(base, "long long") ||
		 !strcmp(base, "signed char"))
		at.kind = AST_TYPE_INT;
	else
		at.kind = AST_TYPE_TYPEDEF;
	return cg_type_of(g, &at, t);
}

/* The argument types of the probes description DESC matches, into G's table. */
static int desc_arg_types(struct cg *g, const char *desc, struct probe_args *a, char *pname,
			  size_t plen, struct ast_loc loc)
{
	struct probe_desc pd;
	struct probe_args pa;
	size_t i;
	int found = 0;

	if (probe_desc_parse(desc, &pd))
		return cg_error(g, DIAG_PDESC_INVAL, loc, "invalid probe description \"%s\"", desc);
	if (!strcmp(pd.prov, "profile")) {
		/* the profile provider's probes: two PCs each (probe_arg_types) */
		struct probe p = { .kind = PROBE_PROFILE,
				   .prov = "profile",
				   .mod = "",
				   .func = "",
				   .name = pd.name };

		probe_arg_types(NULL, &p, a);
		snprintf(pname, plen, "profile:::%s", pd.name);
		return 1;
	}
	if (!g->ptab) {
		char err[256];

		g->ptab = calloc(1, sizeof(*g->ptab));
		if (!g->ptab)
			return cg_nomem(g);
		if (probe_table_load(g->ptab, NULL, err, sizeof(err)))
			return cg_error(g, DIAG_UNSUPPORTED, loc, "not supported: args[ ]: %s",
					err);
	}
	for (i = 0; i < g->ptab->n; i++) {
		const struct probe *p = &g->ptab->probes[i];

		if (!probe_desc_match(&pd, p))
			continue;
		if (p->kind == PROBE_DTRACE) {
			memset(&pa, 0, sizeof(pa)); /* dtrace's probes have no args[ ] */
		} else if (probe_arg_types(g->ptab, p, &pa)) {
			continue;
		}
		if (!found) {
			*a = pa;
			snprintf(pname, plen, "%s:%s:%s:%s", p->prov, p->mod, p->func, p->name);
		} else if (memcmp(a, &pa, sizeof(pa))) {
			return cg_error(
				g, DIAG_ARGS_MULTI, loc,
				"args[ ] may not be referenced because probe description %s matches an unstable set of probes",
				desc);
		}
		found = 1;
	}
	return found;
}

int cg_args(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	struct probe_args a, b;
	char pname[4 * PROBE_FIELD_MAX], first[4 * PROBE_FIELD_MAX] = "";
	int64_t n;
	size_t i;
	int r, found = 0;

	if (!g->in_clause || !g->cl)
		return cg_error(g, DIAG_ARGS_NONE, e->loc,
				"args[ ] may not be referenced outside of a probe clause");
	if (e->u.index.nkeys != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"args[ ] prototype mismatch: %zu args passed, 1 expected",
				e->u.index.nkeys);
	if (!cg_const_fold(g, e->u.index.keys[0], &n))
		return cg_error(
			g, DIAG_PROTO_ARG, e->loc,
			"args[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: %s",
			"int");
	memset(&a, 0, sizeof(a));
	for (i = 0; i < g->cl->ndescs; i++) {
		int f = desc_arg_types(g, g->cl->descs[i], &b, pname, sizeof(pname), e->loc);

		if (f < 0)
			return -1;
		if (!f)
			continue;
		if (found && memcmp(&a, &b, sizeof(a)))
			return cg_error(
				g, DIAG_ARGS_MULTI, e->loc,
				"args[ ] may not be referenced because probe description %s matches an unstable set of probes",
				g->cl->descs[i]);
		if (!found)
			snprintf(first, sizeof(first), "%s", pname);
		a = b;
		found = 1;
	}
	if (!found)
		return cg_error(g, DIAG_UNSUPPORTED, e->loc,
				"not supported: args[ ] of a clause that matches no probe");
	if (n < 0 || n >= a.n)
		return cg_error(g, DIAG_ARGS_IDX, e->loc,
				"index %lld is out of range for %s args[ ]", (long long)n, first);
	if (cg_ctype_text(g, a.type[n], t, e->loc))
		return -1;
	if (t->kind != CT_INT)
		return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported: args[%lld] of type %s",
				(long long)n, a.type[n]);
	r = cg_reg_alloc(g, e->loc);
	if (r < 0)
		return -1;
	cg_emit(g, SPT_OP_LDB, r, 0, 0, (int32_t)(SPT_B_ARG0 + n));
	cg_narrow(g, r, t);
	return g->err ? -1 : r;
}

/*
 * base[i] on a pointer or an array: *(base + i), the element's type; a
 * constant index past an array of more than one element is D_ARR_BOUNDS.
 */
int cg_ptr_index(struct cg *g, const struct ast_expr *e, int r, struct ct *bt, struct ct *t,
		 bool addr)
{
	struct dtype_info ti;
	uint64_t esize;
	uint32_t elem;
	int64_t c;
	struct ct it;
	int ri, k;

	if (e->u.index.nkeys != 1) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_ARR_BADREF, e->loc,
				"cannot access a pointer or array as an associative array");
	}
	if (bt->btf) {
		if (dtype_info(&g->dt, bt->btf, &ti)) {
			cg_reg_free(g, r);
			return cg_nomem(g);
		}
		elem = ti.ref;
		esize = dtype_size(&g->dt, elem);
		if (bt->kind == CT_ARR && ti.nelems > 1 &&
		    cg_const_fold(g, e->u.index.keys[0], &c) && (uint64_t)c >= ti.nelems) {
			cg_reg_free(g, r);
			return cg_error(g, DIAG_ARR_BOUNDS, e->loc,
					"index outside array bounds: %llu, max is %u",
					(unsigned long long)c, ti.nelems);
		}
		cg_btf_addr(g, r, bt);
	} else {
		elem = 0;
		esize = bt->ptr > 1 ? 8 : bt->psize;
	}
	if (!esize) {
		cg_reg_free(g, r);
		return cg_error(g, DIAG_DEREF_VOID, e->loc, "cannot dereference pointer to void");
	}
	ri = cg_expr(g, e->u.index.keys[0], &it);
	if (ri < 0)
		return -1;
	if (it.kind != CT_INT) {
		cg_reg_free(g, r);
		cg_reg_free(g, ri);
		return cg_error(g, DIAG_OP_INT, e->loc, "[ ] requires an integer index");
	}
	/* dtrace-utils checks an index it cannot check now when the array runs */
	if (bt->btf && bt->kind == CT_ARR && ti.nelems > 1 &&
	    !cg_const_fold(g, e->u.index.keys[0], &c))
		cg_emit(g, SPT_OP_BOUND, 0, ri, 0, (int32_t)ti.nelems);
	if (esize > 1) {
		k = cg_reg_alloc(g, e->loc);
		if (k < 0)
			return -1;
		cg_emit(g, SPT_OP_LDI, k, 0, 0, (int32_t)esize);
		cg_emit(g, SPT_OP_MUL, ri, ri, k, 0);
		cg_reg_free(g, k);
	}
	cg_emit(g, SPT_OP_ADD, r, r, ri, 0);
	cg_reg_free(g, ri);
	if (elem && addr)
		g->want_addr = true; /* cg_btf_load() gives a pointer to the element */
	if (elem)
		return cg_btf_load(g, r, 0, elem, 0, 0, t, e->loc);
	if (addr) {
		*t = *bt;
		return g->err ? -1 : r;
	}
	if (bt->ptr > 1) {
		*t = ct_uint64;
		t->ptr = bt->ptr - 1;
		cg_emit(g, SPT_OP_LDX, r, r, 8, 0);
		return g->err ? -1 : r;
	}
	*t = (struct ct){ CT_INT, bt->psize, bt->psign, 0, 0, false, 0, 0, NULL };
	cg_emit(g, SPT_OP_LDX, r, r, (int)bt->psize, 0);
	cg_narrow(g, r, t);
	return g->err ? -1 : r;
}

/*
 * alloca(size), copyin(addr, size): a void * to scratch memory of the
 * clause; copyinto(addr, size, dest), bcopy(src, dest, size): fill it.
 */
int cg_memsubr(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	static const struct {
		const char *name;
		size_t nargs;
		int mode;
		int src, size, dest; /* argument positions, -1: none */
	} subrs[] = {
		{ "alloca", 1, SPT_MCPY_ALLOCA, -1, 0, -1 },
		{ "copyin", 2, SPT_MCPY_COPYIN, 0, 1, -1 },
		{ "copyinto", 3, SPT_MCPY_COPYINTO, 0, 1, 2 },
		{ "bcopy", 3, SPT_MCPY_BCOPY, 0, 2, 1 },
	};
	const char *name = e->u.call.name;
	int reg[3] = { 0, 0, 0 }, rd;
	struct ct at;
	uint64_t scratch = g->o ? opt_scratch_bytes(g->o) : SPT_SCRATCH_MAX;
	int64_t c;
	size_t i, k;

	for (k = 0; k < sizeof(subrs) / sizeof(subrs[0]); k++)
		if (!strcmp(subrs[k].name, name))
			break;
	if (k == sizeof(subrs) / sizeof(subrs[0]))
		return cg_error(g, DIAG_FUNC_UNDEF, e->loc, "undefined function name: %s", name);
	if (e->u.call.nargs != subrs[k].nargs)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, %zu expected", name,
				e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s", subrs[k].nargs);
	if (subrs[k].mode == SPT_MCPY_ALLOCA && cg_const_fold(g, e->u.call.args[0], &c) &&
	    (uint64_t)c > scratch)
		return cg_error(g, DIAG_ALLOCA_SIZE, e->loc,
				"alloca(%llu) size larger than scratchsize %llu",
				(unsigned long long)c, (unsigned long long)scratch);
	for (i = 0; i < subrs[k].nargs; i++) {
		/* an array or struct argument is its address, as C passes it */
		g->keep_array = e->u.call.args[i]->kind == AST_MEMBER;
		reg[i] = cg_expr(g, e->u.call.args[i], &at);
		g->keep_array = false;
		if (reg[i] < 0)
			return -1;
		if (at.kind == CT_ARR || at.kind == CT_SOU) {
			cg_btf_addr(g, reg[i], &at);
			at.kind = CT_INT;
		}
		if (at.kind != CT_INT)
			return cg_error(
				g, DIAG_PROTO_ARG, e->u.call.args[i]->loc,
				"%s( ) argument #%zu is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				name, i + 1,
				(int)i == subrs[k].size ? "size_t" :
				(int)i == subrs[k].dest ? "void *" :
							  "uintptr_t",
				at.kind == CT_STR ? "string" : "void");
	}
	if (subrs[k].dest >= 0) {
		rd = reg[subrs[k].dest];
	} else {
		rd = cg_reg_alloc(g, e->loc);
		if (rd < 0)
			return -1;
	}
	cg_emit(g, SPT_OP_MCPY, rd, subrs[k].src >= 0 ? reg[subrs[k].src] : 0, reg[subrs[k].size],
		subrs[k].mode);
	for (i = 0; i < subrs[k].nargs; i++)
		if (reg[i] != rd)
			cg_reg_free(g, reg[i]);
	memset(t, 0, sizeof(*t));
	if (subrs[k].dest >= 0) {
		t->kind = CT_VOID;
		cg_emit(g, SPT_OP_LDI, rd, 0, 0, 0);
	} else {
		t->kind = CT_INT; /* void * */
		t->size = 8;
		t->ptr = 1;
	}
	return g->err ? -1 : rd;
}

/* A BTF integer for D integer type T (the split part's own, made once). */
static uint32_t int_id(struct cg *g, const struct ct *t)
{
	char name[32];
	uint32_t n = btf__type_cnt(g->dt.btf), i;
	int r;

	snprintf(name, sizeof(name), "%s%u", t->sign ? "__d_s" : "__d_u", t->size * 8);
	for (i = btf__type_cnt(g->dt.base); i < n; i++) {
		const struct btf_type *bt = btf__type_by_id(g->dt.btf, i);
		const char *bn = bt ? btf__name_by_offset(g->dt.btf, bt->name_off) : NULL;

		if (bt && btf_is_int(bt) && bn && !strcmp(bn, name))
			return i;
	}
	r = btf__add_int(g->dt.btf, name, (size_t)t->size, t->sign ? BTF_INT_SIGNED : 0);
	return r < 0 ? 0 : (uint32_t)r;
}

/* The BTF id of D type T (made in the split part if it has none). */
uint32_t cg_ct_btf_id(struct cg *g, const struct ct *t)
{
	uint32_t id;
	unsigned int i;

	if (t->btf)
		return t->btf;
	if (t->kind == CT_VOID)
		return 0;
	if (!t->ptr)
		return int_id(g, t);
	if (t->psize) {
		struct ct base = { CT_INT, t->psize, t->psign, 0, 0, false, 0, 0, NULL };

		id = int_id(g, &base);
	} else {
		id = 0; /* void */
	}
	for (i = 0; i < t->ptr && (id || !i); i++) {
		id = dtype_ptr(&g->dt, id);
		if (!id)
			return 0;
	}
	return id;
}

/* AT, which has a dimension: the BTF array of AT's type (sizeof(char [4])). */
int cg_array_type(struct cg *g, const struct ast_type *at, struct ct *t)
{
	struct ast_type et = *at;
	uint32_t id;
	int r;

	et.dim = 0;
	if (cg_type_of(g, &et, t))
		return -1;
	if (t->kind == CT_VOID || t->kind == CT_STR || at->dim > UINT32_MAX)
		return cg_error(g, DIAG_UNSUPPORTED, at->loc, "not supported: this array type");
	if (cg_need_btf(g, at->loc))
		return -1;
	id = cg_ct_btf_id(g, t);
	if (!id)
		return cg_nomem(g);
	r = btf__add_array(g->dt.btf, (int)cg_ct_btf_id(g, &ct_uint32), (int)id, (uint32_t)at->dim);
	if (r < 0)
		return cg_nomem(g);
	return cg_btf_ct(g, (uint32_t)r, t, at->loc);
}

/* The alignment of BTF type ID: its scalars' largest size. */
static uint32_t align_of(struct cg *g, uint32_t id, int depth)
{
	struct dtype_info ti;
	const struct btf_type *bt;
	uint32_t a = 1, i;

	if (depth > 16 || dtype_info(&g->dt, id, &ti))
		return 1;
	switch (ti.kind) {
	case DTYPE_K_INT:
	case DTYPE_K_PTR:
		return (uint32_t)(ti.size ? ti.size : 1);
	case DTYPE_K_ARRAY:
		return align_of(g, ti.ref, depth + 1);
	case DTYPE_K_STRUCT:
	case DTYPE_K_UNION:
		bt = btf__type_by_id(g->dt.btf, ti.id);
		for (i = 0; i < btf_vlen(bt); i++) {
			uint32_t m = align_of(g, btf_members(bt)[i].type, depth + 1);

			if (m > a)
				a = m;
		}
		return a;
	default:
		return 1;
	}
}

/*
 * struct NAME { members } or union: laid out as C does on LP64 (each
 * member at its alignment, bit-fields packed in units of their type, the
 * size a multiple of the largest alignment), made a BTF type of the split
 * part, where the compiler finds it before the kernel's of the same name.
 * Without a name (in a typedef or a declaration) it is anonymous. Returns
 * its BTF id, or -1 after an error.
 */
int cg_sou_define(struct cg *g, const struct ast_type *at)
{
	bool is_union = at->kind == AST_TYPE_UNION;
	const char *name = at->name ? at->name + (is_union ? 6 : 7) : NULL;
	uint32_t *ids, *bitoff, *bits, maxal = 1, i, n;
	uint64_t off = 0, size = 0; /* in bits */
	char tn[128];
	int sid, ret = -1;

	if (cg_need_btf(g, at->loc))
		return -1;
	n = btf__type_cnt(g->dt.btf);
	for (i = btf__type_cnt(g->dt.base); name && i < n; i++) {
		const struct btf_type *bt = btf__type_by_id(g->dt.btf, i);
		const char *bn = bt ? btf__name_by_offset(g->dt.btf, bt->name_off) : NULL;

		if (bt && (is_union ? btf_is_union(bt) : btf_is_struct(bt)) && bn &&
		    !strcmp(bn, name))
			return cg_error(g, DIAG_DECL_TYPERED, at->loc, "type redeclared: %s",
					at->name);
	}
	ids = calloc(at->nmembers + 1, sizeof(*ids));
	bitoff = calloc(at->nmembers + 1, sizeof(*bitoff));
	bits = calloc(at->nmembers + 1, sizeof(*bits));
	if (!ids || !bitoff || !bits) {
		cg_nomem(g);
		goto out;
	}
	for (i = 0; i < at->nmembers; i++) {
		const struct ast_member *m = at->members[i];
		struct ct mt;
		uint64_t msize, al;

		if (cg_type_of(g, &m->type, &mt))
			goto out;
		if (mt.kind == CT_VOID) {
			cg_error(g, DIAG_DECL_VOIDOBJ, m->loc, "cannot have void object: %s",
				 m->name);
			goto out;
		}
		if (mt.kind == CT_STR) {
			cg_error(g, DIAG_UNSUPPORTED, m->loc, "not supported: a string member (%s)",
				 m->name);
			goto out;
		}
		if (mt.kind == CT_SOU && !mt.size) {
			cg_error(g, DIAG_DECL_INCOMPLETE, m->loc,
				 "incomplete struct/union/enum %s: %s",
				 cg_ct_name(g, &mt, tn, sizeof(tn)), m->name);
			goto out;
		}
		ids[i] = cg_ct_btf_id(g, &mt);
		if (!ids[i]) {
			cg_nomem(g);
			goto out;
		}
		if (m->has_bits) {
			if (mt.kind != CT_INT || mt.ptr) {
				cg_error(g, DIAG_DECL_BFTYPE, m->loc,
					 "invalid type for bit-field: %s", m->name);
				goto out;
			}
			if (!m->bits || m->bits > mt.size * 8ull) {
				cg_error(g, DIAG_DECL_BFSIZE, m->loc,
					 "bit-field size must be between 1 and %u: %s", mt.size * 8,
					 m->name);
				goto out;
			}
		}
		if (m->has_dim) {
			int r = btf__add_array(g->dt.btf, (int)int_id(g, &ct_uint32), (int)ids[i],
					       (uint32_t)m->dim);

			if (r < 0 || !m->dim) {
				cg_error(
					g, DIAG_DECL_ARRSUB, m->loc,
					"positive integral constant expression expected as array size");
				goto out;
			}
			ids[i] = (uint32_t)r;
		}
		msize = dtype_size(&g->dt, ids[i]) * 8;
		al = align_of(g, ids[i], 0);
		if (al > maxal)
			maxal = (uint32_t)al;
		if (is_union) {
			bitoff[i] = 0;
			bits[i] = m->has_bits ? (uint32_t)m->bits : 0;
			if ((m->has_bits ? m->bits : msize) > size)
				size = m->has_bits ? m->bits : msize;
			continue;
		}
		if (m->has_bits) {
			uint64_t unit = mt.size * 8ull;

			/* a bit-field does not cross a unit of its type */
			if (off / unit != (off + m->bits - 1) / unit)
				off = (off + unit - 1) / unit * unit;
			bitoff[i] = (uint32_t)off;
			bits[i] = (uint32_t)m->bits;
			off += m->bits;
			continue;
		}
		off = (off + al * 8 - 1) / (al * 8) * (al * 8);
		bitoff[i] = (uint32_t)off;
		off += msize;
	}
	if (!is_union)
		size = off;
	size = (size + maxal * 8 - 1) / (maxal * 8) * (maxal * 8) / 8;
	sid = is_union ? btf__add_union(g->dt.btf, name, (uint32_t)size) :
			 btf__add_struct(g->dt.btf, name, (uint32_t)size);
	if (sid < 0) {
		cg_nomem(g);
		goto out;
	}
	for (i = 0; i < at->nmembers; i++)
		if (btf__add_field(g->dt.btf, at->members[i]->name, (int)ids[i], bitoff[i],
				   bits[i])) {
			cg_error(g, DIAG_DECL_IDRED, at->members[i]->loc,
				 "duplicate member name: %s", at->members[i]->name);
			goto out;
		}
	ret = sid;
out:
	free(ids);
	free(bitoff);
	free(bits);
	return ret;
}

/* The byte offset of task_struct member PATH ("a.b"), or -1 after an error. */
static int64_t task_off(struct cg *g, const char *path, struct ast_loc loc)
{
	uint32_t id = dtype_find(&g->dt, DTYPE_STRUCT, "task_struct");
	struct dtype_member m;

	if (!id || dtype_member(&g->dt, id, path, &m) || m.bits)
		return cg_error(g, DIAG_UNSUPPORTED, loc,
				"not supported: the kernel's BTF has no usable task_struct.%s",
				path);
	return (int64_t)(m.bit_off / 8);
}

/*
 * progenyof(pid): 1 when the current task or a real_parent up to 256
 * levels has that task pid (dtrace-utils compares task->pid), as a loop
 * in the bytecode that ends at the match or at pid 0 (the idle task).
 */
int cg_progenyof(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	int64_t pid_off, rp_off;
	int rt, rx, rn, rk, top, jfound, jend, jloop, jout;
	struct ct at;

	if (e->u.call.nargs != 1)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"progenyof( ) prototype mismatch: %zu args passed, 1 expected",
				e->u.call.nargs);
	if (cg_need_btf(g, e->loc))
		return -1;
	pid_off = task_off(g, "pid", e->loc);
	rp_off = pid_off < 0 ? -1 : task_off(g, "real_parent", e->loc);
	if (rp_off < 0)
		return -1;
	rk = cg_expr(g, e->u.call.args[0], &at);
	if (rk < 0)
		return -1;
	if (at.kind != CT_INT) {
		cg_reg_free(g, rk);
		return cg_error(
			g, DIAG_PROTO_ARG, e->u.call.args[0]->loc,
			"progenyof( ) argument #1 is incompatible with prototype:\n\tprototype: pid_t\n\t argument: string");
	}
	cg_emit(g, SPT_OP_ZEXT, rk, rk, 32, 0);
	rt = cg_reg_alloc(g, e->loc);
	rx = cg_reg_alloc(g, e->loc);
	rn = cg_reg_alloc(g, e->loc);
	if (rt < 0 || rx < 0 || rn < 0)
		return -1;
	cg_emit(g, SPT_OP_LDB, rt, 0, 0, SPT_B_CURTHREAD);
	cg_emit(g, SPT_OP_LDI, rn, 0, 0, 256);
	top = (int)g->img->ninsns;
	cg_emit(g, SPT_OP_LDX, rx, rt, 4, (int32_t)pid_off);
	cg_emit(g, SPT_OP_EQ, rx, rx, rk, 0);
	jfound = cg_emit(g, SPT_OP_JNZ, 0, rx, 0, 0);
	cg_emit(g, SPT_OP_LDX, rx, rt, 4, (int32_t)pid_off);
	jend = cg_emit(g, SPT_OP_JZ, 0, rx, 0, 0); /* the idle task: the top */
	cg_emit(g, SPT_OP_LDX, rt, rt, 8, (int32_t)rp_off);
	cg_emit(g, SPT_OP_LDI, rx, 0, 0, 1);
	cg_emit(g, SPT_OP_SUB, rn, rn, rx, 0);
	jloop = cg_emit(g, SPT_OP_JNZ, 0, rn, 0, 0);
	if (jloop >= 0)
		g->img->insns[jloop].imm = top - jloop - 1;
	cg_patch_here(g, jend);
	cg_emit(g, SPT_OP_LDI, rk, 0, 0, 0);
	jout = cg_emit(g, SPT_OP_JMP, 0, 0, 0, 0);
	cg_patch_here(g, jfound);
	cg_emit(g, SPT_OP_LDI, rk, 0, 0, 1);
	cg_patch_here(g, jout);
	cg_reg_free(g, rt);
	cg_reg_free(g, rx);
	cg_reg_free(g, rn);
	*t = ct_int;
	return g->err ? -1 : rk;
}

/* The byte offset of member PATH ("a" or "a.b") of struct SNAME in the kernel's BTF, or -1. */
static int64_t kmember_off(struct cg *g, const char *sname, const char *path, struct ast_loc loc)
{
	uint32_t id = dtype_find(&g->dt, DTYPE_STRUCT, sname);
	struct dtype_member m;
	char first[64];
	const char *dot = strchr(path, '.');
	int64_t off;

	snprintf(first, sizeof(first), "%.*s", dot ? (int)(dot - path) : (int)strlen(path), path);
	if (!id || dtype_member(&g->dt, id, first, &m) || m.bits)
		goto none;
	off = (int64_t)(m.bit_off / 8);
	while (dot) {
		struct dtype_info ti;
		const char *next = strchr(dot + 1, '.');

		snprintf(first, sizeof(first), "%.*s",
			 next ? (int)(next - dot - 1) : (int)strlen(dot + 1), dot + 1);
		if (dtype_info(&g->dt, dtype_resolve(&g->dt, m.type), &ti) ||
		    dtype_member(&g->dt, dtype_resolve(&g->dt, m.type), first, &m) || m.bits)
			goto none;
		off += (int64_t)(m.bit_off / 8);
		dot = next;
	}
	if (off < 0 || off > 0xffff)
		goto none;
	return off;
none:
	return cg_error(g, DIAG_UNSUPPORTED, loc,
			"not supported: the kernel's BTF has no usable struct %s.%s", sname, path);
}

/*
 * __spt_dpath(dentry, vfsmount), which d_path() and the fds[] and cwd
 * translations use (cg_expr.c): DPATH on them, stopping at the current
 * process's root (curthread->fs->root), with the offsets DPATH walks by
 * from the kernel's BTF in its data words.
 */
int cg_dpath(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	/* in SPT_DP_* order */
	static const char *const offs[SPT_DP_NOFF][2] = {
		{ "dentry", "d_parent" },
		{ "dentry", "d_name.name" },
		{ "dentry", "d_name.len" },
		{ "vfsmount", "mnt_root" },
		{ "mount", "mnt" },
		{ "mount", "mnt_parent" },
		{ "mount", "mnt_mountpoint" },
		{ "dentry", "d_op" },
		{ "dentry_operations", "d_dname" },
		{ "dentry", "d_sb" },
		{ "super_block", "s_type" },
		{ "file_system_type", "name" },
		{ "dentry", "d_inode" },
		{ "inode", "i_ino" },
	};
	int64_t o[2 * SPT_DP_NDATA] = { 0 }, pd, pm, fs, root;
	int rp, rm, rd, rr, slot, k;
	struct ct at, mt;
	size_t i;

	if (e->u.call.nargs != 2)
		return cg_error(g, DIAG_PROTO_LEN, e->loc,
				"%s( ) prototype mismatch: %zu arg%s passed, 2 expected",
				e->u.call.name, e->u.call.nargs, e->u.call.nargs == 1 ? "" : "s");
	if (cg_need_btf(g, e->loc))
		return -1;
	rp = cg_expr(g, e->u.call.args[0], &at);
	if (rp < 0)
		return -1;
	rm = cg_expr(g, e->u.call.args[1], &mt);
	if (rm < 0)
		return -1;
	if (at.kind != CT_INT || mt.kind != CT_INT)
		return cg_error(g, DIAG_PROTO_ARG, e->loc, "%s( ) arguments must be pointers",
				e->u.call.name);
	for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
		o[i] = kmember_off(g, offs[i][0], offs[i][1], e->loc);
		if (o[i] < 0)
			return -1;
	}
	pd = kmember_off(g, "path", "dentry", e->loc);
	pm = pd < 0 ? -1 : kmember_off(g, "path", "mnt", e->loc);
	fs = pm < 0 ? -1 : task_off(g, "fs", e->loc);
	root = fs < 0 ? -1 : kmember_off(g, "fs_struct", "root", e->loc);
	if (root < 0)
		return -1;
	rd = cg_reg_alloc(g, e->loc);
	rr = cg_reg_alloc(g, e->loc);
	slot = cg_str_slot(g, e->loc);
	if (rd < 0 || rr < 0 || slot < 0)
		return -1;
	/* the process's root: rr its vfsmount, rd its dentry */
	cg_emit(g, SPT_OP_LDB, rr, 0, 0, SPT_B_CURTHREAD);
	cg_emit(g, SPT_OP_LDX, rr, rr, 8, (int32_t)fs);
	cg_emit(g, SPT_OP_LDX, rd, rr, 8, (int32_t)(root + pd));
	cg_emit(g, SPT_OP_LDX, rr, rr, 8, (int32_t)(root + pm));
	cg_emit(g, SPT_OP_DPATH, rp, rp, rm, slot);
	for (k = 0; k < SPT_DP_NDATA; k++)
		cg_emit(g, SPT_OP_NOP, 0, k ? 0 : rd, k ? 0 : rr,
			(int32_t)((uint32_t)o[2 * k] | (uint32_t)o[2 * k + 1] << 16));
	cg_reg_free(g, rm);
	cg_reg_free(g, rd);
	cg_reg_free(g, rr);
	*t = ct_str;
	return g->err ? -1 : rp;
}

/* An AST node for the translations below. */
static struct ast_expr *mk(struct cg *g, enum ast_kind kind, struct ast_loc loc)
{
	struct ast_expr *e = ast_expr_new(&g->cc->arena, kind, loc);

	if (!e)
		cg_nomem(g);
	return e;
}

/* curthread->A->B... for PATH "A->B.C" (members by -> then .). */
static struct ast_expr *task_path(struct cg *g, const char *path, struct ast_loc loc)
{
	struct ast_expr *e = mk(g, AST_IDENT, loc);
	const char *s = path;
	bool arrow = true;

	if (!e)
		return NULL;
	e->u.ident.scope = AST_SCOPE_GLOBAL;
	e->u.ident.name = "curthread";
	while (*s) {
		size_t n = strcspn(s, "-.");
		struct ast_expr *m = mk(g, AST_MEMBER, loc);
		char *name = arena_strndup(&g->cc->arena, s, n);

		if (!m || !name)
			return NULL;
		m->u.member.base = e;
		m->u.member.name = name;
		m->u.member.arrow = arrow;
		e = m;
		s += n;
		if (!strncmp(s, "->", 2)) {
			arrow = true;
			s += 2;
		} else if (*s == '.') {
			arrow = false;
			s++;
		}
	}
	return e;
}

/*
 * curpsinfo->M and curlwpsinfo->M: dtrace's procfs.d translators from
 * the current task_struct, member by member, as task_struct expressions.
 */
int cg_psinfo(struct cg *g, const struct ast_expr *e, struct ct *t)
{
	static const struct {
		const char *base, *member, *path;
	} tr[] = {
		{ "curpsinfo", "pr_pid", "tgid" },
		{ "curpsinfo", "pr_ppid", "real_parent->tgid" },
		{ "curpsinfo", "pr_uid", "cred->uid.val" },
		{ "curpsinfo", "pr_euid", "cred->euid.val" },
		{ "curpsinfo", "pr_gid", "cred->gid.val" },
		{ "curpsinfo", "pr_egid", "cred->egid.val" },
		{ "curpsinfo", "pr_fname", "comm" },
		{ "curpsinfo", "pr_nlwp", "signal->nr_threads" },
		{ "curpsinfo", "pr_start", "start_time" },
		{ "curpsinfo", "pr_psargs", NULL },
		{ "curlwpsinfo", "pr_lwpid", "pid" },
		{ "curlwpsinfo", "pr_pri", "prio" },
		{ "curlwpsinfo", "pr_start", "start_time" },
		{ "curlwpsinfo", "pr_name", "comm" },
	};
	const char *base = e->u.member.base->u.ident.name, *name = e->u.member.name;
	struct ast_expr *x;
	size_t i;

	if (!e->u.member.arrow)
		return cg_error(
			g, DIAG_OP_SOU, e->loc,
			"operator . cannot be applied to type \"%s *\"; must be applied to a struct or union",
			!strcmp(base, "curpsinfo") ? "psinfo_t" : "lwpsinfo_t");
	for (i = 0; i < sizeof(tr) / sizeof(tr[0]); i++)
		if (!strcmp(tr[i].base, base) && !strcmp(tr[i].member, name))
			break;
	if (i == sizeof(tr) / sizeof(tr[0]))
		return cg_error(g, DIAG_UNSUPPORTED, e->loc, "not supported yet: %s->%s", base,
				name);
	if (cg_need_btf(g, e->loc))
		return -1;
	if (!tr[i].path) {
		/* the command line: the process's argument area, NULs as blanks */
		int64_t mm = task_off(g, "mm", e->loc), as, ae;
		uint32_t mmid = dtype_find(&g->dt, DTYPE_STRUCT, "mm_struct");
		struct dtype_member m1, m2;
		int r, rb, slot;

		if (mm < 0)
			return -1;
		if (!mmid || dtype_member(&g->dt, mmid, "arg_start", &m1) ||
		    dtype_member(&g->dt, mmid, "arg_end", &m2))
			return cg_error(
				g, DIAG_UNSUPPORTED, e->loc,
				"not supported: the kernel's BTF has no mm_struct.arg_start");
		as = (int64_t)(m1.bit_off / 8);
		ae = (int64_t)(m2.bit_off / 8);
		r = cg_reg_alloc(g, e->loc);
		rb = cg_reg_alloc(g, e->loc);
		slot = cg_str_slot(g, e->loc);
		if (r < 0 || rb < 0 || slot < 0)
			return -1;
		cg_emit(g, SPT_OP_LDB, r, 0, 0, SPT_B_CURTHREAD);
		cg_emit(g, SPT_OP_LDX, r, r, 8, (int32_t)mm);
		cg_emit(g, SPT_OP_LDX, rb, r, 8, (int32_t)ae);
		cg_emit(g, SPT_OP_LDX, r, r, 8, (int32_t)as);
		cg_emit(g, SPT_OP_PSARGS, r, r, rb, slot);
		cg_reg_free(g, rb);
		*t = ct_str;
		t->size = SPT_PSARGS_MAX;
		return g->err ? -1 : r;
	}
	x = task_path(g, tr[i].path, e->loc);
	return x ? cg_expr(g, x, t) : -1;
}
