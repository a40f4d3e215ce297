/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * AST construction and the S-expression printer.
 *
 * The printer's output is a test interface: tests pin structure and
 * precedence with it, so a change of format is a change of every parser
 * test. Strings are printed with C escapes and every other non-printable
 * byte as a three-digit octal escape, so the output is one line per item and
 * unambiguous.
 */
#include <errno.h>

#include "arena.h"
#include "ast.h"

struct ast_expr *ast_expr_new(struct arena *a, enum ast_kind kind, struct ast_loc loc)
{
	struct ast_expr *e = arena_alloc(a, sizeof(*e));

	if (!e)
		return NULL;
	e->kind = kind;
	e->loc = loc;
	e->height = 1;
	return e;
}

static const char *const op_names[AST_OP_COUNT] = {
	[AST_OP_NEG] = "-",	 [AST_OP_PLUS] = "+",	     [AST_OP_LNOT] = "!",
	[AST_OP_BNOT] = "~",	 [AST_OP_DEREF] = "*",	     [AST_OP_ADDR] = "&",
	[AST_OP_PREINC] = "++",	 [AST_OP_PREDEC] = "--",     [AST_OP_POSTINC] = "++",
	[AST_OP_POSTDEC] = "--", [AST_OP_SIZEOF] = "sizeof", [AST_OP_STRINGOF] = "stringof",
	[AST_OP_MUL] = "*",	 [AST_OP_DIV] = "/",	     [AST_OP_MOD] = "%",
	[AST_OP_ADD] = "+",	 [AST_OP_SUB] = "-",	     [AST_OP_SHL] = "<<",
	[AST_OP_SHR] = ">>",	 [AST_OP_LT] = "<",	     [AST_OP_LE] = "<=",
	[AST_OP_GT] = ">",	 [AST_OP_GE] = ">=",	     [AST_OP_EQ] = "==",
	[AST_OP_NE] = "!=",	 [AST_OP_BAND] = "&",	     [AST_OP_BXOR] = "^",
	[AST_OP_BOR] = "|",	 [AST_OP_LAND] = "&&",	     [AST_OP_LXOR] = "^^",
	[AST_OP_LOR] = "||",	 [AST_OP_COMMA] = ",",	     [AST_OP_ASSIGN] = "=",
};

const char *ast_op_str(enum ast_op op)
{
	if ((unsigned int)op >= AST_OP_COUNT)
		return "?";
	return op_names[op];
}

static int done(FILE *fp)
{
	return ferror(fp) ? -EIO : 0;
}

static void print_bytes(FILE *fp, const char *s, size_t len)
{
	unsigned char c;
	size_t i;

	fputc('"', fp);
	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		switch (c) {
		case '"':
			fputs("\\\"", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		case '\a':
			fputs("\\a", fp);
			break;
		case '\b':
			fputs("\\b", fp);
			break;
		case '\f':
			fputs("\\f", fp);
			break;
		case '\v':
			fputs("\\v", fp);
			break;
		default:
			if (c < 0x20 || c >= 0x7f)
				fprintf(fp, "\\%03o", c);
			else
				fputc(c, fp);
		}
	}
	fputc('"', fp);
}

static void print_type(FILE *fp, const struct ast_type *t)
{
	unsigned int i;

	fputc('<', fp);
	if (t->quals & AST_QUAL_CONST)
		fputs("const ", fp);
	if (t->quals & AST_QUAL_VOLATILE)
		fputs("volatile ", fp);
	if (t->quals & AST_QUAL_RESTRICT)
		fputs("restrict ", fp);
	if (t->name)
		fputs(t->name, fp);
	else /* an anonymous struct or union */
		fputs(t->kind == AST_TYPE_UNION ? "union" : "struct", fp);
	if (t->ptr)
		fputc(' ', fp);
	for (i = 0; i < t->ptr; i++)
		fputc('*', fp);
	if (t->dim)
		fprintf(fp, " [%llu]", (unsigned long long)t->dim);
	fputc('>', fp);
}

int ast_print_type(FILE *fp, const struct ast_type *t)
{
	print_type(fp, t);
	return done(fp);
}

static void print_expr(FILE *fp, const struct ast_expr *e);

static void print_list(FILE *fp, struct ast_expr *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		fputc(' ', fp);
		print_expr(fp, v[i]);
	}
}

static void print_expr(FILE *fp, const struct ast_expr *e)
{
	static const char *const scopes[] = {
		[AST_SCOPE_GLOBAL] = "",
		[AST_SCOPE_SELF] = "self->",
		[AST_SCOPE_THIS] = "this->",
	};
	static const char *const suffixes[] = {
		"", "u", "l", "ul", "ll", "ull", "lll", "ulll",
	};

	switch (e->kind) {
	case AST_INT:
		fprintf(fp, "%llu%s", (unsigned long long)e->u.i.value, suffixes[e->u.i.flags & 7]);
		break;
	case AST_CHAR:
		fprintf(fp, "(chr %llu)", (unsigned long long)e->u.c.value);
		break;
	case AST_STRING:
		print_bytes(fp, e->u.str.s, e->u.str.len);
		break;
	case AST_IDENT:
		fprintf(fp, "%s%s", scopes[e->u.ident.scope], e->u.ident.name);
		break;
	case AST_AGG:
		if (!e->u.agg.keys) {
			fprintf(fp, "@%s", e->u.agg.name);
			break;
		}
		fprintf(fp, "(@%s", e->u.agg.name);
		print_list(fp, e->u.agg.keys, e->u.agg.nkeys);
		fputc(')', fp);
		break;
	case AST_MACRO:
		fprintf(fp, "%s%s", e->u.macro.string ? "$$" : "$", e->u.macro.name);
		break;
	case AST_UNARY:
		fprintf(fp, "(%s%s ",
			e->u.unary.op == AST_OP_POSTINC || e->u.unary.op == AST_OP_POSTDEC ?
				"post" :
				"",
			ast_op_str(e->u.unary.op));
		print_expr(fp, e->u.unary.operand);
		fputc(')', fp);
		break;
	case AST_BINARY:
	case AST_ASSIGN:
		fprintf(fp, "(%s%s ", ast_op_str(e->u.binary.op),
			e->kind == AST_ASSIGN && e->u.binary.op != AST_OP_ASSIGN ? "=" : "");
		print_expr(fp, e->u.binary.lhs);
		fputc(' ', fp);
		print_expr(fp, e->u.binary.rhs);
		fputc(')', fp);
		break;
	case AST_TERNARY:
		fputs("(? ", fp);
		print_expr(fp, e->u.ternary.cond);
		fputc(' ', fp);
		print_expr(fp, e->u.ternary.then);
		fputc(' ', fp);
		print_expr(fp, e->u.ternary.otherwise);
		fputc(')', fp);
		break;
	case AST_CAST:
		fputs("(cast ", fp);
		print_type(fp, &e->u.cast.type);
		fputc(' ', fp);
		print_expr(fp, e->u.cast.operand);
		fputc(')', fp);
		break;
	case AST_SIZEOF_TYPE:
		fputs("(sizeof ", fp);
		print_type(fp, &e->u.cast.type);
		fputc(')', fp);
		break;
	case AST_OFFSETOF:
		fputs("(offsetof ", fp);
		print_type(fp, &e->u.cast.type);
		fprintf(fp, " %s)", e->u.cast.member);
		break;
	case AST_CALL:
		fprintf(fp, "(call %s", e->u.call.name);
		print_list(fp, e->u.call.args, e->u.call.nargs);
		fputc(')', fp);
		break;
	case AST_INDEX:
		fputs("([] ", fp);
		print_expr(fp, e->u.index.base);
		print_list(fp, e->u.index.keys, e->u.index.nkeys);
		fputc(')', fp);
		break;
	case AST_MEMBER:
		fprintf(fp, "(%s ", e->u.member.arrow ? "->" : ".");
		print_expr(fp, e->u.member.base);
		fprintf(fp, " %s)", e->u.member.name);
		break;
	}
}

int ast_print_expr(FILE *fp, const struct ast_expr *e)
{
	print_expr(fp, e);
	return done(fp);
}

static void print_stmt(FILE *fp, const struct ast_stmt *s)
{
	if (s->kind == AST_STMT_EMPTY)
		fputs("(nop)", fp);
	else
		print_expr(fp, s->expr);
}

int ast_print_stmt(FILE *fp, const struct ast_stmt *s)
{
	print_stmt(fp, s);
	return done(fp);
}

static void print_clause(FILE *fp, const struct ast_clause *c)
{
	size_t i;

	fputs("(clause (probes", fp);
	for (i = 0; i < c->nprobes; i++)
		fprintf(fp, " %s", c->probes[i]->text);
	fputc(')', fp);
	if (c->pred) {
		fputs(" (pred ", fp);
		print_expr(fp, c->pred);
		fputc(')', fp);
	}
	if (c->body) {
		fputs(" (body", fp);
		for (i = 0; i < c->body->nstmts; i++) {
			fputc(' ', fp);
			print_stmt(fp, c->body->stmts[i]);
		}
		fputc(')', fp);
	}
	fputc(')', fp);
}

static void print_decl(FILE *fp, const struct ast_decl *d)
{
	static const char *const scopes[] = {
		[AST_SCOPE_GLOBAL] = "",
		[AST_SCOPE_SELF] = "self ",
		[AST_SCOPE_THIS] = "this ",
	};
	size_t i;

	if (d->init) {
		fputs("(inline ", fp);
		print_type(fp, &d->type);
		fprintf(fp, " %s ", d->name);
		if (d->params) {
			fputc('[', fp);
			for (i = 0; i < d->nkeys; i++) {
				fprintf(fp, "%s", i ? " " : "");
				print_type(fp, d->keys[i]);
				fprintf(fp, " %s", d->params[i]);
			}
			fputs("] ", fp);
		}
		print_expr(fp, d->init);
		fputc(')', fp);
		return;
	}
	fprintf(fp, "(%s %s", d->is_typedef ? "typedef" : "decl", scopes[d->scope]);
	print_type(fp, &d->type);
	if (d->name)
		fprintf(fp, " %s", d->name);
	if (d->nkeys) {
		fputs(" [", fp);
		for (i = 0; i < d->nkeys; i++) {
			if (i)
				fputc(' ', fp);
			print_type(fp, d->keys[i]);
		}
		fputc(']', fp);
	} else if (d->has_dim) {
		fprintf(fp, " [%llu]", (unsigned long long)d->dim);
	}
	fputc(')', fp);
}

static void print_pragma(FILE *fp, const struct ast_pragma *p)
{
	if (p->kind != AST_PRAGMA_OPTION)
		fprintf(fp, "(pragma %s %s)", p->name, p->value);
	else if (p->value)
		fprintf(fp, "(pragma option %s=%s)", p->name, p->value);
	else
		fprintf(fp, "(pragma option %s)", p->name);
}

static void print_item(FILE *fp, const struct ast_item *it)
{
	switch (it->kind) {
	case AST_ITEM_CLAUSE:
		print_clause(fp, &it->u.clause);
		break;
	case AST_ITEM_DECL:
		print_decl(fp, &it->u.decl);
		break;
	case AST_ITEM_PRAGMA:
		print_pragma(fp, &it->u.pragma);
		break;
	}
}

int ast_print_item(FILE *fp, const struct ast_item *it)
{
	print_item(fp, it);
	return done(fp);
}

int ast_print_program(FILE *fp, const struct ast_program *prog)
{
	size_t i;

	for (i = 0; i < prog->nitems; i++) {
		print_item(fp, prog->items[i]);
		fputc('\n', fp);
	}
	return done(fp);
}
