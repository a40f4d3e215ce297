/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D parser: recursive descent over the lexer's tokens, precedence
 * climbing for the binary operators. This file has the token plumbing,
 * expressions, clauses and the entry points; parse_decl.c has type names,
 * declarations and pragmas.
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
 * The predicate's closing '/': the lexer marks a '/' followed by ';', '{',
 * '/' or the end of the input (blanks aside) as a predicate's end, as
 * dtrace's lexer does; any other '/' divides. In a body such a '/' is a
 * syntax error, which is what "//" is without -C.
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

#include "parse.h"
#include "parse_priv.h"

/* Longest token text quoted in "syntax error near" */
#define NEAR_MAX 40

PARSE_VEC_ARRAY(vec_exprs, struct ast_expr)
PARSE_VEC_ARRAY(vec_stmts, struct ast_stmt)
PARSE_VEC_ARRAY(vec_probes, struct ast_probe)
PARSE_VEC_ARRAY(vec_items, struct ast_item)

void parse_error_at(struct parser *p, enum diag_tag tag, struct ast_loc loc, const char *fmt, ...)
{
	va_list ap;

	if (p->err)
		return;
	p->err = -EINVAL;
	va_start(ap, fmt);
	diag_vadd(&p->cc->diags, tag, p->file, loc.line, loc.col, fmt, ap);
	va_end(ap);
	diag_set_filetag(&p->cc->diags, loc.file);
}

void parse_nomem(struct parser *p)
{
	if (p->err)
		return;
	p->err = -ENOMEM;
	diag_add(&p->cc->diags, DIAG_UNKNOWN, p->file, 0, 0, "out of memory");
}

void parse_syntax_error(struct parser *p, const struct lex_token *t)
{
	if (t->kind == LEX_ERROR) {
		if (!p->err)
			p->err = -EINVAL;
	} else if (t->kind == LEX_EOF) {
		parse_error_at(p, DIAG_SYNTAX, parse_loc(t), "syntax error near end of input");
	} else {
		parse_error_at(p, DIAG_SYNTAX, parse_loc(t), "syntax error near \"%.*s%s\"",
			       (int)(t->rawlen > NEAR_MAX ? NEAR_MAX : t->rawlen), t->raw,
			       t->rawlen > NEAR_MAX ? "..." : "");
	}
}

void *parse_alloc(struct parser *p, size_t size)
{
	void *m = arena_alloc(&p->cc->arena, size);

	if (!m)
		parse_nomem(p);
	return m;
}

bool parse_vec_push(struct parser *p, struct parse_vec *v, void *x)
{
	size_t cap;
	void **nv;

	if (v->n == v->cap) {
		cap = v->cap ? v->cap * 2 : 8;
		nv = arena_alloc_array(&p->cc->arena, cap, sizeof(*nv));
		if (!nv) {
			parse_nomem(p);
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

static struct ast_expr *new_expr(struct parser *p, enum ast_kind kind, struct ast_loc loc)
{
	struct ast_expr *e = ast_expr_new(&p->cc->arena, kind, loc);

	if (!e)
		parse_nomem(p);
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
		parse_error_at(p, DIAG_SYNTAX, e->loc, "expression nested too deeply");
		return NULL;
	}
	e->height = h + 1;
	return e;
}

/* Tokens */

const struct lex_token *parse_peek_in(struct parser *p, enum lex_mode mode)
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
		if (!parse_pragma(p, &p->tok)) {
			p->tok.kind = LEX_ERROR;
			break;
		}
	}
	p->have_tok = true;
	p->tok_mode = mode;
	return &p->tok;
}

/* The token after the current one, read without consuming either. */
static const struct lex_token *peek2(struct parser *p)
{
	const struct lex_token *t = parse_peek(p);
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

bool parse_type_start(struct parser *p, const struct lex_token *t)
{
	struct compile_ctx *cc = p->cc;

	if (parse_is_type_start(t))
		return true;
	if (t->kind != LEX_IDENT || t->kw != LEX_KW_NONE || !cc->is_typedef ||
	    !cc->is_typedef(t->str, cc->is_typedef_arg))
		return false;
	if (compile_ctx_add_tdef(cc, t->str)) {
		parse_nomem(p);
		return false;
	}
	if (t == &p->tok)
		p->tok.kw = LEX_KW_TYPENAME;
	return true;
}

/*
 * At '(': whether a type name follows, a cast or sizeof's operand. A word
 * D does not know is asked about only when ')' or '*' follows it, as in
 * (u64)x or (mode_t *)p, so (a + b) loads no kernel types.
 */
static bool paren_type(struct parser *p)
{
	const struct lex_token *t = peek2(p);
	struct lexer save;
	struct lex_token t3;
	int ret;

	if (parse_is_type_start(t))
		return true;
	if (t->kind != LEX_IDENT || t->kw != LEX_KW_NONE || !p->cc->is_typedef || p->err)
		return false;
	save = p->lx;
	do {
		ret = lex_next(&p->lx, LEX_MODE_EXPR, &t3);
	} while (!ret && t3.kind == LEX_PRAGMA);
	if (!ret)
		ret = lex_next(&p->lx, LEX_MODE_EXPR, &t3);
	p->lx = save;
	if (ret || (t3.kind != LEX_RPAREN && t3.kind != LEX_STAR))
		return false;
	return parse_type_start(p, t);
}

bool parse_expect(struct parser *p, enum lex_kind kind)
{
	const struct lex_token *t = parse_peek(p);

	if (t->kind != kind) {
		parse_syntax_error(p, t);
		return false;
	}
	parse_next(p);
	return true;
}

static bool enter(struct parser *p)
{
	if (p->depth >= p->max_depth) {
		parse_error_at(p, DIAG_SYNTAX, parse_loc(parse_peek(p)),
			       "expression nested too deeply");
		return false;
	}
	p->depth++;
	return true;
}

static void leave(struct parser *p)
{
	p->depth--;
}

/* Expressions */

static struct ast_expr *parse_assign(struct parser *p);

/* An assignment-expression, for the right side of an inline definition. */
struct ast_expr *parse_assign_expr(struct parser *p)
{
	return parse_assign(p);
}
static struct ast_expr *parse_unary(struct parser *p);

/* The C statements D lacks, as "not supported: ..." wants them. */
static const char *unsupported_stmt(enum lex_kw kw)
{
	switch (kw) {
	case LEX_KW_IF:
	case LEX_KW_ELSE:
		return "if statements";
	case LEX_KW_FOR:
	case LEX_KW_WHILE:
	case LEX_KW_DO:
		return "loops";
	case LEX_KW_SWITCH:
	case LEX_KW_CASE:
	case LEX_KW_DEFAULT:
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
/*
 * expression: assignment expressions joined by the comma operator (in
 * parentheses, statements and ?:'s middle; function arguments and keys are
 * lists of assignment expressions, where a comma separates them).
 */
static struct ast_expr *parse_comma(struct parser *p)
{
	struct ast_expr *lhs = parse_assign(p), *e;
	const struct lex_token *t;

	while (lhs && (t = parse_peek(p))->kind == LEX_COMMA) {
		e = new_expr(p, AST_BINARY, parse_loc(t));
		if (!e)
			return NULL;
		parse_next(p);
		e->u.binary.op = AST_OP_COMMA;
		e->u.binary.lhs = lhs;
		e->u.binary.rhs = parse_assign(p);
		if (!e->u.binary.rhs)
			return NULL;
		lhs = seal(p, e);
	}
	return p->err ? NULL : lhs;
}

static struct ast_expr *parse_paren(struct parser *p)
{
	struct ast_expr *e;

	parse_next(p);
	e = parse_comma(p);
	if (!e || !parse_expect(p, LEX_RPAREN))
		return NULL;
	e->paren = true;
	return e;
}

static struct ast_expr *parse_ident(struct parser *p)
{
	const struct lex_token *t = parse_peek(p);
	struct ast_loc loc = parse_loc(t);
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
		parse_next(p);
		if (!parse_expect(p, LEX_ARROW))
			return NULL;
		t = parse_peek(p);
		if (t->kind != LEX_IDENT) {
			parse_syntax_error(p, t);
			return NULL;
		}
		break;
	case LEX_KW_OFFSETOF:
		/* offsetof ( type-name , member ) */
		parse_next(p);
		e = new_expr(p, AST_OFFSETOF, loc);
		if (!e || !parse_expect(p, LEX_LPAREN) || !parse_type_name(p, &e->u.cast.type) ||
		    !parse_expect(p, LEX_COMMA))
			return NULL;
		t = parse_peek(p);
		if (t->kind != LEX_IDENT) {
			parse_syntax_error(p, t);
			return NULL;
		}
		e->u.cast.member = t->str;
		parse_next(p);
		if (!parse_expect(p, LEX_RPAREN))
			return NULL;
		return e;
	case LEX_KW_XLATE:
		parse_error_at(p, DIAG_UNSUPPORTED, loc, "not supported: %s", lex_kw_str(t->kw));
		return NULL;
	default:
		what = unsupported_stmt(t->kw);
		if (what)
			parse_error_at(p, DIAG_UNSUPPORTED, loc, "not supported: %s", what);
		else
			parse_syntax_error(p, t);
		return NULL;
	}
	e = new_expr(p, AST_IDENT, loc);
	if (!e)
		return NULL;
	e->u.ident.scope = scope;
	e->u.ident.name = t->str;
	parse_next(p);
	return e;
}

static struct ast_expr *parse_primary(struct parser *p)
{
	const struct lex_token *t = parse_peek(p);
	struct ast_expr *e;

	switch (t->kind) {
	case LEX_IDENT:
		return parse_ident(p);
	case LEX_LPAREN:
		return parse_paren(p);
	case LEX_INT:
		e = new_expr(p, AST_INT, parse_loc(t));
		if (!e)
			return NULL;
		e->u.i.value = t->value;
		e->u.i.base = t->base;
		e->u.i.flags = (t->flags & LEX_INT_UNSIGNED ? AST_INT_UNSIGNED : 0) |
			       (t->flags & LEX_INT_LONG ? AST_INT_LONG : 0) |
			       (t->flags & LEX_INT_LONGLONG ? AST_INT_LONGLONG : 0) |
			       (t->flags & LEX_INT_UPPER_U ? AST_INT_UPPER_U : 0);
		break;
	case LEX_CHAR:
		e = new_expr(p, AST_CHAR, parse_loc(t));
		if (!e)
			return NULL;
		e->u.c.value = t->value;
		e->u.c.nbytes = t->nbytes;
		break;
	case LEX_STRING:
		e = new_expr(p, AST_STRING, parse_loc(t));
		if (!e)
			return NULL;
		e->u.str.s = t->str;
		e->u.str.len = t->len;
		break;
	case LEX_AGG:
		e = new_expr(p, AST_AGG, parse_loc(t));
		if (!e)
			return NULL;
		e->u.agg.name = t->str;
		break;
	case LEX_MACRO:
		e = new_expr(p, AST_MACRO, parse_loc(t));
		if (!e)
			return NULL;
		e->u.macro.name = t->str;
		e->u.macro.string = t->flags & LEX_MACRO_STRING;
		break;
	default:
		parse_syntax_error(p, t);
		return NULL;
	}
	parse_next(p);
	return e;
}

/* Expressions up to CLOSER, which is consumed. */
static bool parse_list(struct parser *p, struct parse_vec *v, enum lex_kind closer,
		       bool allow_empty)
{
	const struct lex_token *t = parse_peek(p);
	struct ast_expr *e;
	bool ok = false;

	if (allow_empty && t->kind == closer) {
		parse_next(p);
		ok = true;
	}
	while (!ok) {
		e = parse_assign(p);
		if (!e || !parse_vec_push(p, v, e))
			break;
		t = parse_peek(p);
		if (t->kind == closer)
			ok = true;
		else if (t->kind != LEX_COMMA)
			break;
		parse_next(p);
	}
	if (!ok)
		parse_syntax_error(p, t);
	return ok;
}

static struct ast_expr *parse_postfix(struct parser *p)
{
	const struct lex_token *t;
	struct ast_expr *base, *e = NULL;
	struct ast_loc loc;
	enum lex_kind kind;
	struct parse_vec list;
	bool first;

	base = parse_primary(p);
	for (first = true; base; first = false, base = e) {
		t = parse_peek(p);
		kind = t->kind;
		loc = parse_loc(t);
		memset(&list, 0, sizeof(list));
		switch (kind) {
		case LEX_LBRACKET:
			parse_next(p);
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
			/*
			 * Only a name can be called (in parentheses too: they
			 * make no node in dtrace): D has no function pointers.
			 */
			if (base->kind != AST_IDENT || base->u.ident.scope != AST_SCOPE_GLOBAL) {
				parse_error_at(p, DIAG_FUNC_IDENT, parse_loc(t),
					       "function designator is not of function type");
				return NULL;
			}
			parse_next(p);
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
			parse_next(p);
			t = parse_peek(p);
			if (t->kind != LEX_IDENT) {
				parse_syntax_error(p, t);
				return NULL;
			}
			e = new_expr(p, AST_MEMBER, loc);
			if (!e)
				return NULL;
			e->u.member.base = base;
			e->u.member.name = t->str;
			e->u.member.arrow = kind == LEX_ARROW;
			parse_next(p);
			e = seal(p, e);
			break;
		case LEX_INC:
		case LEX_DEC:
			parse_next(p);
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
	struct ast_expr *e = new_expr(p, AST_CAST, parse_loc(parse_peek(p)));

	parse_next(p);
	if (!e || !parse_type_name(p, &e->u.cast.type) || !parse_expect(p, LEX_RPAREN))
		return NULL;
	e->u.cast.operand = parse_unary(p);
	return e->u.cast.operand ? seal(p, e) : NULL;
}

/* At "sizeof". */
static struct ast_expr *parse_sizeof(struct parser *p)
{
	struct ast_loc loc = parse_loc(parse_peek(p));
	const struct lex_token *t;
	struct ast_expr *e;

	parse_next(p);
	t = parse_peek(p);
	if (t->kind == LEX_LPAREN && paren_type(p)) {
		parse_next(p);
		e = new_expr(p, AST_SIZEOF_TYPE, loc);
		if (!e || !parse_type_name(p, &e->u.cast.type))
			return NULL;
		t = parse_peek(p);
		if (t->kind == LEX_LBRACKET) {
			/* an abstract array declarator: sizeof(char [4]) */
			parse_next(p);
			t = parse_peek(p);
			if (t->kind != LEX_INT || !t->value) {
				parse_error_at(
					p, DIAG_DECL_ARRSUB, parse_loc(t),
					"positive integral constant expression expected as array size");
				return NULL;
			}
			e->u.cast.type.dim = t->value;
			parse_next(p);
			if (!parse_expect(p, LEX_RBRACKET))
				return NULL;
		}
		if (!parse_expect(p, LEX_RPAREN))
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
	const struct lex_token *t = parse_peek(p);
	struct ast_loc loc = parse_loc(t);
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
		if (paren_type(p))
			return parse_cast(p);
		return p->err ? NULL : parse_postfix(p);
	default:
		return parse_postfix(p);
	}
	parse_next(p);
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
		{ LEX_LOR, AST_OP_LOR, 1 },	 { LEX_LXOR, AST_OP_LXOR, 2 },
		{ LEX_LAND, AST_OP_LAND, 3 },	 { LEX_PIPE, AST_OP_BOR, 4 },
		{ LEX_CARET, AST_OP_BXOR, 5 },	 { LEX_AMP, AST_OP_BAND, 6 },
		{ LEX_EQ, AST_OP_EQ, 7 },	 { LEX_NE, AST_OP_NE, 7 },
		{ LEX_LT, AST_OP_LT, 8 },	 { LEX_LE, AST_OP_LE, 8 },
		{ LEX_GT, AST_OP_GT, 8 },	 { LEX_GE, AST_OP_GE, 8 },
		{ LEX_SHL, AST_OP_SHL, 9 },	 { LEX_SHR, AST_OP_SHR, 9 },
		{ LEX_PLUS, AST_OP_ADD, 10 },	 { LEX_MINUS, AST_OP_SUB, 10 },
		{ LEX_STAR, AST_OP_MUL, 11 },	 { LEX_SLASH, AST_OP_DIV, 11 },
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
	return !(parse_peek(p)->flags & LEX_SLASH_EPRED);
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
		t = parse_peek(p);
		prec = binary_prec(t->kind, &op);
		if (!prec || prec < min_prec)
			break;
		if (t->kind == LEX_SLASH && !slash_divides(p))
			break;
		loc = parse_loc(t);
		parse_next(p);
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
	t = parse_peek(p);
	if (t->kind != LEX_QUESTION)
		return cond;
	e = new_expr(p, AST_TERNARY, parse_loc(t));
	if (!e)
		return NULL;
	parse_next(p);
	e->u.ternary.cond = cond;
	e->u.ternary.then = parse_comma(p);
	if (!e->u.ternary.then || !parse_expect(p, LEX_COLON))
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
	case LEX_ASSIGN:
		*op = AST_OP_ASSIGN;
		return true;
	case LEX_ADD_ASSIGN:
		*op = AST_OP_ADD;
		return true;
	case LEX_SUB_ASSIGN:
		*op = AST_OP_SUB;
		return true;
	case LEX_MUL_ASSIGN:
		*op = AST_OP_MUL;
		return true;
	case LEX_DIV_ASSIGN:
		*op = AST_OP_DIV;
		return true;
	case LEX_MOD_ASSIGN:
		*op = AST_OP_MOD;
		return true;
	case LEX_AND_ASSIGN:
		*op = AST_OP_BAND;
		return true;
	case LEX_OR_ASSIGN:
		*op = AST_OP_BOR;
		return true;
	case LEX_XOR_ASSIGN:
		*op = AST_OP_BXOR;
		return true;
	case LEX_SHL_ASSIGN:
		*op = AST_OP_SHL;
		return true;
	case LEX_SHR_ASSIGN:
		*op = AST_OP_SHR;
		return true;
	default:
		return false;
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
	t = parse_peek(p);
	if (!assign_op(t->kind, &op))
		return lhs;
	/* As in C's grammar, the left side must be a unary expression. */
	if (!lhs->paren &&
	    (lhs->kind == AST_BINARY || lhs->kind == AST_TERNARY || lhs->kind == AST_CAST)) {
		parse_syntax_error(p, t);
		return NULL;
	}
	e = new_expr(p, AST_ASSIGN, parse_loc(t));
	if (!e)
		return NULL;
	parse_next(p);
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

	parse_next(p);
	e = parse_assign(p);
	if (!e || !parse_expect(p, LEX_SLASH))
		return NULL;
	return e;
}

static struct ast_body *parse_body(struct parser *p)
{
	const struct lex_token *t = parse_peek(p);
	struct parse_vec stmts = { 0 };
	struct ast_stmt *s;
	struct ast_body *b;
	const char *what;

	b = parse_alloc(p, sizeof(*b));
	if (!b)
		return NULL;
	b->loc = parse_loc(t);
	parse_next(p);
	for (;;) {
		t = parse_peek(p);
		if (t->kind == LEX_RBRACE) {
			parse_next(p);
			break;
		}
		if (t->kind == LEX_EOF || t->kind == LEX_ERROR) {
			parse_syntax_error(p, t);
			return NULL;
		}
		if (t->kind == LEX_IDENT && (what = unsupported_stmt(t->kw))) {
			parse_error_at(p, DIAG_UNSUPPORTED, parse_loc(t), "not supported: %s",
				       what);
			return NULL;
		}
		s = parse_alloc(p, sizeof(*s));
		if (!s)
			return NULL;
		s->loc = parse_loc(t);
		if (t->kind == LEX_SEMI) {
			s->kind = AST_STMT_EMPTY;
			parse_next(p);
		} else {
			s->kind = AST_STMT_EXPR;
			s->expr = parse_comma(p);
			if (!s->expr)
				return NULL;
			/* dtrace lets the last statement go without its ';'. */
			t = parse_peek(p);
			if (t->kind == LEX_SEMI) {
				parse_next(p);
			} else if (t->kind != LEX_RBRACE) {
				parse_syntax_error(p, t);
				return NULL;
			}
		}
		if (!parse_vec_push(p, &stmts, s))
			return NULL;
	}
	b->stmts = vec_stmts(p, &stmts);
	b->nstmts = stmts.n;
	return p->err ? NULL : b;
}

static bool parse_clause(struct parser *p)
{
	const struct lex_token *t = parse_peek_in(p, LEX_MODE_CLAUSE);
	struct parse_vec probes = { 0 };
	struct ast_clause *c;
	struct ast_probe *pr;
	struct ast_item *it;
	struct ast_loc last;

	it = parse_alloc(p, sizeof(*it));
	if (!it)
		return false;
	it->kind = AST_ITEM_CLAUSE;
	it->loc = parse_loc(t);
	c = &it->u.clause;
	for (;;) {
		t = parse_peek_in(p, LEX_MODE_CLAUSE);
		if (t->kind != LEX_PSPEC) {
			parse_syntax_error(p, t);
			return false;
		}
		pr = parse_alloc(p, sizeof(*pr));
		if (!pr)
			return false;
		pr->text = t->str;
		pr->loc = last = parse_loc(t);
		if (!parse_vec_push(p, &probes, pr))
			return false;
		parse_next(p);
		t = parse_peek_in(p, LEX_MODE_CLAUSE);
		if (t->kind != LEX_COMMA)
			break;
		parse_next(p);
	}
	c->probes = vec_probes(p, &probes);
	c->nprobes = probes.n;

	if (t->kind == LEX_SLASH) {
		c->pred = parse_predicate(p);
		if (!c->pred)
			return false;
		t = parse_peek_in(p, LEX_MODE_CLAUSE);
		/* In -n text too: only a description may stand alone. */
		if (t->kind != LEX_LBRACE && t->kind != LEX_ERROR) {
			parse_error_at(
				p, DIAG_SYNTAX, c->pred->loc,
				"expected actions { } following probe description and predicate");
			return false;
		}
	}
	if (t->kind == LEX_LBRACE) {
		c->body = parse_body(p);
		if (!c->body)
			return false;
	} else if (!c->pred && p->file && !p->err) {
		/* Only -n may name probes alone: dtrace -n BEGIN. */
		parse_error_at(p, DIAG_SYNTAX, last,
			       "expected predicate and/or actions following probe description");
		return false;
	}
	return parse_vec_push(p, &p->items, it);
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
	unsigned int end_line = 0;

	parser_init(&p, cc, file, text, len);
	while (!p.err) {
		t = parse_peek_in(&p, LEX_MODE_CLAUSE);
		if (t->kind == LEX_EOF) {
			end_line = t->line;
			break;
		}
		if (t->kind == LEX_SEMI)
			parse_next(&p);
		else if (t->kind == LEX_PSPEC)
			parse_clause(&p);
		else if (t->kind == LEX_IDENT && lex_kw_is_decl(t->kw))
			parse_decl(&p);
		else
			parse_syntax_error(&p, t);
	}
	if (!p.err && !p.items.n && !cc->allow_empty)
		parse_error_at(&p, DIAG_EMPTY, (struct ast_loc){ 0 },
			       "empty D program translation unit");
	if (p.err)
		return NULL;

	prog = parse_alloc(&p, sizeof(*prog));
	if (!prog)
		return NULL;
	if (file) {
		prog->file = arena_strndup(&cc->arena, file, strlen(file));
		if (!prog->file) {
			parse_nomem(&p);
			return NULL;
		}
	}
	prog->items = vec_items(&p, &p.items);
	prog->nitems = p.items.n;
	prog->end_line = end_line;
	return p.err ? NULL : prog;
}

struct ast_expr *parse_expression(struct compile_ctx *cc, const char *file, const char *text,
				  size_t len)
{
	struct ast_expr *e;
	struct parser p;

	parser_init(&p, cc, file, text, len);
	e = parse_assign(&p);
	if (e && parse_peek(&p)->kind != LEX_EOF)
		parse_syntax_error(&p, parse_peek(&p));
	return p.err ? NULL : e;
}
