/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D parser: recursive descent over the lexer's tokens, precedence
 * climbing for the binary operators.
 *
 *   program   := { clause | declaration | ';' }
 *   clause    := pspec { ',' pspec } [ '/' expr '/' ] [ '{' { stmt } '}' ]
 *   stmt      := ';' | expr ';' | expr followed by '}'
 *   expr      := assignment; D has no comma operator
 *   decl      := [ self | this ] type-spec declarator { ',' declarator } ';'
 *   declarator:= { '*' } name [ '[' ( constant | type { ',' type } ) ']' ]
 *
 * Lookahead is one token, plus a peek at the one after it for casts,
 * sizeof(type) and the predicate's closing '/'. The current token remembers
 * the lexer mode it was read in; asking for it in the other mode rewinds the
 * lexer to its start and reads it again. That is how probe descriptions are
 * read only where a clause can begin.
 *
 * The predicate's closing '/': a '/' outside parentheses and brackets ends
 * the predicate unless the token after it can begin an operand. dtrace
 * decides the same way, on the next character.
 *
 * A #pragma line may come anywhere; fetching the next token turns it into a
 * top-level item.
 *
 * Errors: the first one is reported and sticks in p->err; from then on
 * every parse function fails and no token is read. All memory is in the
 * context's arena, so failing paths free nothing. Both the recursion and
 * the height of expression trees are bounded (see seal), so that no input can
 * exhaust the stack, here or in later passes.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "compile.h"
#include "lex.h"
#include "parse.h"

/* Longest token text quoted in "syntax error near" */
#define NEAR_MAX 40

/* A growable list of pointers, in the arena. */
struct vec {
	void **v;
	size_t n;
	size_t cap;
};

struct parser {
	struct compile_ctx *cc;
	const char *file;
	struct lexer lx;
	struct lexer before;		/* the lexer as it was before tok */
	struct lex_token tok;		/* current token, valid if have_tok */
	struct lex_token tok2;		/* the one after it, see peek2 */
	enum lex_mode tok_mode;
	bool have_tok;
	int err;			/* first error, reported: -EINVAL or -ENOMEM */
	struct vec items;		/* the program's, pragmas as they are met */
	unsigned int depth;
	unsigned int max_depth;
	bool in_pred;
	unsigned int nest;		/* ( and [ open in the current predicate */
};

static struct ast_loc loc_of(const struct lex_token *t)
{
	return (struct ast_loc){ .line = t->line, .col = t->col };
}

__attribute__((format(printf, 4, 5)))
static void error_at(struct parser *p, const char *tag, struct ast_loc loc, const char *fmt, ...)
{
	va_list ap;

	if (p->err)
		return;
	p->err = -EINVAL;
	va_start(ap, fmt);
	diag_vadd(&p->cc->diags, tag, p->file, loc.line, loc.col, fmt, ap);
	va_end(ap);
}

static void nomem(struct parser *p)
{
	if (p->err)
		return;
	p->err = -ENOMEM;
	diag_add(&p->cc->diags, DIAG_UNKNOWN, p->file, 0, 0, "out of memory");
}

static void syntax_error(struct parser *p, const struct lex_token *t)
{
	if (t->kind == LEX_ERROR) {
		if (!p->err)
			p->err = -EINVAL;
	} else if (t->kind == LEX_EOF) {
		error_at(p, DIAG_SYNTAX, loc_of(t), "syntax error near end of input");
	} else {
		error_at(p, DIAG_SYNTAX, loc_of(t), "syntax error near \"%.*s%s\"",
			 (int)(t->rawlen > NEAR_MAX ? NEAR_MAX : t->rawlen), t->raw,
			 t->rawlen > NEAR_MAX ? "..." : "");
	}
}

static void *alloc(struct parser *p, size_t size)
{
	void *m = arena_alloc(&p->cc->arena, size);

	if (!m)
		nomem(p);
	return m;
}

static bool vec_push(struct parser *p, struct vec *v, void *x)
{
	size_t cap;
	void **nv;

	if (v->n == v->cap) {
		cap = v->cap ? v->cap * 2 : 8;
		nv = arena_alloc_array(&p->cc->arena, cap, sizeof(*nv));
		if (!nv) {
			nomem(p);
			return false;
		}
		if (v->n)
			memcpy(nv, v->v, v->n * sizeof(*nv));
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = x;
	return true;
}

/*
 * Typed copies of a vec: reading the void * slots through another pointer
 * type would break C's aliasing rules. NULL for an empty vec.
 */
#define DEFINE_VEC_ARRAY(fn, type)						\
static type **fn(struct parser *p, const struct vec *v)			\
{									\
	type **a;							\
	size_t i;							\
									\
	if (!v->n)							\
		return NULL;						\
	a = arena_alloc_array(&p->cc->arena, v->n, sizeof(*a));		\
	if (!a) {							\
		nomem(p);						\
		return NULL;						\
	}								\
	for (i = 0; i < v->n; i++)					\
		a[i] = v->v[i];						\
	return a;							\
}

DEFINE_VEC_ARRAY(vec_exprs, struct ast_expr)
DEFINE_VEC_ARRAY(vec_stmts, struct ast_stmt)
DEFINE_VEC_ARRAY(vec_probes, struct ast_probe)
DEFINE_VEC_ARRAY(vec_items, struct ast_item)
DEFINE_VEC_ARRAY(vec_types, struct ast_type)

static struct ast_expr *new_expr(struct parser *p, enum ast_kind kind, struct ast_loc loc)
{
	struct ast_expr *e = ast_expr_new(&p->cc->arena, kind, loc);

	if (!e)
		nomem(p);
	return e;
}

static unsigned int height_of(const struct ast_expr *e)
{
	return e ? e->height : 0;
}

static unsigned int max_height(unsigned int h, struct ast_expr *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (v[i]->height > h)
			h = v[i]->height;
	}
	return h;
}

/*
 * Set the height of E, whose children are in place. Left-associative chains
 * ("1 + 1 + ...") are parsed in a loop, so this, not the parser's recursion
 * depth, is what keeps trees shallow enough for recursive passes.
 */
static struct ast_expr *seal(struct parser *p, struct ast_expr *e)
{
	unsigned int h = 0;

	switch (e->kind) {
	case AST_AGG:
		h = max_height(0, e->u.agg.keys, e->u.agg.nkeys);
		break;
	case AST_UNARY:
		h = height_of(e->u.unary.operand);
		break;
	case AST_BINARY:
	case AST_ASSIGN:
		h = height_of(e->u.binary.lhs);
		if (height_of(e->u.binary.rhs) > h)
			h = height_of(e->u.binary.rhs);
		break;
	case AST_TERNARY:
		h = height_of(e->u.ternary.cond);
		if (height_of(e->u.ternary.then) > h)
			h = height_of(e->u.ternary.then);
		if (height_of(e->u.ternary.otherwise) > h)
			h = height_of(e->u.ternary.otherwise);
		break;
	case AST_CAST:
	case AST_SIZEOF_TYPE:
		h = height_of(e->u.cast.operand);
		break;
	case AST_CALL:
		h = max_height(0, e->u.call.args, e->u.call.nargs);
		break;
	case AST_INDEX:
		h = max_height(height_of(e->u.index.base), e->u.index.keys, e->u.index.nkeys);
		break;
	case AST_MEMBER:
		h = height_of(e->u.member.base);
		break;
	default:
		break;
	}
	if (h >= p->max_depth) {
		error_at(p, DIAG_SYNTAX, e->loc, "expression nested too deeply");
		return NULL;
	}
	e->height = h + 1;
	return e;
}

/* Pragmas */

static bool is_blank_char(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static const char *skip_blanks(const char *s)
{
	while (is_blank_char(*s))
		s++;
	return s;
}

/* The next blank-separated word of *S: false when there is none. */
static bool next_word(const char **s, const char **w, size_t *n)
{
	const char *q = skip_blanks(*s);

	*w = q;
	while (*q && !is_blank_char(*q))
		q++;
	*n = (size_t)(q - *w);
	*s = q;
	return *n > 0;
}

static bool word_is(const char *w, size_t n, const char *lit)
{
	return strlen(lit) == n && memcmp(w, lit, n) == 0;
}

static struct ast_item *new_pragma(struct parser *p, const struct lex_token *t,
				   enum ast_pragma_kind kind, const char *name, size_t namelen)
{
	struct ast_item *it = alloc(p, sizeof(*it));

	if (!it)
		return NULL;
	it->kind = AST_ITEM_PRAGMA;
	it->loc = loc_of(t);
	it->u.pragma.kind = kind;
	it->u.pragma.text = t->str;
	it->u.pragma.name = arena_strndup(&p->cc->arena, name, namelen);
	if (!it->u.pragma.name || !vec_push(p, &p->items, it)) {
		nomem(p);
		return NULL;
	}
	return it;
}

static bool pragma_option(struct parser *p, const struct lex_token *t, const char *args)
{
	const char *s = args, *w, *eq;
	struct ast_item *it;
	size_t n, namelen, i;

	if (!next_word(&s, &w, &n) || *skip_blanks(s))
		goto malformed;
	eq = memchr(w, '=', n);
	namelen = eq ? (size_t)(eq - w) : n;
	if (!namelen)
		goto malformed;
	for (i = 0; i < namelen; i++) {
		if (!(w[i] == '_' || (w[i] >= '0' && w[i] <= '9') || (w[i] >= 'a' && w[i] <= 'z') ||
		      (w[i] >= 'A' && w[i] <= 'Z')))
			goto malformed;
	}
	it = new_pragma(p, t, AST_PRAGMA_OPTION, w, namelen);
	if (!it)
		return false;
	if (eq) {
		it->u.pragma.value = arena_strndup(&p->cc->arena, eq + 1, n - namelen - 1);
		if (!it->u.pragma.value) {
			nomem(p);
			return false;
		}
	}
	return true;
malformed:
	error_at(p, DIAG_PRAGMA_MALFORM, loc_of(t),
		 "malformed #pragma D option: expected name[=value]");
	return false;
}

/* Turn a LEX_PRAGMA token into an item, or ignore it as dtrace would. */
static bool handle_pragma(struct parser *p, const struct lex_token *t)
{
	static const struct {
		const char *word;
		enum ast_pragma_kind kind;
	} kept[] = {
		{ "attributes", AST_PRAGMA_ATTRIBUTES },
		{ "binding", AST_PRAGMA_BINDING },
		{ "depends_on", AST_PRAGMA_DEPENDS_ON },
	};
	const char *s = t->str, *w, *args;
	struct ast_item *it;
	bool is_d;
	size_t n, i;

	if (!next_word(&s, &w, &n))
		return true;
	is_d = word_is(w, n, "D");
	if (is_d && !next_word(&s, &w, &n)) {
		error_at(p, DIAG_PRAGMA_MALFORM, loc_of(t), "malformed #pragma D: missing directive");
		return false;
	}
	args = skip_blanks(s);

	if (word_is(w, n, "error")) {
		error_at(p, DIAG_PRAGERR, loc_of(t), "#pragma error: %s", args);
		return false;
	}
	if (word_is(w, n, "line")) {
		error_at(p, DIAG_UNSUPPORTED, loc_of(t), "not supported: #pragma line");
		return false;
	}
	/* Non-D pragmas are ignored, as C says unknown ones are. */
	if (!is_d || word_is(w, n, "ident"))
		return true;
	if (word_is(w, n, "option"))
		return pragma_option(p, t, args);
	for (i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		if (!word_is(w, n, kept[i].word))
			continue;
		if (!*args) {
			error_at(p, DIAG_PRAGMA_MALFORM, loc_of(t),
				 "malformed #pragma D %s: missing arguments", kept[i].word);
			return false;
		}
		it = new_pragma(p, t, kept[i].kind, w, n);
		if (!it)
			return false;
		it->u.pragma.value = args;
		return true;
	}
	error_at(p, DIAG_PRAGMA_INVAL, loc_of(t), "invalid D pragma: %.*s", (int)n, w);
	return false;
}

/* Tokens */

static const struct lex_token *peek_in(struct parser *p, enum lex_mode mode)
{
	int ret;

	if (p->err) {
		p->tok.kind = LEX_ERROR;
		p->have_tok = true;
		return &p->tok;
	}
	if (p->have_tok) {
		if (p->tok_mode == mode || p->tok.kind == LEX_EOF)
			return &p->tok;
		p->lx = p->before;
	}
	for (;;) {
		p->before = p->lx;
		ret = lex_next(&p->lx, mode, &p->tok);
		if (ret) {
			p->err = ret;
			break;
		}
		if (p->tok.kind != LEX_PRAGMA)
			break;
		if (!handle_pragma(p, &p->tok)) {
			p->tok.kind = LEX_ERROR;
			break;
		}
	}
	p->have_tok = true;
	p->tok_mode = mode;
	return &p->tok;
}

static const struct lex_token *peek(struct parser *p)
{
	return peek_in(p, LEX_MODE_EXPR);
}

static void next(struct parser *p)
{
	p->have_tok = false;
}

/* The token after the current one, read without consuming either. */
static const struct lex_token *peek2(struct parser *p)
{
	const struct lex_token *t = peek(p);
	struct lexer save;
	int ret;

	if (t->kind == LEX_ERROR || t->kind == LEX_EOF)
		return t;
	save = p->lx;
	do {
		ret = lex_next(&p->lx, LEX_MODE_EXPR, &p->tok2);
	} while (!ret && p->tok2.kind == LEX_PRAGMA);
	p->lx = save;
	if (ret)
		p->err = ret;
	return &p->tok2;
}

static bool expect(struct parser *p, enum lex_kind kind)
{
	const struct lex_token *t = peek(p);

	if (t->kind != kind) {
		syntax_error(p, t);
		return false;
	}
	next(p);
	return true;
}

static bool enter(struct parser *p)
{
	if (p->depth >= p->max_depth) {
		error_at(p, DIAG_SYNTAX, loc_of(peek(p)), "expression nested too deeply");
		return false;
	}
	p->depth++;
	return true;
}

static void leave(struct parser *p)
{
	p->depth--;
}

/* Type names */

enum spec_base {
	BASE_NONE,
	BASE_CHAR,
	BASE_SHORT,
	BASE_OTHER,		/* void, string, a typedef, struct/union/enum */
};

struct spec {
	enum spec_base base;
	enum lex_kw sign;	/* LEX_KW_NONE, LEX_KW_SIGNED or LEX_KW_UNSIGNED */
	bool has_int;
	unsigned int nlong;
};

static bool spec_empty(const struct spec *s)
{
	return s->base == BASE_NONE && s->sign == LEX_KW_NONE && !s->has_int && !s->nlong;
}

static const char *int_type_name(const struct spec *s)
{
	bool u = s->sign == LEX_KW_UNSIGNED;

	if (s->base == BASE_CHAR)
		return u ? "unsigned char" : s->sign == LEX_KW_SIGNED ? "signed char" : "char";
	if (s->base == BASE_SHORT)
		return u ? "unsigned short" : "short";
	if (s->nlong == 2)
		return u ? "unsigned long long" : "long long";
	if (s->nlong == 1)
		return u ? "unsigned long" : "long";
	return u ? "unsigned int" : "int";
}

/* struct/union/enum TAG, at the keyword. */
static bool parse_tagged(struct parser *p, struct ast_type *ty)
{
	const struct lex_token *t = peek(p);
	const char *word = lex_kw_str(t->kw);
	size_t wlen = strlen(word), tlen;
	struct ast_loc loc = loc_of(t);
	char *name;

	ty->kind = t->kw == LEX_KW_STRUCT ? AST_TYPE_STRUCT :
		   t->kw == LEX_KW_UNION ? AST_TYPE_UNION : AST_TYPE_ENUM;
	next(p);
	t = peek(p);
	if (t->kind == LEX_IDENT && (t->kw == LEX_KW_NONE || t->kw == LEX_KW_TYPENAME)) {
		tlen = strlen(t->str);
		name = alloc(p, wlen + 1 + tlen + 1);
		if (!name)
			return false;
		memcpy(name, word, wlen);
		name[wlen] = ' ';
		memcpy(name + wlen + 1, t->str, tlen + 1);
		ty->name = name;
		next(p);
		t = peek(p);
	}
	if (t->kind == LEX_LBRACE) {
		error_at(p, DIAG_UNSUPPORTED, loc, "not supported: %s definitions", word);
		return false;
	}
	if (!ty->name) {
		syntax_error(p, t);
		return false;
	}
	return true;
}

/*
 * Declaration specifiers: qualifiers and one base type, checked as C does
 * ("long short" is an error, "int long unsigned" is unsigned long).
 */
static bool parse_type_spec(struct parser *p, struct ast_type *ty)
{
	struct spec s = { .base = BASE_NONE, .sign = LEX_KW_NONE };
	const struct lex_token *t = peek(p);
	bool combo;

	memset(ty, 0, sizeof(*ty));
	ty->loc = loc_of(t);
	for (;;) {
		t = peek(p);
		if (t->kind != LEX_IDENT)
			break;
		combo = false;
		switch (t->kw) {
		case LEX_KW_CONST:
			ty->quals |= AST_QUAL_CONST;
			break;
		case LEX_KW_VOLATILE:
			ty->quals |= AST_QUAL_VOLATILE;
			break;
		case LEX_KW_RESTRICT:
			ty->quals |= AST_QUAL_RESTRICT;
			break;
		case LEX_KW_SIGNED:
		case LEX_KW_UNSIGNED:
			combo = s.sign != LEX_KW_NONE || s.base == BASE_OTHER;
			s.sign = t->kw;
			break;
		case LEX_KW_CHAR:
			combo = s.base != BASE_NONE || s.has_int || s.nlong;
			s.base = BASE_CHAR;
			break;
		case LEX_KW_SHORT:
			combo = s.base != BASE_NONE || s.nlong;
			s.base = BASE_SHORT;
			break;
		case LEX_KW_INT:
			combo = s.has_int || (s.base != BASE_NONE && s.base != BASE_SHORT);
			s.has_int = true;
			break;
		case LEX_KW_LONG:
			combo = s.nlong == 2 || s.base != BASE_NONE;
			s.nlong++;
			break;
		case LEX_KW_VOID:
		case LEX_KW_STRING:
			combo = !spec_empty(&s);
			s.base = BASE_OTHER;
			ty->kind = t->kw == LEX_KW_VOID ? AST_TYPE_VOID : AST_TYPE_STRING;
			ty->name = t->str;
			break;
		case LEX_KW_FLOAT:
		case LEX_KW_DOUBLE:
			error_at(p, DIAG_UNSUPPORTED, loc_of(t), "not supported: floating-point types");
			return false;
		case LEX_KW_TYPENAME:
			/* After a type, a typedef name is the declarator's name. */
			if (!spec_empty(&s))
				goto out;
			s.base = BASE_OTHER;
			ty->kind = AST_TYPE_TYPEDEF;
			ty->name = t->str;
			break;
		case LEX_KW_STRUCT:
		case LEX_KW_UNION:
		case LEX_KW_ENUM:
			if (!spec_empty(&s))
				goto combo;
			s.base = BASE_OTHER;
			/* It consumes its tokens, the tag included. */
			if (!parse_tagged(p, ty))
				return false;
			continue;
		default:
			goto out;
		}
		if (combo)
			goto combo;
		next(p);
	}
out:
	if (spec_empty(&s)) {
		syntax_error(p, t);
		return false;
	}
	if (s.base != BASE_OTHER) {
		ty->kind = AST_TYPE_INT;
		ty->name = int_type_name(&s);
	}
	return true;
combo:
	error_at(p, DIAG_DECL_COMBO, loc_of(t), "invalid type combination");
	return false;
}

static void parse_pointers(struct parser *p, struct ast_type *ty)
{
	const struct lex_token *t;

	for (;; next(p)) {
		t = peek(p);
		if (t->kind == LEX_STAR)
			ty->ptr++;
		else if (!(ty->ptr && t->kind == LEX_IDENT && (t->kw == LEX_KW_CONST ||
			   t->kw == LEX_KW_VOLATILE || t->kw == LEX_KW_RESTRICT)))
			return;
	}
}

static bool parse_type_name(struct parser *p, struct ast_type *ty)
{
	if (!parse_type_spec(p, ty))
		return false;
	parse_pointers(p, ty);
	return !p->err;
}

static bool is_type_start(const struct lex_token *t)
{
	return t->kind == LEX_IDENT && lex_kw_is_type(t->kw);
}

/* Expressions */

static struct ast_expr *parse_assign(struct parser *p);
static struct ast_expr *parse_unary(struct parser *p);

static bool starts_operand(const struct lex_token *t)
{
	switch (t->kind) {
	case LEX_IDENT: case LEX_INT: case LEX_CHAR: case LEX_STRING: case LEX_AGG:
	case LEX_MACRO: case LEX_LPAREN: case LEX_PLUS: case LEX_MINUS: case LEX_STAR:
	case LEX_AMP: case LEX_BANG: case LEX_TILDE: case LEX_INC: case LEX_DEC:
		return true;
	default:
		return false;
	}
}

/* The C statements D lacks, as "not supported: ..." wants them. */
static const char *unsupported_stmt(enum lex_kw kw)
{
	switch (kw) {
	case LEX_KW_IF: case LEX_KW_ELSE:
		return "if statements";
	case LEX_KW_FOR: case LEX_KW_WHILE: case LEX_KW_DO:
		return "loops";
	case LEX_KW_SWITCH: case LEX_KW_CASE: case LEX_KW_DEFAULT:
		return "switch statements";
	case LEX_KW_RETURN:
		return "return statements";
	case LEX_KW_BREAK:
		return "break statements";
	case LEX_KW_CONTINUE:
		return "continue statements";
	case LEX_KW_GOTO:
		return "goto statements";
	default:
		return NULL;
	}
}

/* (expr) and (type) are told apart by the caller, so only (expr) comes here. */
static struct ast_expr *parse_paren(struct parser *p)
{
	struct ast_expr *e;

	next(p);
	p->nest++;
	e = parse_assign(p);
	p->nest--;
	if (!e || !expect(p, LEX_RPAREN))
		return NULL;
	e->paren = true;
	return e;
}

static struct ast_expr *parse_ident(struct parser *p)
{
	const struct lex_token *t = peek(p);
	struct ast_loc loc = loc_of(t);
	enum ast_scope scope;
	struct ast_expr *e;
	const char *what;

	switch (t->kw) {
	case LEX_KW_NONE:
		scope = AST_SCOPE_GLOBAL;
		break;
	case LEX_KW_SELF:
	case LEX_KW_THIS:
		scope = t->kw == LEX_KW_SELF ? AST_SCOPE_SELF : AST_SCOPE_THIS;
		next(p);
		if (!expect(p, LEX_ARROW))
			return NULL;
		t = peek(p);
		if (t->kind != LEX_IDENT) {
			syntax_error(p, t);
			return NULL;
		}
		break;
	case LEX_KW_OFFSETOF:
	case LEX_KW_XLATE:
		error_at(p, DIAG_UNSUPPORTED, loc, "not supported: %s", lex_kw_str(t->kw));
		return NULL;
	default:
		what = unsupported_stmt(t->kw);
		if (what)
			error_at(p, DIAG_UNSUPPORTED, loc, "not supported: %s", what);
		else
			syntax_error(p, t);
		return NULL;
	}
	e = new_expr(p, AST_IDENT, loc);
	if (!e)
		return NULL;
	e->u.ident.scope = scope;
	e->u.ident.name = t->str;
	next(p);
	return e;
}

static struct ast_expr *parse_primary(struct parser *p)
{
	const struct lex_token *t = peek(p);
	struct ast_expr *e;

	switch (t->kind) {
	case LEX_IDENT:
		return parse_ident(p);
	case LEX_LPAREN:
		return parse_paren(p);
	case LEX_INT:
		e = new_expr(p, AST_INT, loc_of(t));
		if (!e)
			return NULL;
		e->u.i.value = t->value;
		e->u.i.base = t->base;
		e->u.i.flags = (t->flags & LEX_INT_UNSIGNED ? AST_INT_UNSIGNED : 0) |
			       (t->flags & LEX_INT_LONG ? AST_INT_LONG : 0) |
			       (t->flags & LEX_INT_LONGLONG ? AST_INT_LONGLONG : 0);
		break;
	case LEX_CHAR:
		e = new_expr(p, AST_CHAR, loc_of(t));
		if (!e)
			return NULL;
		e->u.c.value = t->value;
		e->u.c.nbytes = t->nbytes;
		break;
	case LEX_STRING:
		e = new_expr(p, AST_STRING, loc_of(t));
		if (!e)
			return NULL;
		e->u.str.s = t->str;
		e->u.str.len = t->len;
		break;
	case LEX_AGG:
		e = new_expr(p, AST_AGG, loc_of(t));
		if (!e)
			return NULL;
		e->u.agg.name = t->str;
		break;
	case LEX_MACRO:
		e = new_expr(p, AST_MACRO, loc_of(t));
		if (!e)
			return NULL;
		e->u.macro.name = t->str;
		e->u.macro.string = t->flags & LEX_MACRO_STRING;
		break;
	default:
		syntax_error(p, t);
		return NULL;
	}
	next(p);
	return e;
}

/* Expressions up to CLOSER, which is consumed. */
static bool parse_list(struct parser *p, struct vec *v, enum lex_kind closer, bool allow_empty)
{
	const struct lex_token *t = peek(p);
	struct ast_expr *e;
	bool ok = false;

	p->nest++;
	if (allow_empty && t->kind == closer) {
		next(p);
		ok = true;
	}
	while (!ok) {
		e = parse_assign(p);
		if (!e || !vec_push(p, v, e))
			break;
		t = peek(p);
		if (t->kind == closer)
			ok = true;
		else if (t->kind != LEX_COMMA)
			break;
		next(p);
	}
	p->nest--;
	if (!ok)
		syntax_error(p, t);
	return ok;
}

static struct ast_expr *parse_postfix(struct parser *p)
{
	const struct lex_token *t;
	struct ast_expr *base, *e = NULL;
	struct ast_loc loc;
	enum lex_kind kind;
	struct vec list;
	bool first;

	base = parse_primary(p);
	for (first = true; base; first = false, base = e) {
		t = peek(p);
		kind = t->kind;
		loc = loc_of(t);
		memset(&list, 0, sizeof(list));
		switch (kind) {
		case LEX_LBRACKET:
			next(p);
			if (!parse_list(p, &list, LEX_RBRACKET, false))
				return NULL;
			if (first && base->kind == AST_AGG && !base->paren) {
				base->u.agg.keys = vec_exprs(p, &list);
				base->u.agg.nkeys = list.n;
				e = p->err ? NULL : seal(p, base);
				break;
			}
			e = new_expr(p, AST_INDEX, loc);
			if (!e)
				return NULL;
			e->u.index.base = base;
			e->u.index.keys = vec_exprs(p, &list);
			e->u.index.nkeys = list.n;
			e = p->err ? NULL : seal(p, e);
			break;
		case LEX_LPAREN:
			/* Only a name can be called: D has no function pointers. */
			if (!first || base->kind != AST_IDENT || base->paren ||
			    base->u.ident.scope != AST_SCOPE_GLOBAL) {
				syntax_error(p, t);
				return NULL;
			}
			next(p);
			if (!parse_list(p, &list, LEX_RPAREN, true))
				return NULL;
			e = new_expr(p, AST_CALL, base->loc);
			if (!e)
				return NULL;
			e->u.call.name = base->u.ident.name;
			e->u.call.args = vec_exprs(p, &list);
			e->u.call.nargs = list.n;
			e = p->err ? NULL : seal(p, e);
			break;
		case LEX_ARROW:
		case LEX_DOT:
			next(p);
			t = peek(p);
			if (t->kind != LEX_IDENT) {
				syntax_error(p, t);
				return NULL;
			}
			e = new_expr(p, AST_MEMBER, loc);
			if (!e)
				return NULL;
			e->u.member.base = base;
			e->u.member.name = t->str;
			e->u.member.arrow = kind == LEX_ARROW;
			next(p);
			e = seal(p, e);
			break;
		case LEX_INC:
		case LEX_DEC:
			next(p);
			e = new_expr(p, AST_UNARY, loc);
			if (!e)
				return NULL;
			e->u.unary.op = kind == LEX_INC ? AST_OP_POSTINC : AST_OP_POSTDEC;
			e->u.unary.operand = base;
			e = seal(p, e);
			break;
		default:
			return p->err ? NULL : base;
		}
	}
	return NULL;
}

/* At '(' followed by a type name. */
static struct ast_expr *parse_cast(struct parser *p)
{
	struct ast_expr *e = new_expr(p, AST_CAST, loc_of(peek(p)));

	next(p);
	if (!e || !parse_type_name(p, &e->u.cast.type) || !expect(p, LEX_RPAREN))
		return NULL;
	e->u.cast.operand = parse_unary(p);
	return e->u.cast.operand ? seal(p, e) : NULL;
}

/* At "sizeof". */
static struct ast_expr *parse_sizeof(struct parser *p)
{
	struct ast_loc loc = loc_of(peek(p));
	const struct lex_token *t;
	struct ast_expr *e;

	next(p);
	t = peek(p);
	if (t->kind == LEX_LPAREN && is_type_start(peek2(p))) {
		next(p);
		e = new_expr(p, AST_SIZEOF_TYPE, loc);
		if (!e || !parse_type_name(p, &e->u.cast.type) || !expect(p, LEX_RPAREN))
			return NULL;
		return e;
	}
	if (p->err)
		return NULL;
	e = new_expr(p, AST_UNARY, loc);
	if (!e)
		return NULL;
	e->u.unary.op = AST_OP_SIZEOF;
	e->u.unary.operand = parse_unary(p);
	return e->u.unary.operand ? seal(p, e) : NULL;
}

static struct ast_expr *parse_unary_inner(struct parser *p)
{
	const struct lex_token *t = peek(p);
	struct ast_loc loc = loc_of(t);
	struct ast_expr *e;
	enum ast_op op;

	switch (t->kind) {
	case LEX_MINUS:
		op = AST_OP_NEG;
		break;
	case LEX_PLUS:
		op = AST_OP_PLUS;
		break;
	case LEX_BANG:
		op = AST_OP_LNOT;
		break;
	case LEX_TILDE:
		op = AST_OP_BNOT;
		break;
	case LEX_STAR:
		op = AST_OP_DEREF;
		break;
	case LEX_AMP:
		op = AST_OP_ADDR;
		break;
	case LEX_INC:
		op = AST_OP_PREINC;
		break;
	case LEX_DEC:
		op = AST_OP_PREDEC;
		break;
	case LEX_IDENT:
		if (t->kw == LEX_KW_SIZEOF)
			return parse_sizeof(p);
		if (t->kw != LEX_KW_STRINGOF)
			return parse_postfix(p);
		op = AST_OP_STRINGOF;
		break;
	case LEX_LPAREN:
		if (is_type_start(peek2(p)))
			return parse_cast(p);
		return p->err ? NULL : parse_postfix(p);
	default:
		return parse_postfix(p);
	}
	next(p);
	e = new_expr(p, AST_UNARY, loc);
	if (!e)
		return NULL;
	e->u.unary.op = op;
	e->u.unary.operand = parse_unary(p);
	return e->u.unary.operand ? seal(p, e) : NULL;
}

static struct ast_expr *parse_unary(struct parser *p)
{
	struct ast_expr *e;

	if (!enter(p))
		return NULL;
	e = parse_unary_inner(p);
	leave(p);
	return e;
}

/* Binding strength of a binary operator, 0 if T is none. */
static int binary_prec(enum lex_kind kind, enum ast_op *op)
{
	static const struct {
		enum lex_kind kind;
		enum ast_op op;
		int prec;
	} ops[] = {
		{ LEX_LOR, AST_OP_LOR, 1 },
		{ LEX_LXOR, AST_OP_LXOR, 2 },
		{ LEX_LAND, AST_OP_LAND, 3 },
		{ LEX_PIPE, AST_OP_BOR, 4 },
		{ LEX_CARET, AST_OP_BXOR, 5 },
		{ LEX_AMP, AST_OP_BAND, 6 },
		{ LEX_EQ, AST_OP_EQ, 7 },
		{ LEX_NE, AST_OP_NE, 7 },
		{ LEX_LT, AST_OP_LT, 8 },
		{ LEX_LE, AST_OP_LE, 8 },
		{ LEX_GT, AST_OP_GT, 8 },
		{ LEX_GE, AST_OP_GE, 8 },
		{ LEX_SHL, AST_OP_SHL, 9 },
		{ LEX_SHR, AST_OP_SHR, 9 },
		{ LEX_PLUS, AST_OP_ADD, 10 },
		{ LEX_MINUS, AST_OP_SUB, 10 },
		{ LEX_STAR, AST_OP_MUL, 11 },
		{ LEX_SLASH, AST_OP_DIV, 11 },
		{ LEX_PERCENT, AST_OP_MOD, 11 },
	};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (ops[i].kind == kind) {
			*op = ops[i].op;
			return ops[i].prec;
		}
	}
	return 0;
}

/* Is the '/' at hand division, rather than the end of the predicate? */
static bool slash_divides(struct parser *p)
{
	if (!p->in_pred || p->nest)
		return true;
	return starts_operand(peek2(p));
}

/* All operators binding at least as tightly as MIN_PREC; left-associative. */
static struct ast_expr *parse_binary(struct parser *p, int min_prec)
{
	const struct lex_token *t;
	struct ast_expr *lhs, *rhs, *e;
	struct ast_loc loc;
	enum ast_op op;
	int prec;

	lhs = parse_unary(p);
	while (lhs) {
		t = peek(p);
		prec = binary_prec(t->kind, &op);
		if (!prec || prec < min_prec)
			break;
		if (t->kind == LEX_SLASH && !slash_divides(p))
			break;
		loc = loc_of(t);
		next(p);
		rhs = parse_binary(p, prec + 1);
		if (!rhs)
			return NULL;
		e = new_expr(p, AST_BINARY, loc);
		if (!e)
			return NULL;
		e->u.binary.op = op;
		e->u.binary.lhs = lhs;
		e->u.binary.rhs = rhs;
		lhs = seal(p, e);
	}
	return p->err ? NULL : lhs;
}

static struct ast_expr *parse_cond(struct parser *p);

static struct ast_expr *parse_cond_inner(struct parser *p)
{
	struct ast_expr *cond, *e;
	const struct lex_token *t;

	cond = parse_binary(p, 1);
	if (!cond)
		return NULL;
	t = peek(p);
	if (t->kind != LEX_QUESTION)
		return cond;
	e = new_expr(p, AST_TERNARY, loc_of(t));
	if (!e)
		return NULL;
	next(p);
	e->u.ternary.cond = cond;
	e->u.ternary.then = parse_assign(p);
	if (!e->u.ternary.then || !expect(p, LEX_COLON))
		return NULL;
	e->u.ternary.otherwise = parse_cond(p);
	return e->u.ternary.otherwise ? seal(p, e) : NULL;
}

static struct ast_expr *parse_cond(struct parser *p)
{
	struct ast_expr *e;

	if (!enter(p))
		return NULL;
	e = parse_cond_inner(p);
	leave(p);
	return e;
}

static bool assign_op(enum lex_kind kind, enum ast_op *op)
{
	switch (kind) {
	case LEX_ASSIGN: *op = AST_OP_ASSIGN; return true;
	case LEX_ADD_ASSIGN: *op = AST_OP_ADD; return true;
	case LEX_SUB_ASSIGN: *op = AST_OP_SUB; return true;
	case LEX_MUL_ASSIGN: *op = AST_OP_MUL; return true;
	case LEX_DIV_ASSIGN: *op = AST_OP_DIV; return true;
	case LEX_MOD_ASSIGN: *op = AST_OP_MOD; return true;
	case LEX_AND_ASSIGN: *op = AST_OP_BAND; return true;
	case LEX_OR_ASSIGN: *op = AST_OP_BOR; return true;
	case LEX_XOR_ASSIGN: *op = AST_OP_BXOR; return true;
	case LEX_SHL_ASSIGN: *op = AST_OP_SHL; return true;
	case LEX_SHR_ASSIGN: *op = AST_OP_SHR; return true;
	default: return false;
	}
}

static struct ast_expr *parse_assign_inner(struct parser *p)
{
	const struct lex_token *t;
	struct ast_expr *lhs, *e;
	enum ast_op op;

	lhs = parse_cond(p);
	if (!lhs)
		return NULL;
	t = peek(p);
	if (!assign_op(t->kind, &op))
		return lhs;
	/* As in C's grammar, the left side must be a unary expression. */
	if (!lhs->paren && (lhs->kind == AST_BINARY || lhs->kind == AST_TERNARY ||
			    lhs->kind == AST_CAST)) {
		syntax_error(p, t);
		return NULL;
	}
	e = new_expr(p, AST_ASSIGN, loc_of(t));
	if (!e)
		return NULL;
	next(p);
	e->u.binary.op = op;
	e->u.binary.lhs = lhs;
	e->u.binary.rhs = parse_assign(p);
	return e->u.binary.rhs ? seal(p, e) : NULL;
}

static struct ast_expr *parse_assign(struct parser *p)
{
	struct ast_expr *e;

	if (!enter(p))
		return NULL;
	e = parse_assign_inner(p);
	leave(p);
	return e;
}

/* Clauses */

static struct ast_expr *parse_predicate(struct parser *p)
{
	struct ast_expr *e;

	next(p);
	p->in_pred = true;
	p->nest = 0;
	e = parse_assign(p);
	p->in_pred = false;
	if (!e || !expect(p, LEX_SLASH))
		return NULL;
	return e;
}

static struct ast_body *parse_body(struct parser *p)
{
	const struct lex_token *t = peek(p);
	struct vec stmts = { 0 };
	struct ast_stmt *s;
	struct ast_body *b;
	const char *what;

	b = alloc(p, sizeof(*b));
	if (!b)
		return NULL;
	b->loc = loc_of(t);
	next(p);
	for (;;) {
		t = peek(p);
		if (t->kind == LEX_RBRACE) {
			next(p);
			break;
		}
		if (t->kind == LEX_EOF || t->kind == LEX_ERROR) {
			syntax_error(p, t);
			return NULL;
		}
		if (t->kind == LEX_IDENT && (what = unsupported_stmt(t->kw))) {
			error_at(p, DIAG_UNSUPPORTED, loc_of(t), "not supported: %s", what);
			return NULL;
		}
		s = alloc(p, sizeof(*s));
		if (!s)
			return NULL;
		s->loc = loc_of(t);
		if (t->kind == LEX_SEMI) {
			s->kind = AST_STMT_EMPTY;
			next(p);
		} else {
			s->kind = AST_STMT_EXPR;
			s->expr = parse_assign(p);
			if (!s->expr)
				return NULL;
			/* dtrace lets the last statement go without its ';'. */
			t = peek(p);
			if (t->kind == LEX_SEMI) {
				next(p);
			} else if (t->kind != LEX_RBRACE) {
				syntax_error(p, t);
				return NULL;
			}
		}
		if (!vec_push(p, &stmts, s))
			return NULL;
	}
	b->stmts = vec_stmts(p, &stmts);
	b->nstmts = stmts.n;
	return p->err ? NULL : b;
}

static bool parse_clause(struct parser *p)
{
	const struct lex_token *t = peek_in(p, LEX_MODE_CLAUSE);
	struct vec probes = { 0 };
	struct ast_clause *c;
	struct ast_probe *pr;
	struct ast_item *it;
	struct ast_loc last;

	it = alloc(p, sizeof(*it));
	if (!it)
		return false;
	it->kind = AST_ITEM_CLAUSE;
	it->loc = loc_of(t);
	c = &it->u.clause;
	for (;;) {
		t = peek_in(p, LEX_MODE_CLAUSE);
		if (t->kind != LEX_PSPEC) {
			syntax_error(p, t);
			return false;
		}
		pr = alloc(p, sizeof(*pr));
		if (!pr)
			return false;
		pr->text = t->str;
		pr->loc = last = loc_of(t);
		if (!vec_push(p, &probes, pr))
			return false;
		next(p);
		t = peek_in(p, LEX_MODE_CLAUSE);
		if (t->kind != LEX_COMMA)
			break;
		next(p);
	}
	c->probes = vec_probes(p, &probes);
	c->nprobes = probes.n;

	if (t->kind == LEX_SLASH) {
		c->pred = parse_predicate(p);
		if (!c->pred)
			return false;
		t = peek_in(p, LEX_MODE_CLAUSE);
	}
	if (t->kind == LEX_LBRACE) {
		c->body = parse_body(p);
		if (!c->body)
			return false;
	} else if (!c->pred && p->file && !p->err) {
		/* Only -n may name probes alone: dtrace -n BEGIN. */
		error_at(p, DIAG_SYNTAX, last,
			 "expected predicate and/or actions following probe description");
		return false;
	}
	return vec_push(p, &p->items, it);
}

/* Declarations */

static const char *unsupported_decl(enum lex_kw kw)
{
	switch (kw) {
	case LEX_KW_TYPEDEF:
		return "typedef";
	case LEX_KW_INLINE:
		return "inline definitions";
	case LEX_KW_TRANSLATOR:
		return "translators";
	case LEX_KW_PROVIDER:
		return "provider definitions";
	case LEX_KW_EXTERN:
		return "extern declarations";
	case LEX_KW_STATIC:
		return "static declarations";
	case LEX_KW_REGISTER:
		return "register declarations";
	case LEX_KW_AUTO:
		return "auto declarations";
	default:
		return NULL;
	}
}

/* At the '[' after a declarator's name. */
static bool parse_dims(struct parser *p, struct ast_decl *d)
{
	const struct lex_token *t;
	struct vec keys = { 0 };
	struct ast_type *ty;

	next(p);
	t = peek(p);
	if (t->kind == LEX_RBRACKET) {
		error_at(p, DIAG_DECL_ARRNULL, loc_of(t),
			 "array declaration requires a dimension or key types");
		return false;
	}
	if (t->kind == LEX_INT) {
		d->has_dim = true;
		d->dim = t->value;
		next(p);
		return expect(p, LEX_RBRACKET);
	}
	for (;;) {
		if (!is_type_start(t)) {
			syntax_error(p, t);
			return false;
		}
		ty = alloc(p, sizeof(*ty));
		if (!ty || !parse_type_name(p, ty) || !vec_push(p, &keys, ty))
			return false;
		t = peek(p);
		next(p);
		if (t->kind == LEX_RBRACKET)
			break;
		if (t->kind != LEX_COMMA) {
			syntax_error(p, t);
			return false;
		}
		t = peek(p);
	}
	d->keys = vec_types(p, &keys);
	d->nkeys = keys.n;
	return !p->err;
}

static bool parse_decl(struct parser *p)
{
	const struct lex_token *t = peek_in(p, LEX_MODE_CLAUSE);
	enum ast_scope scope = AST_SCOPE_GLOBAL;
	struct ast_loc start = loc_of(t);
	struct ast_type base;
	struct ast_item *it;
	struct ast_decl *d;
	const char *what;

	if (t->kw == LEX_KW_SELF || t->kw == LEX_KW_THIS) {
		scope = t->kw == LEX_KW_SELF ? AST_SCOPE_SELF : AST_SCOPE_THIS;
		next(p);
	}
	t = peek(p);
	if (t->kind == LEX_IDENT && (what = unsupported_decl(t->kw))) {
		error_at(p, DIAG_UNSUPPORTED, loc_of(t), "not supported: %s", what);
		return false;
	}
	if (!is_type_start(t)) {
		syntax_error(p, t);
		return false;
	}
	if (!parse_type_spec(p, &base))
		return false;
	for (;;) {
		it = alloc(p, sizeof(*it));
		if (!it)
			return false;
		it->kind = AST_ITEM_DECL;
		it->loc = start;
		d = &it->u.decl;
		d->scope = scope;
		d->type = base;
		parse_pointers(p, &d->type);
		t = peek(p);
		if (t->kind != LEX_IDENT || t->kw != LEX_KW_NONE) {
			syntax_error(p, t);
			return false;
		}
		d->name = t->str;
		d->name_loc = loc_of(t);
		next(p);
		if (peek(p)->kind == LEX_LBRACKET && !parse_dims(p, d))
			return false;
		if (!vec_push(p, &p->items, it))
			return false;
		t = peek(p);
		if (t->kind == LEX_SEMI) {
			next(p);
			return true;
		}
		if (t->kind != LEX_COMMA) {
			syntax_error(p, t);
			return false;
		}
		next(p);
	}
}

/* Entry points */

static void parser_init(struct parser *p, struct compile_ctx *cc, const char *file,
			const char *text, size_t len)
{
	memset(p, 0, sizeof(*p));
	p->cc = cc;
	p->file = file;
	p->max_depth = cc->max_nesting ? cc->max_nesting : COMPILE_MAX_NESTING_DEFAULT;
	lex_init(&p->lx, cc, file, text, len);
}

struct ast_program *parse_program(struct compile_ctx *cc, const char *file, const char *text,
				  size_t len)
{
	const struct lex_token *t;
	struct ast_program *prog;
	struct parser p;

	parser_init(&p, cc, file, text, len);
	while (!p.err) {
		t = peek_in(&p, LEX_MODE_CLAUSE);
		if (t->kind == LEX_EOF)
			break;
		if (t->kind == LEX_SEMI)
			next(&p);
		else if (t->kind == LEX_PSPEC)
			parse_clause(&p);
		else if (t->kind == LEX_IDENT && lex_kw_is_decl(t->kw))
			parse_decl(&p);
		else
			syntax_error(&p, t);
	}
	if (!p.err && !p.items.n)
		error_at(&p, DIAG_EMPTY, (struct ast_loc){ 0, 0 }, "empty D program translation unit");
	if (p.err)
		return NULL;

	prog = alloc(&p, sizeof(*prog));
	if (!prog)
		return NULL;
	if (file) {
		prog->file = arena_strndup(&cc->arena, file, strlen(file));
		if (!prog->file) {
			nomem(&p);
			return NULL;
		}
	}
	prog->items = vec_items(&p, &p.items);
	prog->nitems = p.items.n;
	return p.err ? NULL : prog;
}

struct ast_expr *parse_expression(struct compile_ctx *cc, const char *file, const char *text,
				  size_t len)
{
	struct ast_expr *e;
	struct parser p;

	parser_init(&p, cc, file, text, len);
	e = parse_assign(&p);
	if (e && peek(&p)->kind != LEX_EOF)
		syntax_error(&p, peek(&p));
	return p.err ? NULL : e;
}
