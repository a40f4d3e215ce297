/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D parser, continued: pragmas, type names and top-level declarations.
 *
 * Type names follow C: specifiers in any order ("int long unsigned"),
 * checked for conflicts as they come, then reduced to one canonical name
 * ("unsigned long"). Qualifiers after a '*' are accepted and dropped.
 *
 * Pragmas: "#pragma D option name[=value]" and the D directives dtrace keeps
 * (attributes, binding, depends_on) become items; #pragma error stops the
 * compilation; ident and non-D pragmas are ignored, as dtrace does.
 *
 * Same rules as parse.c: the first error sticks, memory is the arena's.
 */
#include <string.h>

#include "parse_priv.h"

PARSE_VEC_ARRAY(vec_types, struct ast_type)
PARSE_VEC_ARRAY(vec_members, struct ast_member)

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
	struct ast_item *it = parse_alloc(p, sizeof(*it));

	if (!it)
		return NULL;
	it->kind = AST_ITEM_PRAGMA;
	it->loc = parse_loc(t);
	it->u.pragma.kind = kind;
	it->u.pragma.text = t->str;
	it->u.pragma.name = arena_strndup(&p->cc->arena, name, namelen);
	if (!it->u.pragma.name || !parse_vec_push(p, &p->items, it)) {
		parse_nomem(p);
		return NULL;
	}
	return it;
}

static bool pragma_option(struct parser *p, const struct lex_token *t, const char *args)
{
	const char *s = args, *w, *eq;
	struct ast_item *it;
	size_t n, namelen;

	if (!next_word(&s, &w, &n))
		goto malformed;
	if (*skip_blanks(s)) {
		parse_error_at(p, DIAG_PRAGMA_MALFORM, parse_loc(t),
			       "superfluous arguments specified for #pragma option");
		return false;
	}
	eq = memchr(w, '=', n);
	namelen = eq ? (size_t)(eq - w) : n;
	if (!namelen)
		goto malformed;
	it = new_pragma(p, t, AST_PRAGMA_OPTION, w, namelen);
	if (!it)
		return false;
	if (eq) {
		it->u.pragma.value = arena_strndup(&p->cc->arena, eq + 1, n - namelen - 1);
		if (!it->u.pragma.value) {
			parse_nomem(p);
			return false;
		}
	}
	return true;
malformed:
	parse_error_at(p, DIAG_PRAGMA_MALFORM, parse_loc(t),
		       "malformed #pragma option <option>=<val>");
	return false;
}

bool parse_pragma(struct parser *p, const struct lex_token *t)
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
		parse_error_at(p, DIAG_PRAGMA_MALFORM, parse_loc(t),
			       "malformed #pragma D: missing directive");
		return false;
	}
	args = skip_blanks(s);

	if (word_is(w, n, "error")) {
		/* dtrace's "#error: " and each token followed by a blank. */
		char msg[256];
		size_t k = 0;

		while (next_word(&args, &w, &n)) {
			for (i = 0; i < n && k < sizeof(msg) - 2; i++)
				msg[k++] = w[i];
			if (k < sizeof(msg) - 1)
				msg[k++] = ' ';
		}
		msg[k] = '\0';
		parse_error_at(p, DIAG_PRAGERR, parse_loc(t), "#error: %s", msg);
		return false;
	}
	if (word_is(w, n, "line")) {
		parse_error_at(p, DIAG_UNSUPPORTED, parse_loc(t), "not supported: #pragma line");
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
		if (!*args && kept[i].kind == AST_PRAGMA_DEPENDS_ON) {
			parse_error_at(p, DIAG_PRAGMA_MALFORM, parse_loc(t),
				       "malformed #pragma depends_on <class> <name>");
			return false;
		}
		if (!*args) {
			parse_error_at(p, DIAG_PRAGMA_MALFORM, parse_loc(t),
				       "malformed #pragma D %s: missing arguments", kept[i].word);
			return false;
		}
		it = new_pragma(p, t, kept[i].kind, w, n);
		if (!it)
			return false;
		it->u.pragma.value = args;
		return true;
	}
	parse_error_at(p, DIAG_PRAGMA_INVAL, parse_loc(t), "invalid D pragma: %.*s", (int)n, w);
	return false;
}

/* Type names */

enum spec_base {
	BASE_NONE,
	BASE_CHAR,
	BASE_SHORT,
	BASE_OTHER, /* void, string, a typedef, struct/union/enum */
};

struct spec {
	enum spec_base base;
	enum lex_kw sign; /* LEX_KW_NONE, LEX_KW_SIGNED or LEX_KW_UNSIGNED */
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

static bool parse_type_spec(struct parser *p, struct ast_type *ty);
static void parse_pointers(struct parser *p, struct ast_type *ty);

/* A member's or an enumerator's name, at it (an identifier that is no keyword). */
static bool member_name(struct parser *p, struct ast_member *m)
{
	const struct lex_token *t = parse_peek(p);

	if (t->kind != LEX_IDENT || t->kw != LEX_KW_NONE) {
		parse_syntax_error(p, t);
		return false;
	}
	m->name = t->str;
	m->loc = parse_loc(t);
	parse_next(p);
	return true;
}

/* { type name[N] : bits, ...; ... } of struct or union TY, at the '{'. */
static bool parse_members(struct parser *p, struct ast_type *ty)
{
	struct parse_vec mv = { 0 };
	const struct lex_token *t;

	parse_next(p);
	while ((t = parse_peek(p))->kind != LEX_RBRACE) {
		struct ast_type base;

		if (!parse_type_start(p, t)) {
			parse_syntax_error(p, t);
			return false;
		}
		if (!parse_type_spec(p, &base))
			return false;
		for (;;) {
			struct ast_member *m = parse_alloc(p, sizeof(*m));

			if (!m)
				return false;
			m->type = base;
			parse_pointers(p, &m->type);
			if (!member_name(p, m))
				return false;
			if (parse_peek(p)->kind == LEX_LBRACKET) {
				parse_next(p);
				t = parse_peek(p);
				if (t->kind != LEX_INT) {
					parse_syntax_error(p, t);
					return false;
				}
				m->has_dim = true;
				m->dim = t->value;
				parse_next(p);
				if (!parse_expect(p, LEX_RBRACKET))
					return false;
			}
			if (parse_peek(p)->kind == LEX_COLON) {
				parse_next(p);
				t = parse_peek(p);
				if (t->kind != LEX_INT) {
					parse_error_at(
						p, DIAG_DECL_BFCONST, parse_loc(t),
						"positive integral constant expression expected as bit-field size");
					return false;
				}
				m->has_bits = true;
				m->bits = t->value;
				parse_next(p);
			}
			if (!parse_vec_push(p, &mv, m))
				return false;
			t = parse_peek(p);
			parse_next(p);
			if (t->kind == LEX_SEMI)
				break;
			if (t->kind != LEX_COMMA) {
				parse_syntax_error(p, t);
				return false;
			}
		}
	}
	parse_next(p);
	ty->body = true;
	ty->nmembers = mv.n;
	ty->members = vec_members(p, &mv);
	return !p->err;
}

/* enum [TAG] { NAME [= expression], ... }: the enumerators, at the '{'. */
static bool parse_enumerators(struct parser *p, struct ast_type *ty)
{
	struct parse_vec mv = { 0 };
	const struct lex_token *t;

	parse_next(p);
	while ((t = parse_peek(p))->kind != LEX_RBRACE) {
		struct ast_member *m = parse_alloc(p, sizeof(*m));

		if (!m || !member_name(p, m))
			return false;
		if (parse_peek(p)->kind == LEX_ASSIGN) {
			parse_next(p);
			m->value = parse_assign_expr(p);
			if (!m->value)
				return false;
		}
		if (!parse_vec_push(p, &mv, m))
			return false;
		t = parse_peek(p);
		if (t->kind == LEX_COMMA)
			parse_next(p);
		else if (t->kind != LEX_RBRACE) {
			parse_syntax_error(p, t);
			return false;
		}
	}
	if (!mv.n) {
		parse_syntax_error(p, parse_peek(p));
		return false;
	}
	parse_next(p);
	ty->body = true;
	ty->nmembers = mv.n;
	ty->members = vec_members(p, &mv);
	return !p->err;
}

/* struct/union/enum TAG, at the keyword. */
static bool parse_tagged(struct parser *p, struct ast_type *ty)
{
	const struct lex_token *t = parse_peek(p);
	const char *word = lex_kw_str(t->kw);
	size_t wlen = strlen(word), tlen;
	struct ast_loc loc = parse_loc(t);
	char *name;

	ty->kind = t->kw == LEX_KW_STRUCT ? AST_TYPE_STRUCT :
		   t->kw == LEX_KW_UNION  ? AST_TYPE_UNION :
					    AST_TYPE_ENUM;
	parse_next(p);
	t = parse_peek(p);
	if (t->kind == LEX_IDENT && (t->kw == LEX_KW_NONE || t->kw == LEX_KW_TYPENAME)) {
		tlen = strlen(t->str);
		name = parse_alloc(p, wlen + 1 + tlen + 1);
		if (!name)
			return false;
		memcpy(name, word, wlen);
		name[wlen] = ' ';
		memcpy(name + wlen + 1, t->str, tlen + 1);
		ty->name = name;
		parse_next(p);
		t = parse_peek(p);
	}
	if (t->kind == LEX_LBRACE && ty->kind != AST_TYPE_ENUM)
		return parse_members(p, ty); /* without a tag: an anonymous one */
	if (t->kind == LEX_LBRACE && ty->kind == AST_TYPE_ENUM)
		return parse_enumerators(p, ty);
	(void)loc;
	if (!ty->name) {
		parse_syntax_error(p, t);
		return false;
	}
	return true;
}

/* The kind of type name a declaration specifier names (dtrace's dd_kind). */
enum spec_name {
	NAME_NONE,
	NAME_CHAR,  /* char */
	NAME_INT,   /* int (short and long are attributes) */
	NAME_VOID,  /* void */
	NAME_FLOAT, /* float, double */
	NAME_OTHER, /* string, a typedef, struct, union, enum: not an integer */
};

static enum spec_name name_of_kw(enum lex_kw kw)
{
	switch (kw) {
	case LEX_KW_CHAR:
		return NAME_CHAR;
	case LEX_KW_INT:
		return NAME_INT;
	case LEX_KW_VOID:
		return NAME_VOID;
	case LEX_KW_FLOAT:
	case LEX_KW_DOUBLE:
		return NAME_FLOAT;
	case LEX_KW_STRING:
	case LEX_KW_TYPENAME:
	case LEX_KW_STRUCT:
	case LEX_KW_UNION:
	case LEX_KW_ENUM:
		return NAME_OTHER;
	default:
		return NAME_NONE;
	}
}

/*
 * Token T does not fit the specifiers S (KIND: of the type named so far): the
 * error dtrace gives. Like dtrace, short, long, signed and unsigned are
 * attributes of the one type name, and each addition is checked in turn:
 * char takes neither short nor long (D_DECL_CHARATTR), void no attribute
 * (D_DECL_VOIDATTR), only integers a sign (D_DECL_SIGNINT), only integers
 * and floating-point types long (D_DECL_LONGINT); a second type name, and
 * what those checks let through, is D_DECL_COMBO.
 */
static void spec_error(struct parser *p, const struct lex_token *t, const struct spec *s,
		       enum ast_type_kind kind)
{
	enum spec_name have = NAME_NONE, add = name_of_kw(t->kw), name;
	bool sh = s->base == BASE_SHORT || t->kw == LEX_KW_SHORT;
	bool lg = s->nlong || t->kw == LEX_KW_LONG;
	bool sg = s->sign != LEX_KW_NONE || t->kw == LEX_KW_SIGNED || t->kw == LEX_KW_UNSIGNED;
	enum diag_tag tag = DIAG_DECL_COMBO;
	const char *msg = "invalid type combination";

	if (s->base == BASE_CHAR)
		have = NAME_CHAR;
	else if (s->has_int)
		have = NAME_INT;
	else if (s->base == BASE_OTHER)
		have = kind == AST_TYPE_VOID  ? NAME_VOID :
		       kind == AST_TYPE_FLOAT ? NAME_FLOAT :
						NAME_OTHER;
	name = add != NAME_NONE ? add : have;
	if (add != NAME_NONE && have != NAME_NONE) {
		tag = DIAG_DECL_COMBO;
	} else if (name == NAME_CHAR && (sh || lg)) {
		tag = DIAG_DECL_CHARATTR;
		msg = "invalid type declaration: short and long may not be used with char type";
	} else if (name == NAME_VOID && (sh || lg || sg)) {
		tag = DIAG_DECL_VOIDATTR;
		msg = "invalid type declaration: attributes may not be used with void type";
	} else if ((name == NAME_FLOAT || name == NAME_OTHER) && sg) {
		tag = DIAG_DECL_SIGNINT;
		msg = "invalid type declaration: signed and unsigned may only be used with integer type";
	} else if (name == NAME_OTHER && lg) {
		tag = DIAG_DECL_LONGINT;
		msg = "invalid type declaration: long and long long may only be used with integer or floating-point type";
	}
	parse_error_at(p, tag, parse_loc(t), "%s", msg);
}

/*
 * Declaration specifiers: qualifiers and one base type, checked as C does
 * ("long short" is an error, "int long unsigned" is unsigned long).
 */
static bool parse_type_spec(struct parser *p, struct ast_type *ty)
{
	struct spec s = { .base = BASE_NONE, .sign = LEX_KW_NONE }, before;
	const struct lex_token *t = parse_peek(p);
	enum ast_type_kind bkind;
	bool combo;

	memset(ty, 0, sizeof(*ty));
	ty->loc = parse_loc(t);
	for (;;) {
		t = parse_peek(p);
		if (t->kind != LEX_IDENT)
			break;
		combo = false;
		before = s; /* what spec_error() judges T against */
		bkind = ty->kind;
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
			/* long double is the one combination */
			combo = s.base != BASE_NONE || s.sign != LEX_KW_NONE || s.has_int ||
				s.nlong > (t->kw == LEX_KW_DOUBLE);
			ty->kind = AST_TYPE_FLOAT;
			ty->name = t->kw == LEX_KW_FLOAT ? "float" :
				   s.nlong		 ? "long double" :
							   "double";
			s.base = BASE_OTHER;
			s.nlong = 0;
			break;
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
		parse_next(p);
	}
out:
	if (spec_empty(&s)) {
		parse_syntax_error(p, t);
		return false;
	}
	if (s.base != BASE_OTHER) {
		ty->kind = AST_TYPE_INT;
		ty->name = int_type_name(&s);
	}
	return true;
combo:
	spec_error(p, t, &before, bkind);
	return false;
}

static void parse_pointers(struct parser *p, struct ast_type *ty)
{
	const struct lex_token *t;

	for (;; parse_next(p)) {
		t = parse_peek(p);
		if (t->kind == LEX_STAR)
			ty->ptr++;
		else if (!(ty->ptr && t->kind == LEX_IDENT &&
			   (t->kw == LEX_KW_CONST || t->kw == LEX_KW_VOLATILE ||
			    t->kw == LEX_KW_RESTRICT)))
			return;
	}
}

bool parse_type_name(struct parser *p, struct ast_type *ty)
{
	if (!parse_type_spec(p, ty))
		return false;
	parse_pointers(p, ty);
	return !p->err;
}

/* Declarations */

static const char *unsupported_decl(enum lex_kw kw)
{
	switch (kw) {
	case LEX_KW_TRANSLATOR:
		return "translators";
	case LEX_KW_PROVIDER:
		return "provider definitions";
	case LEX_KW_EXTERN:
		return "extern declarations";
	default:
		return NULL;
	}
}

/* At the '[' after a declarator's name. */
static bool parse_dims(struct parser *p, struct ast_decl *d)
{
	const struct lex_token *t;
	struct parse_vec keys = { 0 };
	struct ast_type *ty;

	parse_next(p);
	t = parse_peek(p);
	if (t->kind == LEX_RBRACKET) {
		parse_error_at(p, DIAG_DECL_ARRNULL, parse_loc(t),
			       "array declaration requires a dimension or key types");
		return false;
	}
	if (t->kind == LEX_INT) {
		d->has_dim = true;
		d->dim = t->value;
		parse_next(p);
		return parse_expect(p, LEX_RBRACKET);
	}
	for (;;) {
		if (!parse_type_start(p, t)) {
			parse_syntax_error(p, t);
			return false;
		}
		ty = parse_alloc(p, sizeof(*ty));
		if (!ty || !parse_type_name(p, ty) || !parse_vec_push(p, &keys, ty))
			return false;
		t = parse_peek(p);
		parse_next(p);
		if (t->kind == LEX_RBRACKET)
			break;
		if (t->kind != LEX_COMMA) {
			parse_syntax_error(p, t);
			return false;
		}
		t = parse_peek(p);
	}
	d->keys = vec_types(p, &keys);
	d->nkeys = keys.n;
	return !p->err;
}

/* The item of a declaration at START in SCOPE, its decl in *D. */
static struct ast_item *decl_item(struct parser *p, struct ast_loc start, enum ast_scope scope,
				  struct ast_decl **d)
{
	struct ast_item *it = parse_alloc(p, sizeof(*it));

	if (!it)
		return NULL;
	it->kind = AST_ITEM_DECL;
	it->loc = start;
	*d = &it->u.decl;
	(*d)->scope = scope;
	return it;
}

/* The declared name (an identifier, not a keyword) into D. */
static bool decl_name(struct parser *p, struct ast_decl *d)
{
	const struct lex_token *t = parse_peek(p);

	if (t->kind == LEX_IDENT && t->kw == LEX_KW_TYPENAME) {
		if (d->is_typedef)
			parse_error_at(p, DIAG_DECL_IDRED, parse_loc(t), "typedef redeclared: %s",
				       t->str);
		else
			parse_error_at(p, DIAG_DECL_IDRED, parse_loc(t),
				       "typedef identifier redeclared: %s", t->str);
		return false;
	}
	if (t->kind != LEX_IDENT || t->kw != LEX_KW_NONE) {
		parse_syntax_error(p, t);
		return false;
	}
	d->name = t->str;
	d->name_loc = parse_loc(t);
	if (d->is_typedef) {
		/* a type name from the next token on, which is not lexed yet */
		if (compile_ctx_add_tdef(p->cc, t->str)) {
			parse_nomem(p);
			return false;
		}
	}
	parse_next(p);
	return true;
}

static bool bad_inline_class(struct parser *p, const struct lex_token *t)
{
	parse_error_at(p, DIAG_DECL_BADCLASS, parse_loc(t),
		       "specified storage class not appropriate for inline declaration");
	return false;
}

/*
 * An inline's parameters, at the '[' of NAME[T1 a, T2 b]: each a type name
 * and the parameter's name.
 */
static bool parse_inline_params(struct parser *p, struct ast_decl *d)
{
	struct parse_vec types = { 0 }, names = { 0 };
	const struct lex_token *t;
	struct ast_type *ty;
	size_t i;

	parse_next(p);
	for (;;) {
		t = parse_peek(p);
		if (!parse_type_start(p, t)) {
			parse_syntax_error(p, t);
			return false;
		}
		ty = parse_alloc(p, sizeof(*ty));
		if (!ty || !parse_type_name(p, ty) || !parse_vec_push(p, &types, ty))
			return false;
		t = parse_peek(p);
		if (t->kind != LEX_IDENT || t->kw != LEX_KW_NONE) {
			parse_syntax_error(p, t);
			return false;
		}
		if (!parse_vec_push(p, &names, t->str))
			return false;
		parse_next(p);
		t = parse_peek(p);
		parse_next(p);
		if (t->kind == LEX_RBRACKET)
			break;
		if (t->kind != LEX_COMMA) {
			parse_syntax_error(p, t);
			return false;
		}
	}
	d->keys = vec_types(p, &types);
	d->nkeys = types.n;
	d->params = parse_alloc(p, names.n * sizeof(*d->params));
	if (!d->params)
		return false;
	for (i = 0; i < names.n; i++)
		d->params[i] = names.v[i];
	return !p->err;
}

/*
 * inline TYPE NAME = assignment-expression; or, with parameters, inline
 * TYPE NAME[T1 a, ...] = expression; (at the inline keyword).
 */
static bool parse_inline(struct parser *p, struct ast_loc start)
{
	const struct lex_token *t;
	struct ast_item *it;
	struct ast_decl *d;

	parse_next(p);
	t = parse_peek(p);
	if (t->kind == LEX_IDENT &&
	    (t->kw == LEX_KW_SELF || t->kw == LEX_KW_THIS || t->kw == LEX_KW_EXTERN ||
	     t->kw == LEX_KW_STATIC || t->kw == LEX_KW_REGISTER || t->kw == LEX_KW_AUTO ||
	     t->kw == LEX_KW_TYPEDEF))
		return bad_inline_class(p, t);
	if (!parse_type_start(p, t)) {
		parse_syntax_error(p, t);
		return false;
	}
	it = decl_item(p, start, AST_SCOPE_GLOBAL, &d);
	if (!it || !parse_type_spec(p, &d->type))
		return false;
	parse_pointers(p, &d->type);
	t = parse_peek(p);
	if (t->kind == LEX_ASSIGN || t->kind == LEX_SEMI) {
		parse_error_at(p, DIAG_DECL_USELESS, parse_loc(t),
			       "inline declaration requires a name");
		return false;
	}
	if (!decl_name(p, d))
		return false;
	t = parse_peek(p);
	if (t->kind == LEX_LBRACKET && !parse_inline_params(p, d))
		return false;
	if (!parse_expect(p, LEX_ASSIGN))
		return false;
	d->init = parse_assign_expr(p);
	if (!d->init || !parse_expect(p, LEX_SEMI))
		return false;
	return parse_vec_push(p, &p->items, it);
}

bool parse_decl(struct parser *p)
{
	const struct lex_token *t = parse_peek_in(p, LEX_MODE_CLAUSE);
	enum ast_scope scope = AST_SCOPE_GLOBAL;
	struct ast_loc start = parse_loc(t);
	struct ast_type base;
	struct ast_item *it;
	struct ast_decl *d;
	const char *what;
	bool is_typedef = false;

	if (t->kw == LEX_KW_SELF || t->kw == LEX_KW_THIS) {
		scope = t->kw == LEX_KW_SELF ? AST_SCOPE_SELF : AST_SCOPE_THIS;
		parse_next(p);
	}
	t = parse_peek(p);
	if (scope == AST_SCOPE_GLOBAL && t->kind == LEX_IDENT && t->kw == LEX_KW_INLINE)
		return parse_inline(p, start);
	if (t->kind == LEX_IDENT && t->kw == LEX_KW_INLINE)
		return bad_inline_class(p, t);
	if (t->kind == LEX_IDENT && t->kw == LEX_KW_TYPEDEF) {
		if (scope != AST_SCOPE_GLOBAL) {
			parse_error_at(p, DIAG_DECL_CLASS, parse_loc(t),
				       "only one storage class allowed in a declaration");
			return false;
		}
		is_typedef = true;
		parse_next(p);
		t = parse_peek(p);
	}
	if (t->kind == LEX_IDENT && (what = unsupported_decl(t->kw))) {
		parse_error_at(p, DIAG_UNSUPPORTED, parse_loc(t), "not supported: %s", what);
		return false;
	}
	/* C's storage classes D has no use for, as dtrace words it */
	if (t->kind == LEX_IDENT &&
	    (t->kw == LEX_KW_AUTO || t->kw == LEX_KW_REGISTER || t->kw == LEX_KW_STATIC)) {
		parse_error_at(p, DIAG_DECL_BADCLASS, parse_loc(t),
			       "specified storage class not appropriate in D");
		return false;
	}
	if (!parse_type_start(p, t)) {
		parse_syntax_error(p, t);
		return false;
	}
	if (!parse_type_spec(p, &base))
		return false;
	if (parse_peek(p)->kind == LEX_SEMI && base.kind != AST_TYPE_STRUCT &&
	    base.kind != AST_TYPE_UNION && base.kind != AST_TYPE_ENUM) {
		/* int; declares nothing (a struct, union or enum tag alone does) */
		parse_error_at(p, DIAG_DECL_USELESS, parse_loc(parse_peek(p)),
			       "useless declaration");
		return false;
	}
	if ((base.body || base.kind == AST_TYPE_STRUCT || base.kind == AST_TYPE_UNION) &&
	    parse_peek(p)->kind == LEX_SEMI && !is_typedef && !base.ptr) {
		/* struct s { ... }; defines the type, no variable; struct s; names a tag */
		it = decl_item(p, start, scope, &d);
		if (!it)
			return false;
		d->type = base;
		parse_next(p);
		return parse_vec_push(p, &p->items, it);
	}
	for (;;) {
		it = decl_item(p, start, scope, &d);
		if (!it)
			return false;
		d->type = base;
		d->is_typedef = is_typedef;
		/* a definition is made once, by the first declarator */
		base.body = false;
		base.members = NULL;
		base.nmembers = 0;
		parse_pointers(p, &d->type);
		if (!decl_name(p, d))
			return false;
		if (parse_peek(p)->kind == LEX_LBRACKET && !parse_dims(p, d))
			return false;
		if (!parse_vec_push(p, &p->items, it))
			return false;
		t = parse_peek(p);
		if (t->kind == LEX_SEMI) {
			parse_next(p);
			return true;
		}
		if (t->kind != LEX_COMMA) {
			parse_syntax_error(p, t);
			return false;
		}
		parse_next(p);
	}
}
