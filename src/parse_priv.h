/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The parser's private state and helpers, shared by parse.c (tokens,
 * expressions, clauses) and parse_decl.c (type names, declarations,
 * pragmas). Not for use outside the parser: see parse.h.
 */
#ifndef SPT_PARSE_PRIV_H
#define SPT_PARSE_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "ast.h"
#include "compile.h"
#include "lex.h"

/* A growable list of pointers, in the arena. */
struct parse_vec {
	void **v;
	size_t n;
	size_t cap;
};

struct parser {
	struct compile_ctx *cc;
	const char *file;
	struct lexer lx;
	struct lexer before;   /* the lexer as it was before tok */
	struct lex_token tok;  /* current token, valid if have_tok */
	struct lex_token tok2; /* the one after it, see peek2 */
	enum lex_mode tok_mode;
	bool have_tok;
	int err;		/* first error, reported: -EINVAL or -ENOMEM */
	struct parse_vec items; /* the program's, pragmas as they are met */
	unsigned int depth;
	unsigned int max_depth;
};

/*
 * Typed copies of a vec: reading the void * slots through another pointer
 * type would break C's aliasing rules. NULL for an empty vec.
 */
#define PARSE_VEC_ARRAY(fn, type)                                       \
	static type **fn(struct parser *p, const struct parse_vec *v)   \
	{                                                               \
		type **a;                                               \
		size_t i;                                               \
                                                                        \
		if (!v->n)                                              \
			return NULL;                                    \
		a = arena_alloc_array(&p->cc->arena, v->n, sizeof(*a)); \
		if (!a) {                                               \
			parse_nomem(p);                                 \
			return NULL;                                    \
		}                                                       \
		for (i = 0; i < v->n; i++)                              \
			a[i] = v->v[i];                                 \
		return a;                                               \
	}

static inline struct ast_loc parse_loc(const struct lex_token *t)
{
	return (struct ast_loc){ .line = t->line, .col = t->col, .file = t->file };
}

/* Report the first error; later ones are dropped (p->err is set). */
void parse_error_at(struct parser *p, enum diag_tag tag, struct ast_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void parse_nomem(struct parser *p);
/* "syntax error near ..." at T, unless T is the lexer's error token. */
void parse_syntax_error(struct parser *p, const struct lex_token *t);

/* Zeroed arena memory; NULL (and reported) when out of memory. */
void *parse_alloc(struct parser *p, size_t size);
bool parse_vec_push(struct parser *p, struct parse_vec *v, void *x);

/* The current token, read in MODE if it was not already. */
const struct lex_token *parse_peek_in(struct parser *p, enum lex_mode mode);

static inline const struct lex_token *parse_peek(struct parser *p)
{
	return parse_peek_in(p, LEX_MODE_EXPR);
}

static inline void parse_next(struct parser *p)
{
	p->have_tok = false;
}

/* Consume a token of KIND, or report a syntax error. */
bool parse_expect(struct parser *p, enum lex_kind kind);

static inline bool parse_is_type_start(const struct lex_token *t)
{
	return t->kind == LEX_IDENT && lex_kw_is_type(t->kw);
}

/*
 * Whether T may begin a type name where a type may be: a type keyword or
 * typedef name, or a word compile_ctx.is_typedef accepts (which becomes a
 * type name, T's kind included when T is the current token).
 */
bool parse_type_start(struct parser *p, const struct lex_token *t);

/* parse_decl.c */

/* Turn a LEX_PRAGMA token into a program item, or ignore it as dtrace would. */
bool parse_pragma(struct parser *p, const struct lex_token *t);
/* A type name: specifiers and '*'s, as in casts and sizeof. */
bool parse_type_name(struct parser *p, struct ast_type *ty);
/* A top-level declaration, at its first word; adds one item per declarator. */
bool parse_decl(struct parser *p);
struct ast_expr *parse_assign_expr(struct parser *p);

#endif /* SPT_PARSE_PRIV_H */
