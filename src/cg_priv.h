/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator's private interface, shared by cg.c (program,
 * clauses, actions) and cg_expr.c (types, variables, expressions).
 */
#ifndef SPT_CG_PRIV_H
#define SPT_CG_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/types.h>

#include "abi/agg.h"
#include "abi/isa.h"
#include "abi/limits.h"
#include "ast.h"
#include "compile.h"
#include "diag.h"
#include "dtype.h"
#include "image.h"
#include "opt.h"

enum ct_kind {
	CT_INT,
	CT_VOID,
	CT_STR,
	CT_STACK, /* an aggregation key's stack(): size its field's bytes, sign for
			 * ustack(), psize its frames */
	CT_SOU,	  /* a struct or union (BTF), held by its address */
	CT_ARR,	  /* an array (BTF), held by its address */
	CT_SYM,	  /* an aggregation key's sym() ... umod(): psize its enum img_ftype,
		   * size its bytes (8, a user address's pid and address 16) */
};

/*
 * A type. For a string, size is the most bytes its value can take, NUL
 * included, as far as the compiler knows (a literal's length + 1, 16 for
 * execname, ...; SPT_STRSIZE when it does not know): the record field of
 * a traced or printed string is that long (rounded up to 8), not strsize.
 * A variable's string type is always SPT_STRSIZE.
 */
struct ct {
	enum ct_kind kind;
	unsigned int size; /* bytes: 1, 2, 4, 8; strings: the bound, see above */
	bool sign;
	unsigned int ptr;   /* pointer levels (an 8-byte unsigned integer to the VM) */
	unsigned int psize; /* ptr == 1: size of the pointee, 0 for void */
	bool psign;	    /* and its signedness */
	/*
	 * The type's id in the BTF type space (dtype.h), 0 for the types D has
	 * without it (integers, string, void, pointers to integers). CT_INT
	 * with btf: an integer, enum or pointer described by BTF (members,
	 * typed arguments, curthread).
	 */
	uint32_t btf;
	/*
	 * CT_SOU, CT_ARR: the value is at the register's address plus koff
	 * (member offsets add up at compile time, so a chain of `.` costs
	 * nothing and a load keeps the base pointer for the NULL check).
	 */
	uint32_t koff;
	/*
	 * CT_INT, not a pointer: the C name dtrace gives the type when it has
	 * one of its own (a cast's "long", a constant's "unsigned int", pid's
	 * "pid_t", arg0's "int64_t"), which messages show; NULL: named by size
	 * and signedness. Operators keep the name of the operand whose type
	 * they take.
	 */
	const char *name;
};

static const struct ct ct_int = { CT_INT, 4, true, 0, 0, false, 0, 0, NULL };
static const struct ct ct_int64 = { CT_INT, 8, true, 0, 0, false, 0, 0, NULL };
static const struct ct ct_uint64 = { CT_INT, 8, false, 0, 0, false, 0, 0, NULL };
static const struct ct ct_uint32 = { CT_INT, 4, false, 0, 0, false, 0, 0, NULL };
static const struct ct ct_str = { CT_STR, SPT_STRSIZE, false, 0, 0, false, 0, 0, NULL };

/* String bounds (bytes with the NUL). */
#define CG_EXECNAME_MAX 16  /* TASK_COMM_LEN */
#define CG_LLTOSTR10_MAX 21 /* "-9223372036854775808" */
#define CG_LLTOSTR_MAX 65   /* any base: 64 binary digits */

/* The bound of string type T: its size when it is one, else SPT_STRSIZE. */
static inline unsigned int ct_strmax(const struct ct *t)
{
	return t->size && t->size <= SPT_STRSIZE ? t->size : SPT_STRSIZE;
}

#define CG_MAX_KEYS 8

struct cg_var {
	const char *name;
	enum ast_scope scope;
	struct ct type; /* of the variable, or of an associative array's elements */
	uint32_t slot;	/* byte offset (global, this->), variable id (self->), array id */
	bool assoc;	/* an associative array: name[keys] */
	unsigned int nkeys;
	bool kstr[CG_MAX_KEYS];	      /* key i is a string */
	struct ct ktype[CG_MAX_KEYS]; /* its type, from the first use */
	uint32_t koff[CG_MAX_KEYS];   /* its offset in the key */
	struct cg_var *next;
};

/*
 * An inline definition: a constant one (its right side folds to an
 * integer) is that constant with the constant's own type, as in dtrace;
 * any other is its expression, evaluated at each use and cast to TYPE.
 * One with parameters (NAME[T1 a, ...], used as NAME[x, ...]) is never
 * constant: at each use its parameters stand for the arguments given,
 * each evaluated where the body reads it and cast to its type, as
 * dtrace-utils substitutes them (cg_ibind).
 */
struct cg_inline {
	const char *name;
	struct ct type; /* declared */
	bool is_const;
	int64_t value;
	struct ct vtype; /* is_const: the constant's type */
	const struct ast_expr *e;
	const char **params; /* NULL: no parameters */
	size_t nparams;
	struct ct ptype[CG_MAX_KEYS];
	struct cg_inline *next;
};

/* The arguments of the parameterised inline whose body is being compiled. */
struct cg_ibind {
	const struct cg_inline *in;
	struct ast_expr *const *args;  /* in->nparams of them */
	const struct cg_ibind *caller; /* the bindings where the use was written */
};

struct cg {
	struct compile_ctx *cc;
	const char *file;
	struct opts *o;
	char *const *macros;
	size_t nmacros;
	const char *argv0;   /* $0 of -n programs */
	bool last_ref;	     /* the program referenced the last macro argument */
	unsigned int nprogs; /* programs added so far: the current one's number */
	struct image *img;
	size_t icap;
	struct cg_var *vars;
	struct cg_inline *inlines;
	const struct cg_ibind *ibind; /* NULL outside parameterised inlines */
	uint32_t global_bytes;
	uint32_t this_bytes;
	uint32_t nself;
	uint32_t nassoc;
	unsigned int regs; /* bit i: ri in use */
	/* the clause being compiled */
	struct img_clause *cl;
	size_t fcap, acap;
	unsigned int agg_line[SPT_AGG_MAX]; /* line of each aggregation's first assignment */
	int64_t agg_par[SPT_AGG_MAX][4];    /* and its lquantize/llquantize parameters */
	int64_t agg_par_new[4];		    /* those of the call being compiled */
	/*
	 * Keys stored by probe-name offset (cg_agg_finish): 1 where every use
	 * of an aggregation so far put a probe name (probefunc...) in that key.
	 */
	uint8_t agg_pname[SPT_AGG_MAX][IMG_AGG_KEYS];
	bool in_clause;		  /* compiling a clause (not a pragma or declaration) */
	uint32_t act;		  /* action being compiled: 0 predicate, 1.. statements */
	unsigned int strslot;	  /* string slots used by the clause (slot 0 is execname) */
	size_t stcap;		  /* string table capacity */
	size_t act_start;	  /* its first instruction */
	uint32_t recoff;	  /* next free byte of its record */
	bool records;		  /* it has a data-recording action */
	bool speculative;	  /* speculate() ran: what follows is speculative */
	bool committed;		  /* commit() ran */
	bool drec;		  /* a data-recording action ran (D's ordering rules) */
	bool uses_spec;		  /* the program calls speculation() */
	bool sysrec;		  /* the clause records for system(), which D's rules do not
				 * count as data-recording */
	struct dtypes dt;	  /* BTF types, the kernel's loaded at the first need */
	struct probe_table *ptab; /* the probes, loaded for args[ ] only */
	bool want_addr;		  /* the member access being compiled is &'s operand */
	bool keep_array;	  /* a char array member stays an array (for [ ]), not a string */
	bool index_addr;	  /* &p[i]: value_index() gives the element's address */
	bool bitfield;		  /* the member just read is a bit-field (for sizeof) */
	int err;
};

__attribute__((format(printf, 4, 5))) int cg_error(struct cg *g, enum diag_tag tag,
						   struct ast_loc loc, const char *fmt, ...);
int cg_nomem(struct cg *g);
/* Emit one instruction; returns its index, or -1 after an error. */
int cg_emit(struct cg *g, enum spt_op op, int dst, int a, int b, int32_t imm);
int cg_reg_alloc(struct cg *g, struct ast_loc loc);
void cg_reg_free(struct cg *g, int r);
/* Narrow register R to type T in place (sign- or zero-extension). */
void cg_narrow(struct cg *g, int r, const struct ct *t);
int cg_type_of(struct cg *g, const struct ast_type *at, struct ct *t);
const char *cg_type_name(const struct ct *t, char *buf, size_t len);
struct cg_var *cg_var_find(struct cg *g, enum ast_scope scope, const char *name);
struct cg_var *cg_var_new(struct cg *g, enum ast_scope scope, const char *name, const struct ct *t,
			  struct ast_loc loc);
const char *cg_scope_prefix(enum ast_scope s);
/* A new global associative array NAME[keys] (KSTR[i]: key i is a string). */
struct cg_var *cg_assoc_new(struct cg *g, const char *name, const struct ct *vt, size_t nkeys,
			    const bool *kstr, const struct ct *kt, struct ast_loc loc);
/* Reserve a field of SIZE bytes in the clause's record and describe it. */
int cg_field_add(struct cg *g, enum img_ftype type, unsigned int size, struct ast_loc loc);
/* A new action of the clause; its fields are those added after it. */
struct img_action *cg_action_add(struct cg *g, enum img_act kind);
/* cg_agg.c: `@a[keys] = f(args);` */
int cg_agg_assign(struct cg *g, const struct ast_expr *e);
void cg_agg_finish(struct cg *g);
/* speculate, commit, discard: 0, -1 after an error, 1: not one of them. */
int cg_spec_action(struct cg *g, const struct ast_expr *e);
/* Kinds of action for D's ordering rules within a clause. */
enum cg_cls {
	CG_CLS_SPECULATE,
	CG_CLS_COMMIT,
	CG_CLS_DISCARD,
	CG_CLS_AGG,  /* @a = f() */
	CG_CLS_DEST, /* destructive: raise, stop, system, panic, ... */
	CG_CLS_EXIT,
	CG_CLS_REC, /* any other action: trace, printf, printa, clear, ... */
};
/* Check the later action K at LOC against the clause's earlier ones, record it. */
int cg_clsflags(struct cg *g, enum cg_cls k, struct ast_loc loc);
/* Before a data-recording action named WHAT: cg_clsflags(CG_CLS_REC). */
int cg_drec_check(struct cg *g, const char *what, struct ast_loc loc);
/* printa, clear, trunc, normalize, denormalize: 0, -1 after an error, 1: not one of them. */
int cg_agg_action(struct cg *g, const struct ast_expr *e);
bool cg_is_aggfunc(const char *name);
/* NAME is one of D's built-in variables (pid, execname, ...). */
bool cg_is_builtin(const char *name);
/* inline TYPE NAME = E; */
/* An enum definition: its BTF type and its enumerators, constants. */
int cg_enum_define(struct cg *g, const struct ast_type *at);
int cg_inline_def(struct cg *g, const struct ast_decl *d);
/*
 * Whether E is an integer constant expression (literals, library constants,
 * constant inlines and their arithmetic), and its value.
 */
bool cg_const_fold(struct cg *g, const struct ast_expr *e, int64_t *v);
/* Type and emit expression E; returns the register holding its value, or -1. */
int cg_expr(struct cg *g, const struct ast_expr *e, struct ct *t);

/* cg_expr.c, for cg_str.c. */
int cg_load_const(struct cg *g, uint64_t v, struct ast_loc loc);
int cg_op_const(struct cg *g, enum spt_op op, int r, uint64_t v, struct ast_loc loc);
/* The string table offset (reference) of STR, added once. */
int cg_strtab_ref(struct cg *g, const char *str, struct ast_loc loc);
/*
 * Probe description TEXT with its $N, $$N and $name macros replaced, as
 * dtrace does textually; NULL after an error (D_PDESC_INVAL).
 */
const char *cg_pdesc_expand(struct cg *g, const char *text, struct ast_loc loc);
/* Point the branch at instruction AT to the next instruction emitted. */
void cg_patch_here(struct cg *g, int at);
/* A string slot of its own for a string-producing call in the clause. */
int cg_str_slot(struct cg *g, struct ast_loc loc);

/* cg_str.c: D's string subroutines, NULL strings, self-> strings. */
bool cg_is_strsubr(const char *name);
int cg_strsubr(struct cg *g, const struct ast_expr *e, struct ct *t);
/* E is NULL or the constant 0. */
bool cg_is_null(const struct ast_expr *e);
/* String R (freed) == or != NULL. */
int cg_str_null_compare(struct cg *g, enum ast_op op, int r, struct ct *t);
int cg_self_str_load(struct cg *g, const struct cg_var *v, struct ast_loc loc);
void cg_self_str_store(struct cg *g, const struct cg_var *v, int r, struct ast_loc loc);

/* cg_stack.c: stack(), ustack(), stacks as keys, stackdepth & co. */
struct cg_stack {
	bool user;	     /* ustack() */
	unsigned int frames; /* frame words of its field */
	unsigned int size;   /* bytes of its field: SPT_STACK_FIELD(frames), or
				 * SPT_STACK_RFIELD(frames, window) */
	unsigned int window; /* bytes of user stack copied (records only), 0: none */
	unsigned int show;   /* kernel stacks: frames printed past the glue */
};
/* E is a call of stack() or ustack(). */
bool cg_is_stack_call(const struct ast_expr *e);
/* The frames and field of stack call E (its arguments checked): 0, or -1 after an error. */
int cg_stack_type(struct cg *g, const struct ast_expr *e, struct cg_stack *st);
/* A record field of stack call E (printf's %k argument, the action's field). */
int cg_stack_field(struct cg *g, const struct ast_expr *e);
/* The action stack(...) or ustack(...): a field of the clause's record. */
int cg_stack_action(struct cg *g, const struct ast_expr *e);
/* Stack ST into the key being built at offset OFF. */
int cg_stack_key(struct cg *g, const struct cg_stack *st, uint32_t off, struct ast_loc loc);
/* stackdepth, ustackdepth, caller, ucaller: the register, -1 after an error, -2: not one. */
int cg_stack_builtin(struct cg *g, const char *name, struct ast_loc loc, struct ct *t);
bool cg_is_stack_builtin(const char *name);
/* cg_sym.c: sym(), func(), mod(), usym(), ufunc(), uaddr(), umod(). */
/* The field type (IMG_SYM ... IMG_UMOD) of call E, or -1: not one of them. */
int cg_sym_type(const struct ast_expr *e);
/* A user address's type: its record is (pid, address), 16 bytes. */
bool cg_sym_user(enum img_ftype type);
/* Symbol call E's argument checked and evaluated: its register, or -1; *TYPE its field type. */
int cg_sym_addr(struct cg *g, const struct ast_expr *e, enum img_ftype *type);
/*
 * The address in RADDR (and a user one's pid: PID, or the current one's
 * when 0) into the record, or the key being built when KEY, at OFF.
 */
int cg_sym_store(struct cg *g, enum img_ftype type, int raddr, int64_t pid, uint32_t off, bool key,
		 struct ast_loc loc);
/* A record field of TYPE for the address in RADDR (PID as for cg_sym_store). */
int cg_sym_record(struct cg *g, enum img_ftype type, int raddr, int64_t pid, struct ast_loc loc);
/* A record field of symbol call E (a trace() or printf() argument). */
int cg_sym_field(struct cg *g, const struct ast_expr *e);
/* The action sym(x); and its kind: a field of the clause's record. */
int cg_sym_action(struct cg *g, const struct ast_expr *e);
/* cg_type.c: BTF types, member access, curthread. */
/* The kernel's BTF, loaded at the first call: 0, or -1 after an error at LOC. */
int cg_need_btf(struct cg *g, struct ast_loc loc);
/* The D type of BTF type ID. */
int cg_btf_ct(struct cg *g, uint32_t id, struct ct *t, struct ast_loc loc);
/* struct/union/enum NAME, or a kernel typedef, with PTR pointer levels. */
int cg_btf_type_of(struct cg *g, const struct ast_type *at, struct ct *t);
/* A type's name as dtrace writes it ("struct task_struct *", "int"). */
const char *cg_ct_name(struct cg *g, const struct ct *t, char *buf, size_t len);
/* base->name, base.name */
int cg_member(struct cg *g, const struct ast_expr *e, struct ct *t);
/* curthread */
int cg_curthread(struct cg *g, const struct ast_expr *e, struct ct *t);
/* *R of BTF pointer type PT (R reused), or e[i] of a BTF pointer or array. */
int cg_btf_deref(struct cg *g, int r, const struct ct *pt, struct ct *t, struct ast_loc loc);
/* Load the value of type T at R + OFF (bit-field BITS at bit BITOFF): R reused. */
int cg_btf_load(struct cg *g, int r, uint32_t off, uint32_t id, uint32_t bitoff, uint32_t bits,
		struct ct *t, struct ast_loc loc);
/* The address of a CT_SOU/CT_ARR value in R: its pending offset added. */
void cg_btf_addr(struct cg *g, int r, struct ct *t);
/* alloca, copyin, copyinto, bcopy (E calls one of them). */
int cg_memsubr(struct cg *g, const struct ast_expr *e, struct ct *t);
/* struct NAME { ... } / union: define the type (a declaration's body). */
int cg_sou_define(struct cg *g, const struct ast_type *at);
/* An array type written with its dimension (sizeof(char [4])). */
int cg_array_type(struct cg *g, const struct ast_type *at, struct ct *t);
/* The BTF id of D type T (made in the split part if it has none); 0: void or no memory. */
uint32_t cg_ct_btf_id(struct cg *g, const struct ct *t);
/* progenyof(pid) */
int cg_progenyof(struct cg *g, const struct ast_expr *e, struct ct *t);
/* d_path(struct path *): the path as a string, from the process's root. */
int cg_dpath(struct cg *g, const struct ast_expr *e, struct ct *t);
/* Is member expression E one the D library translates (fds[fd].M)? */
bool cg_is_lib_member(struct cg *g, const struct ast_expr *e);
int cg_lib_member(struct cg *g, const struct ast_expr *e, struct ct *t);
/* curpsinfo->M, curlwpsinfo->M */
int cg_psinfo(struct cg *g, const struct ast_expr *e, struct ct *t);
/* args[N] of the clause's probes */
int cg_args(struct cg *g, const struct ast_expr *e, struct ct *t);
/* A C type name as text ("const char *") as a D type. */
int cg_ctype_text(struct cg *g, const char *text, struct ct *t, struct ast_loc loc);
/* base[i] of pointer or array BT in R. */
/* BT's element at index E's key (ADDR: its address, a pointer to it). */
int cg_ptr_index(struct cg *g, const struct ast_expr *e, int r, struct ct *bt, struct ct *t,
		 bool addr);
/* offsetof(type, member) */
int cg_offsetof(struct cg *g, const struct ast_type *at, const char *member, struct ast_loc loc,
		uint64_t *off);

/* cg_subr.c: rand, byte order, getmajor/getminor; what spectrace refuses. */
bool cg_is_intsubr(const char *name);
int cg_intsubr(struct cg *g, const struct ast_expr *e, struct ct *t);
/* -1 after a "not supported" (or D_ACT_SPEC) error for E, 1: not refused. */
int cg_refused(struct cg *g, const struct ast_expr *e);

#endif /* SPT_CG_PRIV_H */
