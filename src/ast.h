/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D abstract syntax tree, as the parser builds it: syntax only, nothing
 * resolved. Every node lives in the compile context's arena.
 *
 * A program is a list of top-level items: clauses, declarations and
 * pragmas, in source order, except that a pragma met inside a clause comes
 * before that clause. Lists are arrays of pointers with a count; an empty
 * list is NULL and 0.
 *
 * Locations: a node's loc is its operator token for operators (the '?' of a
 * ternary, the '[' of an index, the '->' of a member, the '(' of a cast), its
 * first token otherwise (the name of a call, the '@' of an aggregation).
 */
#ifndef SPT_AST_H
#define SPT_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct arena;

struct ast_loc {
	unsigned int line; /* from 1 */
	unsigned int col;  /* in bytes, from 1 */
	const char *file;  /* a line marker's file (lex.h), NULL: the script */
};

enum ast_kind {
	AST_INT,
	AST_CHAR,
	AST_STRING,
	AST_IDENT, /* x, self->x, this->x */
	AST_AGG,   /* @name or @name[keys] */
	AST_MACRO, /* $1, $$1, $target */
	AST_UNARY,
	AST_BINARY,
	AST_TERNARY,
	AST_ASSIGN,
	AST_CAST,
	AST_SIZEOF_TYPE, /* sizeof(type); sizeof expr is AST_UNARY */
	AST_CALL,
	AST_INDEX,    /* base[keys]: arrays, associative arrays, args[] */
	AST_MEMBER,   /* base->name, base.name */
	AST_OFFSETOF, /* offsetof(type, member) */
};

enum ast_op {
	/* unary */
	AST_OP_NEG,	 /* -x */
	AST_OP_PLUS,	 /* +x */
	AST_OP_LNOT,	 /* !x */
	AST_OP_BNOT,	 /* ~x */
	AST_OP_DEREF,	 /* *x */
	AST_OP_ADDR,	 /* &x */
	AST_OP_PREINC,	 /* ++x */
	AST_OP_PREDEC,	 /* --x */
	AST_OP_POSTINC,	 /* x++ */
	AST_OP_POSTDEC,	 /* x-- */
	AST_OP_SIZEOF,	 /* sizeof x */
	AST_OP_STRINGOF, /* stringof x */
	/* binary, and the operation of a compound assignment */
	AST_OP_MUL,
	AST_OP_DIV,
	AST_OP_MOD,
	AST_OP_ADD,
	AST_OP_SUB,
	AST_OP_SHL,
	AST_OP_SHR,
	AST_OP_LT,
	AST_OP_LE,
	AST_OP_GT,
	AST_OP_GE,
	AST_OP_EQ,
	AST_OP_NE,
	AST_OP_BAND,  /* & */
	AST_OP_BXOR,  /* ^ */
	AST_OP_BOR,   /* | */
	AST_OP_LAND,  /* && */
	AST_OP_LXOR,  /* ^^ */
	AST_OP_LOR,   /* || */
	AST_OP_COMMA, /* a, b: a evaluated for its effects, the value b's */
	/* plain assignment */
	AST_OP_ASSIGN,
	AST_OP_COUNT
};

enum ast_scope {
	AST_SCOPE_GLOBAL, /* x: a global, a builtin (pid, arg0) or a function */
	AST_SCOPE_SELF,	  /* self->x: thread-local */
	AST_SCOPE_THIS,	  /* this->x: clause-local */
};

enum ast_type_kind {
	AST_TYPE_INT, /* char ... unsigned long long, by name */
	AST_TYPE_VOID,
	AST_TYPE_STRING,
	AST_TYPE_TYPEDEF, /* int8_t ... ssize_t, compile_ctx.is_typedef names */
	AST_TYPE_STRUCT,
	AST_TYPE_UNION,
	AST_TYPE_ENUM,
	AST_TYPE_FLOAT, /* float, double, long double: sizeof alone (D has no such values) */
};

#define AST_QUAL_CONST 0x1
#define AST_QUAL_VOLATILE 0x2
#define AST_QUAL_RESTRICT 0x4

/*
 * A type name. NAME is canonical: "int" for "signed" or "signed int",
 * "unsigned int" for "unsigned", "long long" for "long long int", "unsigned
 * char", "struct task_struct", "uint64_t". Qualifiers apply to the base type;
 * those written after a '*' are accepted and dropped.
 */
struct ast_member;

struct ast_type {
	enum ast_type_kind kind;
	const char *name;
	unsigned int ptr;   /* levels of '*' */
	unsigned int quals; /* AST_QUAL_* */
	uint64_t dim;	    /* sizeof(char [4]): an array of dim of the type; 0: none */
	struct ast_loc loc;
	/* struct NAME { members } / union / enum { enumerators }: a definition (body set) */
	bool body;
	struct ast_member **members;
	size_t nmembers;
};

/*
 * A member of a struct or union definition: TYPE NAME[DIM] : BITS; or an
 * enumerator of an enum definition: NAME [= VALUE] (type unused).
 */
struct ast_member {
	struct ast_type type;
	const char *name;
	struct ast_loc loc;
	struct ast_expr *value; /* an enumerator's value as written, NULL: the next one */
	bool has_dim;
	uint64_t dim;
	bool has_bits;
	uint64_t bits;
};

/* AST_INT flags: the suffix written */
#define AST_INT_UNSIGNED 0x1
#define AST_INT_LONG 0x2
#define AST_INT_LONGLONG 0x4
#define AST_INT_UPPER_U 0x8 /* the u suffix written U */

struct ast_expr {
	enum ast_kind kind;
	struct ast_loc loc;
	bool paren; /* written in parentheses */
	/*
	 * Nodes on the longest path down from here, 1 for a leaf. The parser
	 * keeps it within compile_ctx.max_nesting, so a recursive pass over
	 * an expression needs no more frames than that.
	 */
	unsigned int height;
	union {
		struct {
			uint64_t value;
			unsigned int base;  /* 8, 10, 16: C picks types by it */
			unsigned int flags; /* AST_INT_* */
		} i;
		struct {
			uint64_t value;	     /* 'ab' is 'a' << 8 | 'b' */
			unsigned int nbytes; /* 1 to 8 */
		} c;
		struct {
			const char *s; /* escapes decoded, NUL-terminated */
			size_t len;    /* may hold NULs ("\0") */
		} str;
		struct {
			enum ast_scope scope;
			const char *name;
		} ident;
		struct {
			const char *name;	/* "" for @ */
			struct ast_expr **keys; /* NULL: @a without [] */
			size_t nkeys;
		} agg;
		struct {
			const char *name; /* "1", "target" */
			bool string;	  /* $$ */
		} macro;
		struct {
			enum ast_op op;
			struct ast_expr *operand;
		} unary;
		struct {
			enum ast_op op; /* AST_OP_ASSIGN, or that of op= */
			struct ast_expr *lhs;
			struct ast_expr *rhs;
		} binary; /* AST_BINARY and AST_ASSIGN */
		struct {
			struct ast_expr *cond;
			struct ast_expr *then;
			struct ast_expr *otherwise;
		} ternary;
		struct {
			struct ast_type type;
			struct ast_expr *operand; /* NULL for AST_SIZEOF_TYPE */
			const char *member;	  /* AST_OFFSETOF */
		} cast;				  /* AST_CAST, AST_SIZEOF_TYPE, AST_OFFSETOF */
		struct {
			const char *name;
			struct ast_expr **args;
			size_t nargs;
		} call;
		struct {
			struct ast_expr *base;
			struct ast_expr **keys; /* at least one */
			size_t nkeys;
		} index;
		struct {
			struct ast_expr *base;
			const char *name;
			bool arrow; /* -> rather than . */
		} member;
	} u;
};

enum ast_stmt_kind {
	AST_STMT_EXPR,
	AST_STMT_EMPTY, /* ; */
};

struct ast_stmt {
	enum ast_stmt_kind kind;
	struct ast_loc loc;
	struct ast_expr *expr; /* AST_STMT_EXPR */
};

struct ast_body {
	struct ast_loc loc; /* of the '{' */
	struct ast_stmt **stmts;
	size_t nstmts;
};

struct ast_probe {
	const char *text; /* as written: "syscall::*read*:entry", "pid$target:::" */
	struct ast_loc loc;
};

struct ast_clause {
	struct ast_probe **probes; /* at least one */
	size_t nprobes;
	struct ast_expr *pred; /* NULL: none */
	struct ast_body *body; /* NULL: default action; {} is zero stmts */
};

struct ast_decl {
	enum ast_scope scope;
	struct ast_type type;
	const char *name; /* NULL: a struct or union definition alone */
	struct ast_loc name_loc;
	struct ast_type **keys; /* long x[int, string]: associative */
	size_t nkeys;
	bool has_dim; /* int x[4]: scalar array */
	uint64_t dim;
	bool is_typedef;       /* typedef TYPE NAME; */
	struct ast_expr *init; /* inline TYPE NAME = init; NULL: a declaration */
	/* inline TYPE NAME[T1 a, ...] = init: keys are T1.., params a.. */
	const char **params;
};

enum ast_pragma_kind {
	AST_PRAGMA_OPTION, /* #pragma D option name[=value] */
	AST_PRAGMA_ATTRIBUTES,
	AST_PRAGMA_BINDING,
	AST_PRAGMA_DEPENDS_ON,
};

struct ast_pragma {
	enum ast_pragma_kind kind;
	const char *text;  /* everything after "#pragma", trimmed */
	const char *name;  /* option: its name; others: the directive */
	const char *value; /* option: after '=', NULL without; others: arguments */
};

enum ast_item_kind {
	AST_ITEM_CLAUSE,
	AST_ITEM_DECL,
	AST_ITEM_PRAGMA,
};

struct ast_item {
	enum ast_item_kind kind;
	struct ast_loc loc;
	union {
		struct ast_clause clause;
		struct ast_decl decl; /* one per declarator: int a, b; is two */
		struct ast_pragma pragma;
	} u;
};

struct ast_program {
	const char *file; /* NULL for -n text */
	struct ast_item **items;
	size_t nitems;
	unsigned int end_line; /* the line the text ends on (dtrace's line after parsing) */
};

/* A zeroed leaf (height 1) of KIND at LOC, or NULL when out of memory. */
struct ast_expr *ast_expr_new(struct arena *a, enum ast_kind kind, struct ast_loc loc);

/* "+" for AST_OP_ADD, "++" for both increments, "sizeof", "=" for AST_OP_ASSIGN. */
const char *ast_op_str(enum ast_op op);

/*
 * S-expression printers, for tests and debugging:
 *   (+ 1 (* 2 3))   (- x) is negation   (post++ x)   (? c a b)   (+= a 1)
 *   (cast <char *> p)   (sizeof <int>)   (sizeof x)   (offsetof <struct s> m)   (call f a b)
 *   ([] a k1 k2)   (@a k)   @a   (-> p f)   (. s f)   self->x   $1   $$1
 *   "a\tb"   (chr 97)   42ull
 *   (clause (probes BEGIN END) (pred e) (body (call exit 0) (nop)))
 *   (decl self <int> x)   (decl <long> x [<int> <string>])   (decl <int> a [4])
 *   (pragma option bufsize=16k)   (pragma depends_on provider io)
 * A clause without predicate or body has no (pred) or (body). The program
 * printer writes one item per line. All return 0 or -EIO.
 */
int ast_print_type(FILE *fp, const struct ast_type *t);
int ast_print_expr(FILE *fp, const struct ast_expr *e);
int ast_print_stmt(FILE *fp, const struct ast_stmt *s);
int ast_print_item(FILE *fp, const struct ast_item *it);
int ast_print_program(FILE *fp, const struct ast_program *prog);

#endif /* SPT_AST_H */
