/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Unit tests of the D parser: the S-expression printer pins structure and
 * precedence; errors are checked to the tag, text, line and column.
 */
#include <errno.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "parse.h"

static struct compile_ctx cc;

static void setup(void)
{
	compile_ctx_init(&cc);
}

static void teardown(void)
{
	compile_ctx_fini(&cc);
}

TestSuite(parse, .init = setup, .fini = teardown);

static const char *first_msg(void)
{
	return cc.diags.n ? cc.diags.v[0].msg : "(no diagnostic)";
}

static struct ast_program *program(const char *file, const char *text)
{
	struct ast_program *prog = parse_program(&cc, file, text, strlen(text));

	cr_assert_not_null(prog, "%s: %s", text, first_msg());
	cr_assert_eq(cc.diags.n, 0);
	return prog;
}

static struct ast_expr *expression(const char *text)
{
	struct ast_expr *e = parse_expression(&cc, NULL, text, strlen(text));

	cr_assert_not_null(e, "%s: %s", text, first_msg());
	return e;
}

/* Print with PRINT into a string the caller frees. */
#define PRINTED(print, x)                                 \
	({                                                \
		char *buf_ = NULL;                        \
		size_t len_ = 0;                          \
		FILE *fp_ = open_memstream(&buf_, &len_); \
                                                          \
		cr_assert_not_null(fp_);                  \
		cr_assert_eq(print(fp_, x), 0);           \
		fclose(fp_);                              \
		buf_;                                     \
	})

static void expect_expr(const char *text, const char *sexp)
{
	char *s = PRINTED(ast_print_expr, expression(text));

	cr_assert_str_eq(s, sexp, "%s", text);
	free(s);
}

static void expect_prog_in(const char *file, const char *text, const char *out)
{
	char *s = PRINTED(ast_print_program, program(file, text));

	cr_assert_str_eq(s, out, "%s", text);
	free(s);
}

static void expect_prog(const char *text, const char *out)
{
	expect_prog_in("t.d", text, out);
}

static void expect_error_in(const char *file, const char *text, const char *tag, unsigned int line,
			    unsigned int col, const char *msg)
{
	struct ast_program *prog = parse_program(&cc, file, text, strlen(text));

	cr_assert_null(prog, "%s: parsed", text);
	cr_assert_eq(cc.diags.n, 1, "%s: %zu diagnostics", text, cc.diags.n);
	cr_assert_str_eq(cc.diags.v[0].tag, tag, "%s: %s", text, first_msg());
	cr_assert_str_eq(cc.diags.v[0].msg, msg, "%s", text);
	cr_assert_eq(cc.diags.v[0].line, line, "%s: line %u", text, cc.diags.v[0].line);
	cr_assert_eq(cc.diags.v[0].col, col, "%s: col %u", text, cc.diags.v[0].col);
	if (file)
		cr_assert_str_eq(cc.diags.v[0].file, file);
	else
		cr_assert_null(cc.diags.v[0].file);
}

static void expect_error(const char *text, const char *tag, unsigned int line, unsigned int col,
			 const char *msg)
{
	expect_error_in("t.d", text, tag, line, col, msg);
}

/* Precedence and associativity, through the printer */

struct sexp_case {
	char text[64];
	char sexp[96];
};

ParameterizedTestParameters(parse, precedence)
{
	static struct sexp_case cases[] = {
		{ "1 + 2 * 3", "(+ 1 (* 2 3))" },
		{ "1 * 2 + 3", "(+ (* 1 2) 3)" },
		{ "a - b - c", "(- (- a b) c)" },
		{ "a / b % c * d", "(* (% (/ a b) c) d)" },
		{ "a + b - c + d", "(+ (- (+ a b) c) d)" },
		{ "a << 1 + 2", "(<< a (+ 1 2))" },
		{ "a >> b << c", "(<< (>> a b) c)" },
		{ "a < b << c", "(< a (<< b c))" },
		{ "a <= b > c >= d", "(>= (> (<= a b) c) d)" },
		{ "a == b < c", "(== a (< b c))" },
		{ "a != b == c", "(== (!= a b) c)" },
		{ "a & b == c", "(& a (== b c))" },
		{ "a ^ b & c", "(^ a (& b c))" },
		{ "a | b ^ c", "(| a (^ b c))" },
		{ "a & b & c", "(& (& a b) c)" },
		{ "a && b | c", "(&& a (| b c))" },
		{ "a ^^ b && c", "(^^ a (&& b c))" },
		{ "a && b ^^ c", "(^^ (&& a b) c)" },
		{ "a || b ^^ c", "(|| a (^^ b c))" },
		{ "a ^^ b || c", "(|| (^^ a b) c)" },
		{ "a ^^ b ^^ c", "(^^ (^^ a b) c)" },
		{ "a || b && c || d", "(|| (|| a (&& b c)) d)" },
		{ "a || b ? c : d", "(? (|| a b) c d)" },
		{ "a ? b : c ? d : e", "(? a b (? c d e))" },
		{ "a ? b ? c : d : e", "(? a (? b c d) e)" },
		{ "a ? b = 1 : c", "(? a (= b 1) c)" },
		{ "a = b ? c : d", "(= a (? b c d))" },
		{ "a = b = c", "(= a (= b c))" },
		/* the comma operator: in parentheses, lowest precedence, left-associative */
		{ "(a = 1, b, c)", "(, (, (= a 1) b) c)" },
		{ "x ? a, b : c", "(? x (, a b) c)" },
		{ "a += b -= c", "(+= a (-= b c))" },
		{ "a = b || c", "(= a (|| b c))" },
		{ "a *= 2", "(*= a 2)" },
		{ "a /= 2", "(/= a 2)" },
		{ "a %= 2", "(%= a 2)" },
		{ "a &= 2", "(&= a 2)" },
		{ "a |= 2", "(|= a 2)" },
		{ "a ^= 2", "(^= a 2)" },
		{ "a <<= 2", "(<<= a 2)" },
		{ "a >>= 2", "(>>= a 2)" },
		{ "(a + b) * c", "(* (+ a b) c)" },
		{ "a * (b + c)", "(* a (+ b c))" },
		{ "((a))", "a" },
		{ "(a + b) = c", "(= (+ a b) c)" },
		{ "-a * b", "(* (- a) b)" },
		{ "a - -b", "(- a (- b))" },
		{ "a---b", "(- (post-- a) b)" },
		{ "a+++b", "(+ (post++ a) b)" },
		{ "-a++", "(- (post++ a))" },
		{ "++a--", "(++ (post-- a))" },
		{ "--a", "(-- a)" },
		{ "!~-+*&x", "(! (~ (- (+ (* (& x))))))" },
		{ "!a && !b", "(&& (! a) (! b))" },
		{ "*p->q", "(* (-> p q))" },
		{ "*p++", "(* (post++ p))" },
		{ "&a[1]", "(& ([] a 1))" },
		{ "a.b->c[1]", "([] (-> (. a b) c) 1)" },
		{ "a[1][2]", "([] ([] a 1) 2)" },
		{ "a[1, 2]", "([] a 1 2)" },
		{ "a[b[c]]", "([] a ([] b c))" },
		{ "f()", "(call f)" },
		{ "f(a, b + 1, c = 2)", "(call f a (+ b 1) (= c 2))" },
		{ "f(g(x))->y", "(-> (call f (call g x)) y)" },
		{ "(f)(1)", "(call f 1)" }, /* parentheses make no node */
		{ "sizeof a + 1", "(+ (sizeof a) 1)" },
		{ "sizeof(x)", "(sizeof x)" },
		{ "sizeof -x", "(sizeof (- x))" },
		{ "sizeof(int) * 2", "(* (sizeof <int>) 2)" },
		{ "offsetof(struct task_struct, pid) + 1",
		  "(+ (offsetof <struct task_struct> pid) 1)" },
		{ "sizeof (char *)", "(sizeof <char *>)" },
		{ "sizeof(struct file)", "(sizeof <struct file>)" },
		{ "sizeof sizeof x", "(sizeof (sizeof x))" },
		{ "stringof a + b", "(+ (stringof a) b)" },
		{ "stringof(copyinstr(a))", "(stringof (call copyinstr a))" },
		{ "(int64_t)x + 1", "(+ (cast <int64_t> x) 1)" },
		{ "(int)a->b", "(cast <int> (-> a b))" },
		{ "(int)-x", "(cast <int> (- x))" },
		{ "(char)(int)x", "(cast <char> (cast <int> x))" },
		{ "*(char *)NULL", "(* (cast <char *> NULL))" },
	};

	return cr_make_param_array(struct sexp_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct sexp_case *c, parse, precedence)
{
	expect_expr(c->text, c->sexp);
}

ParameterizedTestParameters(parse, casts)
{
	static struct sexp_case cases[] = {
		{ "(char *)p", "(cast <char *> p)" },
		{ "(char **)p", "(cast <char **> p)" },
		{ "(int64_t)x", "(cast <int64_t> x)" },
		{ "(uint64_t)x", "(cast <uint64_t> x)" },
		{ "(unsigned long long)x", "(cast <unsigned long long> x)" },
		{ "(long long unsigned int)x", "(cast <unsigned long long> x)" },
		{ "(long unsigned long)x", "(cast <unsigned long long> x)" },
		{ "(string)arg0", "(cast <string> arg0)" },
		{ "(void *)x", "(cast <void *> x)" },
		{ "(void)x", "(cast <void> x)" },
		{ "(unsigned)x", "(cast <unsigned int> x)" },
		{ "(signed)x", "(cast <int> x)" },
		{ "(signed int)x", "(cast <int> x)" },
		{ "(int signed)x", "(cast <int> x)" },
		{ "(char)x", "(cast <char> x)" },
		{ "(signed char)x", "(cast <signed char> x)" },
		{ "(unsigned char)x", "(cast <unsigned char> x)" },
		{ "(short)x", "(cast <short> x)" },
		{ "(short int)x", "(cast <short> x)" },
		{ "(int short unsigned)x", "(cast <unsigned short> x)" },
		{ "(long)x", "(cast <long> x)" },
		{ "(long int)x", "(cast <long> x)" },
		{ "(unsigned long)x", "(cast <unsigned long> x)" },
		{ "(long long)x", "(cast <long long> x)" },
		{ "(long long int)x", "(cast <long long> x)" },
		{ "(struct task_struct *)curthread", "(cast <struct task_struct *> curthread)" },
		{ "(union u)x", "(cast <union u> x)" },
		{ "(enum e)x", "(cast <enum e> x)" },
		{ "(const char *)p", "(cast <const char *> p)" },
		{ "(volatile int)p", "(cast <volatile int> p)" },
		{ "(char const *)p", "(cast <const char *> p)" },
		{ "(char *const)p", "(cast <char *> p)" },
		{ "(char * const * volatile)p", "(cast <char **> p)" },
		{ "(struct foo const *)p", "(cast <const struct foo *> p)" },
		{ "(size_t)x", "(cast <size_t> x)" },
		{ "(const size_t)x", "(cast <const size_t> x)" },
	};

	return cr_make_param_array(struct sexp_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct sexp_case *c, parse, casts)
{
	expect_expr(c->text, c->sexp);
}

ParameterizedTestParameters(parse, primaries)
{
	static struct sexp_case cases[] = {
		{ "42", "42" },
		{ "0x10", "16" },
		{ "010", "8" },
		{ "18446744073709551615U", "18446744073709551615u" },
		{ "1UL", "1ul" },
		{ "1l", "1l" },
		{ "1ll", "1ll" },
		{ "1ULL", "1ull" },
		{ "'a'", "(chr 97)" },
		{ "'\\0'", "(chr 0)" },
		{ "'ab'", "(chr 24930)" },
		{ "\"a\\tb\\\\\"", "\"a\\tb\\\\\"" },
		{ "\"q\\\"\\n\\r\\a\\b\\f\\v\"", "\"q\\\"\\n\\r\\a\\b\\f\\v\"" },
		{ "\"\\0\\x01\\1772\\xff\"", "\"\\000\\001\\1772\\377\"" },
		{ "x", "x" },
		{ "`max_pid", "`max_pid" },
		{ "vmlinux`jiffies", "vmlinux`jiffies" },
		{ "self->x", "self->x" },
		{ "this->x", "this->x" },
		{ "self -> x", "self->x" },
		{ "self->x->y", "(-> self->x y)" },
		{ "self->a[1]", "([] self->a 1)" },
		{ "self->string", "self->string" },
		{ "$1", "$1" },
		{ "$$1", "$$1" },
		{ "$target", "$target" },
		{ "$pid + $1", "(+ $pid $1)" },
		{ "@", "@" },
		{ "@a", "@a" },
		{ "@[x]", "(@ x)" },
		{ "@a[1, \"s\", 'c']", "(@a 1 \"s\" (chr 99))" },
		{ "@a[1][2]", "([] (@a 1) 2)" },
		{ "args[0]->f_path", "(-> ([] args 0) f_path)" },
		{ "a->int", "(-> a int)" },
		{ "s.x.y", "(. (. s x) y)" },
		{ "a[1]++", "(post++ ([] a 1))" },
	};

	return cr_make_param_array(struct sexp_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct sexp_case *c, parse, primaries)
{
	expect_expr(c->text, c->sexp);
}

/* Node contents */

Test(parse, int_node)
{
	struct ast_expr *e = expression("0x10UL");

	cr_assert_eq(e->kind, AST_INT);
	cr_assert_eq(e->u.i.value, 16);
	cr_assert_eq(e->u.i.base, 16);
	cr_assert_eq(e->u.i.flags, AST_INT_UNSIGNED | AST_INT_UPPER_U | AST_INT_LONG);
	e = expression("077ll");
	cr_assert_eq(e->u.i.base, 8);
	cr_assert_eq(e->u.i.flags, AST_INT_LONGLONG);
	cr_assert_eq(e->u.i.value, 63);
	e = expression("0");
	cr_assert_eq(e->u.i.base, 10);
	cr_assert_eq(e->u.i.flags, 0);
}

Test(parse, char_and_string_nodes)
{
	struct ast_expr *e = expression("'ab'");

	cr_assert_eq(e->kind, AST_CHAR);
	cr_assert_eq(e->u.c.value, 0x6162);
	cr_assert_eq(e->u.c.nbytes, 2);
	e = expression("\"a\\0b\"");
	cr_assert_eq(e->kind, AST_STRING);
	cr_assert_eq(e->u.str.len, 3);
	cr_assert_eq(memcmp(e->u.str.s, "a\0b", 4), 0);
}

Test(parse, ident_and_macro_nodes)
{
	struct ast_expr *e = expression("this->x");

	cr_assert_eq(e->kind, AST_IDENT);
	cr_assert_eq(e->u.ident.scope, AST_SCOPE_THIS);
	cr_assert_str_eq(e->u.ident.name, "x");
	e = expression("self->y");
	cr_assert_eq(e->u.ident.scope, AST_SCOPE_SELF);
	e = expression("pid");
	cr_assert_eq(e->u.ident.scope, AST_SCOPE_GLOBAL);
	cr_assert_str_eq(e->u.ident.name, "pid");
	e = expression("$$2");
	cr_assert_eq(e->kind, AST_MACRO);
	cr_assert_str_eq(e->u.macro.name, "2");
	cr_assert(e->u.macro.string);
	e = expression("$target");
	cr_assert_not(e->u.macro.string);
}

Test(parse, agg_nodes)
{
	struct ast_expr *e = expression("@counts");

	cr_assert_eq(e->kind, AST_AGG);
	cr_assert_str_eq(e->u.agg.name, "counts");
	cr_assert_null(e->u.agg.keys);
	cr_assert_eq(e->u.agg.nkeys, 0);
	e = expression("@[a, b]");
	cr_assert_str_eq(e->u.agg.name, "");
	cr_assert_eq(e->u.agg.nkeys, 2);
	cr_assert_str_eq(e->u.agg.keys[1]->u.ident.name, "b");
	e = expression("@a[k] = count()");
	cr_assert_eq(e->kind, AST_ASSIGN);
	cr_assert_eq(e->u.binary.op, AST_OP_ASSIGN);
	cr_assert_eq(e->u.binary.lhs->kind, AST_AGG);
	cr_assert_eq(e->u.binary.rhs->kind, AST_CALL);
	cr_assert_eq(e->u.binary.rhs->u.call.nargs, 0);
	cr_assert_null(e->u.binary.rhs->u.call.args);
}

Test(parse, operator_nodes)
{
	struct ast_expr *e = expression("a += 1");

	cr_assert_eq(e->kind, AST_ASSIGN);
	cr_assert_eq(e->u.binary.op, AST_OP_ADD);
	e = expression("a ^^ b");
	cr_assert_eq(e->kind, AST_BINARY);
	cr_assert_eq(e->u.binary.op, AST_OP_LXOR);
	e = expression("x--");
	cr_assert_eq(e->kind, AST_UNARY);
	cr_assert_eq(e->u.unary.op, AST_OP_POSTDEC);
	e = expression("sizeof x");
	cr_assert_eq(e->u.unary.op, AST_OP_SIZEOF);
	e = expression("stringof x");
	cr_assert_eq(e->u.unary.op, AST_OP_STRINGOF);
	e = expression("p->f");
	cr_assert_eq(e->kind, AST_MEMBER);
	cr_assert(e->u.member.arrow);
	cr_assert_str_eq(e->u.member.name, "f");
	e = expression("s.f");
	cr_assert_not(e->u.member.arrow);
	e = expression("c ? t : f");
	cr_assert_eq(e->kind, AST_TERNARY);
	cr_assert_str_eq(e->u.ternary.then->u.ident.name, "t");
	cr_assert_str_eq(e->u.ternary.otherwise->u.ident.name, "f");
	cr_assert_str_eq(ast_op_str(AST_OP_LXOR), "^^");
	cr_assert_str_eq(ast_op_str(AST_OP_ASSIGN), "=");
	cr_assert_str_eq(ast_op_str(AST_OP_COUNT), "?");
}

Test(parse, type_nodes)
{
	struct ast_expr *e = expression("(const struct file **)p");

	cr_assert_eq(e->kind, AST_CAST);
	cr_assert_eq(e->u.cast.type.kind, AST_TYPE_STRUCT);
	cr_assert_str_eq(e->u.cast.type.name, "struct file");
	cr_assert_eq(e->u.cast.type.ptr, 2);
	cr_assert_eq(e->u.cast.type.quals, AST_QUAL_CONST);
	cr_assert_eq(e->u.cast.type.loc.col, 2);
	e = expression("sizeof(uint32_t)");
	cr_assert_eq(e->kind, AST_SIZEOF_TYPE);
	cr_assert_eq(e->u.cast.type.kind, AST_TYPE_TYPEDEF);
	cr_assert_null(e->u.cast.operand);
	e = expression("(string)x");
	cr_assert_eq(e->u.cast.type.kind, AST_TYPE_STRING);
	e = expression("(void)x");
	cr_assert_eq(e->u.cast.type.kind, AST_TYPE_VOID);
	e = expression("(unsigned short)x");
	cr_assert_eq(e->u.cast.type.kind, AST_TYPE_INT);
	e = expression("(union u)x");
	cr_assert_eq(e->u.cast.type.kind, AST_TYPE_UNION);
	e = expression("(enum e)x");
	cr_assert_eq(e->u.cast.type.kind, AST_TYPE_ENUM);
}

Test(parse, paren_flag_and_height)
{
	struct ast_expr *e = expression("(a) + b * c");

	cr_assert(e->u.binary.lhs->paren);
	cr_assert_not(e->u.binary.rhs->paren);
	cr_assert_not(e->paren);
	cr_assert_eq(e->height, 3);
	cr_assert_eq(e->u.binary.lhs->height, 1);
	e = expression("f(a, g(b[c]))");
	cr_assert_eq(e->height, 4);
}

Test(parse, expr_locations)
{
	struct ast_expr *e = expression("a +\n  f(b)[c]->d");

	cr_assert_eq(e->loc.line, 1);
	cr_assert_eq(e->loc.col, 3);
	e = e->u.binary.rhs;
	cr_assert_eq(e->kind, AST_MEMBER);
	cr_assert_eq(e->loc.line, 2);
	cr_assert_eq(e->loc.col, 10);
	e = e->u.member.base;
	cr_assert_eq(e->kind, AST_INDEX);
	cr_assert_eq(e->loc.col, 7);
	e = e->u.index.base;
	cr_assert_eq(e->kind, AST_CALL);
	cr_assert_eq(e->loc.col, 3);
	cr_assert_eq(e->u.call.args[0]->loc.col, 5);
	e = expression("x ? y : self->z");
	cr_assert_eq(e->loc.col, 3);
	cr_assert_eq(e->u.ternary.otherwise->loc.col, 9);
	e = expression("(int)x");
	cr_assert_eq(e->loc.col, 1);
	e = expression("-x++");
	cr_assert_eq(e->loc.col, 1);
	cr_assert_eq(e->u.unary.operand->loc.col, 3);
	e = expression("@a[1] = 2");
	cr_assert_eq(e->loc.col, 7);
	cr_assert_eq(e->u.binary.lhs->loc.col, 1);
}

static bool btf_typedefs(const char *name, void *arg)
{
	(void)arg;
	return strcmp(name, "mode_t") == 0 || strcmp(name, "u64") == 0;
}

Test(parse, typedef_callback)
{
	struct ast_program *prog;

	cc.is_typedef = btf_typedefs;
	expect_expr("(mode_t)x", "(cast <mode_t> x)");
	expect_expr("sizeof(u64)", "(sizeof <u64>)");
	expect_expr("(unsigned)u", "(cast <unsigned int> u)");
	prog = program("t.d", "u64 total;\nmode_t *pp;\n");
	cr_assert_eq(prog->nitems, 2);
	cr_assert_eq(prog->items[0]->u.decl.type.kind, AST_TYPE_TYPEDEF);
	cr_assert_str_eq(prog->items[0]->u.decl.type.name, "u64");
}

Test(parse, floating_point_types)
{
	/* the types parse (sizeof takes them); the code generator refuses values */
	expect_expr("sizeof(long double)", "(sizeof <long double>)");
	expect_expr("(float)y", "(cast <float> y)");
}

Test(parse, floating_point_combinations)
{
	expect_error("long float f;\n", "D_DECL_COMBO", 1, 6, "invalid type combination");
}

Test(parse, sizeof_array_type)
{
	expect_expr("sizeof(char [4])", "(sizeof <char [4]>)");
	expect_expr("sizeof(int *[2])", "(sizeof <int * [2]>)");
}

Test(parse, typedefs)
{
	struct ast_program *prog;

	/* a typedef's name is a type name from the next token on */
	prog = program("t.d", "typedef int myint;\nmyint x;\nBEGIN { y = (myint)z; }\n");
	cr_assert_eq(prog->nitems, 3);
	cr_assert(prog->items[0]->u.decl.is_typedef);
	cr_assert_eq(prog->items[1]->u.decl.type.kind, AST_TYPE_TYPEDEF);
	cr_assert_str_eq(prog->items[1]->u.decl.type.name, "myint");
	expect_prog("typedef struct { int a; } s_t, *sp_t;\n",
		    "(typedef <struct> s_t)\n(typedef <struct *> sp_t)\n");
	expect_prog("union { int x; } u;\nstruct s;\n", "(decl <union> u)\n(decl <struct s>)\n");
}

Test(parse, typedef_redeclared)
{
	expect_error("typedef int myint;\ntypedef long myint;\n", "D_DECL_IDRED", 2, 14,
		     "typedef redeclared: myint");
}

Test(parse, typedef_name_as_variable)
{
	expect_error("typedef int myint;\nint myint;\n", "D_DECL_IDRED", 2, 5,
		     "typedef identifier redeclared: myint");
}

Test(parse, typedef_with_another_class)
{
	expect_error("self typedef int t;\n", "D_DECL_CLASS", 1, 6,
		     "only one storage class allowed in a declaration");
}

static int asked;

static bool counting_typedefs(const char *name, void *arg)
{
	(void)arg;
	asked++;
	return !strcmp(name, "u64");
}

Test(parse, typedef_callback_asked_where_types_may_be)
{
	cc.is_typedef = counting_typedefs;
	asked = 0;
	/* a word in parentheses before something other than ')' or '*' is no type */
	expect_expr("(a + b) * (c)", "(* (+ a b) c)");
	cr_assert_eq(asked, 1, "asked %d times", asked);
	expect_expr("(u64)x + sizeof(u64 *)", "(+ (cast <u64> x) (sizeof <u64 *>))");
	/* the first answer made u64 a type name: the sizeof did not ask */
	cr_assert_eq(asked, 2, "asked %d times", asked);
}

Test(parse, typedef_unknown_without_callback)
{
	struct ast_expr *e = parse_expression(&cc, NULL, "(mode_t)x", 9);

	cr_assert_null(e);
	cr_assert_str_eq(first_msg(), "syntax error near \"x\"");
}

/* Programs */

Test(parse, probe_list)
{
	struct ast_program *prog;
	struct ast_clause *c;

	expect_prog("syscall::openat:entry, syscall::open:entry { }",
		    "(clause (probes syscall::openat:entry syscall::open:entry) (body))\n");
	prog = program("t.d", "syscall::openat:entry,\n  syscall::open:entry\n{}");
	c = &prog->items[0]->u.clause;
	cr_assert_eq(prog->items[0]->kind, AST_ITEM_CLAUSE);
	cr_assert_eq(c->nprobes, 2);
	cr_assert_str_eq(c->probes[1]->text, "syscall::open:entry");
	cr_assert_eq(c->probes[1]->loc.line, 2);
	cr_assert_eq(c->probes[1]->loc.col, 3);
	cr_assert_eq(prog->items[0]->loc.line, 1);
	cr_assert_not_null(c->body);
	cr_assert_eq(c->body->nstmts, 0);
	cr_assert_null(c->body->stmts);
	cr_assert_eq(c->body->loc.line, 3);
	cr_assert_null(c->pred);
	cr_assert_str_eq(prog->file, "t.d");
}

Test(parse, probe_description_shapes)
{
	expect_prog("syscall:::entry, profile-97hz, syscall::*read*:, "
		    "fbt:vmlinux:do_sys_open:return, BEGIN, tick-1sec, "
		    "pid$target::malloc:entry, syscall::[rw]*:entry, :::, *:::\n{}",
		    "(clause (probes syscall:::entry profile-97hz syscall::*read*: "
		    "fbt:vmlinux:do_sys_open:return BEGIN tick-1sec pid$target::malloc:entry "
		    "syscall::[rw]*:entry ::: *:::) (body))\n");
}

Test(parse, predicates)
{
	expect_prog("BEGIN /x/ {}", "(clause (probes BEGIN) (pred x) (body))\n");
	expect_prog("BEGIN/x/{}", "(clause (probes BEGIN) (pred x) (body))\n");
	expect_prog("BEGIN\n/pid == 1 && execname != \"sh\"/\n{}",
		    "(clause (probes BEGIN) (pred (&& (== pid 1) (!= execname \"sh\"))) (body))\n");
	expect_prog("BEGIN /self->spec && errno != 0/ {}",
		    "(clause (probes BEGIN) (pred (&& self->spec (!= errno 0))) (body))\n");
}

Test(parse, predicate_division)
{
	expect_prog("BEGIN /a / b/ {}", "(clause (probes BEGIN) (pred (/ a b)) (body))\n");
	expect_prog("BEGIN /a / b / c/ {}",
		    "(clause (probes BEGIN) (pred (/ (/ a b) c)) (body))\n");
	expect_prog("BEGIN /a / 2 > 1/ {}",
		    "(clause (probes BEGIN) (pred (> (/ a 2) 1)) (body))\n");
	expect_prog("BEGIN /a /-b/ {}", "(clause (probes BEGIN) (pred (/ a (- b))) (body))\n");
	expect_prog("BEGIN /(a / b) == 1/ {}",
		    "(clause (probes BEGIN) (pred (== (/ a b) 1)) (body))\n");
	expect_prog("BEGIN /x[a / b]/ {}",
		    "(clause (probes BEGIN) (pred ([] x (/ a b))) (body))\n");
	expect_prog("BEGIN /f(a / b)/ {}",
		    "(clause (probes BEGIN) (pred (call f (/ a b))) (body))\n");
	expect_prog("BEGIN /x / y ? a : b/ {}",
		    "(clause (probes BEGIN) (pred (? (/ x y) a b)) (body))\n");
	/* Comments after the closing '/' */
	expect_prog("BEGIN /x/ /* c */ {}", "(clause (probes BEGIN) (pred x) (body))\n");
	/* Inside a body, '/' is always division. */
	expect_prog("BEGIN { a = b / c; }", "(clause (probes BEGIN) (body (= a (/ b c))))\n");
}

Test(parse, bodies)
{
	expect_prog("BEGIN {}", "(clause (probes BEGIN) (body))\n");
	expect_prog("BEGIN { ; ; }", "(clause (probes BEGIN) (body (nop) (nop)))\n");
	expect_prog("BEGIN { exit(0) }", "(clause (probes BEGIN) (body (call exit 0)))\n");
	expect_prog("BEGIN { a = 1; b = 2 }", "(clause (probes BEGIN) (body (= a 1) (= b 2)))\n");
	expect_prog("BEGIN { a = 1;; trace(a); }",
		    "(clause (probes BEGIN) (body (= a 1) (nop) (call trace a)))\n");
}

Test(parse, stmt_nodes)
{
	struct ast_program *prog = program("t.d", "BEGIN\n{\n\tx = 1;\n\t;\n}");
	struct ast_body *b = prog->items[0]->u.clause.body;

	cr_assert_eq(b->nstmts, 2);
	cr_assert_eq(b->stmts[0]->kind, AST_STMT_EXPR);
	cr_assert_eq(b->stmts[0]->loc.line, 3);
	cr_assert_eq(b->stmts[0]->loc.col, 2);
	cr_assert_eq(b->stmts[1]->kind, AST_STMT_EMPTY);
	cr_assert_null(b->stmts[1]->expr);
	cr_assert_eq(b->stmts[1]->loc.line, 4);
}

Test(parse, missing_body_in_probe_specifier)
{
	struct ast_program *prog;

	expect_prog_in(NULL, "BEGIN", "(clause (probes BEGIN))\n");
	expect_prog_in(NULL, "syscall::read:entry, syscall::write:entry",
		       "(clause (probes syscall::read:entry syscall::write:entry))\n");
	expect_prog_in(NULL, "BEGIN {} END",
		       "(clause (probes BEGIN) (body))\n"
		       "(clause (probes END))\n");
	prog = program(NULL, "BEGIN");
	cr_assert_null(prog->items[0]->u.clause.body);
	cr_assert_null(prog->items[0]->u.clause.pred);
	cr_assert_null(prog->file);
}

Test(parse, predicate_slash_rule_as_dtrace)
{
	/*
	 * A '/' followed by anything but ';', '{', '/' or the end divides,
	 * even across lines: dtrace reads this as one predicate too.
	 */
	expect_prog("BEGIN /x/\nEND\n/y/ {}\n",
		    "(clause (probes BEGIN) (pred (/ (/ x END) y)) (body))\n");
}

Test(parse, top_level_semicolons)
{
	expect_prog(";BEGIN {};\n;END {}", "(clause (probes BEGIN) (body))\n"
					   "(clause (probes END) (body))\n");
}

Test(parse, inline_definitions)
{
	expect_prog("inline int X = 1 + 2;\ninline string S = execname;\n",
		    "(inline <int> X (+ 1 2))\n(inline <string> S execname)\n");
	expect_prog("inline int F[int a, string s] = a + strlen(s);\n",
		    "(inline <int> F [<int> a <string> s] (+ a (call strlen s)))\n");
}

Test(parse, declarations)
{
	expect_prog("int n;\nstring s;\nuint64_t t;\nlong x[int];\nself int x;\nthis string s;\n",
		    "(decl <int> n)\n(decl <string> s)\n(decl <uint64_t> t)\n"
		    "(decl <long> x [<int>])\n(decl self <int> x)\n(decl this <string> s)\n");
	expect_prog("unsigned long long y[string, int];", "(decl <unsigned long long> y "
							  "[<string> <int>])\n");
	expect_prog("int*p, a[4], **q;", "(decl <int *> p)\n(decl <int> a [4])\n"
					 "(decl <int **> q)\n");
	expect_prog("const char *cp;\nstruct task_struct *t;\nself struct file *f[int, string];",
		    "(decl <const char *> cp)\n(decl <struct task_struct *> t)\n"
		    "(decl self <struct file *> f [<int> <string>])\n");
	expect_prog("self char *names[uint64_t, char *];",
		    "(decl self <char *> names [<uint64_t> <char *>])\n");
	expect_prog("unsigned u; signed char c; short int si; long long ll;",
		    "(decl <unsigned int> u)\n(decl <signed char> c)\n(decl <short> si)\n"
		    "(decl <long long> ll)\n");
}

Test(parse, decl_nodes)
{
	struct ast_program *prog = program("t.d", "BEGIN {}\n\nself long a[int],\n  b[16];");
	struct ast_decl *d;

	cr_assert_eq(prog->nitems, 3);
	cr_assert_eq(prog->items[1]->kind, AST_ITEM_DECL);
	d = &prog->items[1]->u.decl;
	cr_assert_eq(d->scope, AST_SCOPE_SELF);
	cr_assert_str_eq(d->name, "a");
	cr_assert_eq(d->name_loc.line, 3);
	cr_assert_eq(d->name_loc.col, 11);
	cr_assert_eq(prog->items[1]->loc.line, 3);
	cr_assert_eq(prog->items[1]->loc.col, 1);
	cr_assert_eq(d->type.kind, AST_TYPE_INT);
	cr_assert_eq(d->nkeys, 1);
	cr_assert_eq(d->keys[0]->kind, AST_TYPE_INT);
	cr_assert_str_eq(d->keys[0]->name, "int");
	cr_assert_not(d->has_dim);
	d = &prog->items[2]->u.decl;
	cr_assert_eq(d->scope, AST_SCOPE_SELF);
	cr_assert_str_eq(d->name, "b");
	cr_assert_eq(d->name_loc.line, 4);
	cr_assert(d->has_dim);
	cr_assert_eq(d->dim, 16);
	cr_assert_null(d->keys);
}

Test(parse, enum_definitions)
{
	struct ast_program *prog = program("t.d", "enum e { A, B = 2 + 1,\n C, };\nenum { D };");
	const struct ast_type *ty;

	cr_assert_eq(prog->nitems, 2);
	cr_assert_eq(prog->items[0]->kind, AST_ITEM_DECL);
	ty = &prog->items[0]->u.decl.type;
	cr_assert_eq(ty->kind, AST_TYPE_ENUM);
	cr_assert_str_eq(ty->name, "enum e");
	cr_assert(ty->body);
	cr_assert_eq(ty->nmembers, 3);
	cr_assert_str_eq(ty->members[0]->name, "A");
	cr_assert_null(ty->members[0]->value);
	cr_assert_str_eq(ty->members[1]->name, "B");
	cr_assert_eq(ty->members[1]->value->kind, AST_BINARY);
	cr_assert_str_eq(ty->members[2]->name, "C");
	cr_assert_eq(ty->members[2]->loc.line, 2);
	ty = &prog->items[1]->u.decl.type;
	cr_assert_null(ty->name, "an anonymous enum");
	cr_assert_eq(ty->nmembers, 1);
}

Test(parse, pragmas)
{
	struct ast_program *prog;
	struct ast_pragma *pr;

	expect_prog("#pragma D option quiet\n#pragma D option bufsize=16k\n"
		    "#pragma D attributes Evolving/Evolving/Common provider io provider\n"
		    "#pragma D binding \"1.0\" foo\n#pragma D depends_on provider io\n"
		    "#pragma D option switchrate=\n",
		    "(pragma option quiet)\n(pragma option bufsize=16k)\n"
		    "(pragma attributes Evolving/Evolving/Common provider io provider)\n"
		    "(pragma binding \"1.0\" foo)\n(pragma depends_on provider io)\n"
		    "(pragma option switchrate=)\n");
	prog = program("t.d", "\n  #pragma D option bufsize=16k  /* comment */\n");
	cr_assert_eq(prog->nitems, 1);
	cr_assert_eq(prog->items[0]->kind, AST_ITEM_PRAGMA);
	cr_assert_eq(prog->items[0]->loc.line, 2);
	cr_assert_eq(prog->items[0]->loc.col, 3);
	pr = &prog->items[0]->u.pragma;
	cr_assert_eq(pr->kind, AST_PRAGMA_OPTION);
	cr_assert_str_eq(pr->name, "bufsize");
	cr_assert_str_eq(pr->value, "16k");
	cr_assert_str_eq(pr->text, "D option bufsize=16k");
	prog = program("t.d", "#pragma D option quiet\n");
	cr_assert_null(prog->items[0]->u.pragma.value);
	prog = program("t.d", "#pragma D depends_on module  vmlinux\n");
	pr = &prog->items[0]->u.pragma;
	cr_assert_eq(pr->kind, AST_PRAGMA_DEPENDS_ON);
	cr_assert_str_eq(pr->name, "depends_on");
	cr_assert_str_eq(pr->value, "module  vmlinux");
}

Test(parse, pragmas_ignored)
{
	expect_prog("#pragma\n#pragma ident \"x\"\n#pragma once\n"
		    "#pragma D ident \"v\"\n#\nBEGIN {}",
		    "(clause (probes BEGIN) (body))\n");
}

Test(parse, pragma_anywhere)
{
	/* A pragma inside a clause comes before the clause. */
	expect_prog("BEGIN\n{\n#pragma D option quiet\n\tx = 1 +\n#pragma D option flowindent\n"
		    "\t2;\n}\n#pragma D option destructive\n",
		    "(pragma option quiet)\n(pragma option flowindent)\n"
		    "(clause (probes BEGIN) (body (= x (+ 1 2))))\n(pragma option destructive)\n");
	/* Lookahead past a pragma does not record it twice. */
	expect_prog("BEGIN /a\n#pragma D option quiet\n/ b/ {}",
		    "(pragma option quiet)\n(clause (probes BEGIN) (pred (/ a b)) (body))\n");
	expect_prog("BEGIN { x = (\n#pragma D option quiet\nint)y; }",
		    "(pragma option quiet)\n(clause (probes BEGIN) (body (= x (cast <int> y))))\n");
}

Test(parse, only_pragmas_is_not_empty)
{
	expect_prog("#pragma D option quiet\n", "(pragma option quiet)\n");
}

/* The scripts spectrace must take as dtrace does */

Test(parse, script_options_and_macro)
{
	expect_prog("#pragma D option bufpolicy=ring\n"
		    "#pragma D option bufsize=16k\n"
		    "\n"
		    "syscall:::entry\n"
		    "/execname == $1/\n"
		    "{\n"
		    "  trace(timestamp);\n"
		    "}\n"
		    "\n"
		    "syscall::exit:entry\n"
		    "{\n"
		    "  exit(0);\n"
		    "}\n",
		    "(pragma option bufpolicy=ring)\n"
		    "(pragma option bufsize=16k)\n"
		    "(clause (probes syscall:::entry) (pred (== execname $1)) "
		    "(body (call trace timestamp)))\n"
		    "(clause (probes syscall::exit:entry) (body (call exit 0)))\n");
}

static const char specopen_d[] =
	"#!/usr/sbin/dtrace -Fs\n"
	"\n"
	"syscall::open:entry,\n"
	"syscall::open64:entry\n"
	"{\n"
	"\t/*\n"
	"\t * The call to speculation() creates a new speculation.  If this fails,\n"
	"\t * dtrace(1M) will generate an error message indicating the reason for\n"
	"\t * the failed speculation(), but subsequent speculative tracing will be\n"
	"\t * silently discarded.\n"
	"\t */\n"
	"\tself->spec = speculation();\n"
	"\tspeculate(self->spec);\n"
	"\n"
	"\t/*\n"
	"\t * Because this printf() follows the speculate(), it is being\n"
	"\t * speculatively traced; it will only appear in the data buffer if the\n"
	"\t * speculation is subsequently commited.\n"
	"\t */\n"
	"\tprintf(\"%s\", stringof(copyinstr(arg0)));\n"
	"}\n"
	"\n"
	"fbt:::\n"
	"/self->spec/\n"
	"{\n"
	"\t/*\n"
	"\t * A speculate() with no other actions speculates the default action:\n"
	"\t * tracing the EPID.\n"
	"\t */\n"
	"\tspeculate(self->spec);\n"
	"}\n"
	"\n"
	"syscall::open:return,\n"
	"syscall::open64:return\n"
	"/self->spec/\n"
	"{\n"
	"\t/*\n"
	"\t * To balance the output with the -F option, we want to be sure that\n"
	"\t * every entry has a matching return.  Because we speculated the\n"
	"\t * open entry above, we want to also speculate the open return.\n"
	"\t * This is also a time to trace the errno value.\n"
	"\t */\n"
	"\tspeculate(self->spec);\n"
	"\ttrace(errno);\n"
	"}\n"
	"\n"
	"syscall::open:return,\n"
	"syscall::open64:return\n"
	"/self->spec && errno != 0/\n"
	"{\n"
	"\t/*\n"
	"\t * If errno is non-zero, we want to commit the speculation.\n"
	"\t */\n"
	"\tcommit(self->spec);\n"
	"\tself->spec = 0;\n"
	"}\n"
	"\n"
	"syscall::open:return,\n"
	"syscall::open64:return\n"
	"/self->spec && errno == 0/\n"
	"{\n"
	"\t/*\n"
	"\t * If errno is not set, we discard the speculation.\n"
	"\t */\n"
	"\tdiscard(self->spec);\n"
	"\tself->spec = 0;\n"
	"}\n";

Test(parse, script_specopen)
{
	struct ast_program *prog;

	expect_prog_in("specopen.d", specopen_d,
		       "(clause (probes syscall::open:entry syscall::open64:entry) (body "
		       "(= self->spec (call speculation)) (call speculate self->spec) "
		       "(call printf \"%s\" (stringof (call copyinstr arg0)))))\n"
		       "(clause (probes fbt:::) (pred self->spec) "
		       "(body (call speculate self->spec)))\n"
		       "(clause (probes syscall::open:return syscall::open64:return) "
		       "(pred self->spec) (body (call speculate self->spec) (call trace errno)))\n"
		       "(clause (probes syscall::open:return syscall::open64:return) "
		       "(pred (&& self->spec (!= errno 0))) "
		       "(body (call commit self->spec) (= self->spec 0)))\n"
		       "(clause (probes syscall::open:return syscall::open64:return) "
		       "(pred (&& self->spec (== errno 0))) "
		       "(body (call discard self->spec) (= self->spec 0)))\n");
	teardown();
	setup();
	prog = program("specopen.d", specopen_d);
	cr_assert_eq(prog->nitems, 5);
	cr_assert_eq(prog->items[0]->loc.line, 3);
	cr_assert_eq(prog->items[0]->u.clause.probes[1]->loc.line, 4);
	cr_assert_eq(prog->items[0]->u.clause.body->stmts[0]->loc.line, 12);
	cr_assert_eq(prog->items[1]->loc.line, 23);
	cr_assert_eq(prog->items[1]->u.clause.pred->loc.line, 24);
	cr_assert_eq(prog->items[1]->u.clause.pred->loc.col, 2);
}

Test(parse, script_prot_table)
{
	expect_prog("BEGIN\n"
		    "{\n"
		    "\tprot[0] = \"---\";\n"
		    "\tprot[1] = \"r--\";\n"
		    "\tprot[2] = \"-w-\";\n"
		    "\tprot[3] = \"rw-\";\n"
		    "\tprot[4] = \"--x\";\n"
		    "\tprot[5] = \"r-x\";\n"
		    "\tprot[6] = \"-wx\";\n"
		    "\tprot[7] = \"rwx\";\n"
		    "}\n"
		    "\n"
		    "syscall::mmap:entry\n"
		    "{\n"
		    "\tprintf(\"mmap with prot = %s\", prot[arg2 & 0x7]);\n"
		    "}\n",
		    "(clause (probes BEGIN) (body (= ([] prot 0) \"---\") (= ([] prot 1) \"r--\") "
		    "(= ([] prot 2) \"-w-\") (= ([] prot 3) \"rw-\") (= ([] prot 4) \"--x\") "
		    "(= ([] prot 5) \"r-x\") (= ([] prot 6) \"-wx\") (= ([] prot 7) \"rwx\")))\n"
		    "(clause (probes syscall::mmap:entry) "
		    "(body (call printf \"mmap with prot = %s\" ([] prot (& arg2 7)))))\n");
}

Test(parse, script_begin_end_count)
{
	expect_prog("BEGIN\n"
		    "{\n"
		    "\tstart = timestamp;\n"
		    "}\n"
		    "\n"
		    "syscall:::entry\n"
		    "{\n"
		    "\t@[probefunc] = count();\n"
		    "}\n"
		    "\n"
		    "END\n"
		    "{\n"
		    "\tprintf(\"Ran for %d seconds\", (timestamp - start) / 1000000000);\n"
		    "\tprinta(@);\n"
		    "}\n",
		    "(clause (probes BEGIN) (body (= start timestamp)))\n"
		    "(clause (probes syscall:::entry) (body (= (@ probefunc) (call count))))\n"
		    "(clause (probes END) (body (call printf \"Ran for %d seconds\" "
		    "(/ (- timestamp start) 1000000000)) (call printa @)))\n");
}

Test(parse, script_error_probe)
{
	expect_prog("BEGIN\n"
		    "{\n"
		    "\t*(char *)NULL;\n"
		    "}\n"
		    "\n"
		    "ERROR\n"
		    "{\n"
		    "\tprintf(\"Hit an error!\");\n"
		    "}\n",
		    "(clause (probes BEGIN) (body (* (cast <char *> NULL))))\n"
		    "(clause (probes ERROR) (body (call printf \"Hit an error!\")))\n");
}

Test(parse, script_mixed)
{
	expect_prog("#!/usr/sbin/dtrace -qs\n"
		    "#pragma D option quiet\n"
		    "self uint64_t ts;\n"
		    "syscall::read:entry /pid == $target/ { self->ts = timestamp; }\n"
		    "syscall::read:return /self->ts/ {\n"
		    "\t@lat[execname] = quantize(timestamp - self->ts);\n"
		    "\tself->ts = 0;\n"
		    "}\n"
		    "tick-1sec { printa(\"%s %@d\\n\", @lat); clear(@lat); }\n",
		    "(pragma option quiet)\n"
		    "(decl self <uint64_t> ts)\n"
		    "(clause (probes syscall::read:entry) (pred (== pid $target)) "
		    "(body (= self->ts timestamp)))\n"
		    "(clause (probes syscall::read:return) (pred self->ts) "
		    "(body (= (@lat execname) (call quantize (- timestamp self->ts))) "
		    "(= self->ts 0)))\n"
		    "(clause (probes tick-1sec) (body (call printa \"%s %@d\\n\" @lat) "
		    "(call clear @lat)))\n");
}

/* Errors */

struct error_case {
	char text[72];
	char tag[24];
	unsigned int line;
	unsigned int col;
	char msg[104];
};

ParameterizedTestParameters(parse, errors)
{
	static struct error_case cases[] = {
		{ "BEGIN { x = ; }", "D_SYNTAX", 1, 13, "syntax error near \";\"" },
		{ "BEGIN {", "D_SYNTAX", 1, 8, "syntax error near end of input" },
		{ "BEGIN {\n\tx = 1\n\ty = 2;\n}", "D_SYNTAX", 3, 2, "syntax error near \"y\"" },
		{ "BEGIN { x = 1; }}", "D_SYNTAX", 1, 17, "extra } in input stream" },
		{ "BEGIN { trace(1)); }", "D_SYNTAX", 1, 17, "extra ) in input stream" },
		{ "BEGIN { { } }", "D_SYNTAX", 1, 9, "syntax error near \"{\"" },
		{ "{ }", "D_SYNTAX", 1, 1, "syntax error near \"{\"" },
		{ "BEGIN, { }", "D_SYNTAX", 1, 8, "syntax error near \"{\"" },
		{ "BEGIN / / {}", "D_SYNTAX", 1, 9, "syntax error near \"/\"" },
		{ "BEGIN /x {}", "D_SYNTAX", 1, 10, "syntax error near \"{\"" },
		{ "BEGIN /(x/ {}", "D_SYNTAX", 1, 10, "closing ) expected in predicate before /" },
		{ "BEGIN /x[1/ {}", "D_SYNTAX", 1, 11, "closing ] expected in predicate before /" },
		/* A predicate needs actions, in -n text too. */
		{ "BEGIN /x/\n", "D_SYNTAX", 1, 8,
		  "expected actions { } following probe description and predicate" },
		{ "BEGIN /x/;\nEND {}", "D_SYNTAX", 1, 8,
		  "expected actions { } following probe description and predicate" },
		/* Without cpp "//" is no comment. */
		{ "BEGIN {\n\t// c\n}", "D_SYNTAX", 2, 2, "syntax error near \"/\"" },
		{ "// c\nBEGIN {}", "D_SYNTAX", 1, 1, "syntax error near \"/\"" },
		{ "BEGIN /x// c\n{}", "D_SYNTAX", 1, 8,
		  "expected actions { } following probe description and predicate" },
		/* As with dtrace: "END" can begin an operand, so that '/' divides. */
		{ "BEGIN /x/ END {}", "D_SYNTAX", 1, 15, "syntax error near \"{\"" },
		/* As in C, a slash then a star opens a comment. */
		{ "BEGIN /x/*c*/{}", "D_SYNTAX", 1, 14, "syntax error near \"{\"" },
		{ "BEGIN\n", "D_SYNTAX", 1, 1,
		  "expected predicate and/or actions following probe description" },
		{ "BEGIN {}\nEND", "D_SYNTAX", 2, 1,
		  "expected predicate and/or actions following probe description" },
		{ "BEGIN, END\n", "D_SYNTAX", 1, 8,
		  "expected predicate and/or actions following probe description" },
		{ "", "D_EMPTY", 0, 0, "empty D program translation unit" },
		{ "/* nothing */ ;\n", "D_EMPTY", 0, 0, "empty D program translation unit" },
		{ "BEGIN { a + b = c; }", "D_SYNTAX", 1, 15, "syntax error near \"=\"" },
		{ "BEGIN { (int)x = 1; }", "D_SYNTAX", 1, 16, "syntax error near \"=\"" },
		{ "BEGIN { a ? b : c = d; }", "D_SYNTAX", 1, 19, "syntax error near \"=\"" },
		{ "BEGIN { self; }", "D_SYNTAX", 1, 13, "syntax error near \";\"" },
		{ "BEGIN { self->; }", "D_SYNTAX", 1, 15, "syntax error near \";\"" },
		{ "BEGIN { a->1; }", "D_SYNTAX", 1, 12, "syntax error near \"1\"" },
		{ "BEGIN { f(1,); }", "D_SYNTAX", 1, 13, "syntax error near \")\"" },
		{ "BEGIN { f(1 2); }", "D_SYNTAX", 1, 13, "syntax error near \"2\"" },
		{ "BEGIN { a[]; }", "D_SYNTAX", 1, 11, "syntax error near \"]\"" },
		/* a call of anything but a name (d-language 4.2) */
		{ "BEGIN { @a(1); }", "D_FUNC_IDENT", 1, 11,
		  "function designator is not of function type" },
		{ "BEGIN { self->f(1); }", "D_FUNC_IDENT", 1, 16,
		  "function designator is not of function type" },
		{ "BEGIN { f(1)(2); }", "D_FUNC_IDENT", 1, 13,
		  "function designator is not of function type" },
		{ "BEGIN { (a)(int)b; }", "D_SYNTAX", 1, 13, "syntax error near \"int\"" },
		{ "BEGIN { a ? b; }", "D_SYNTAX", 1, 14, "syntax error near \";\"" },
		{ "BEGIN { x = int; }", "D_SYNTAX", 1, 13, "syntax error near \"int\"" },
		{ "BEGIN { x = uint64_t; }", "D_SYNTAX", 1, 13, "syntax error near \"uint64_t\"" },
		{ "BEGIN { sizeof(); }", "D_SYNTAX", 1, 16, "syntax error near \")\"" },
		{ "BEGIN { (int x; }", "D_SYNTAX", 1, 14, "syntax error near \"x\"" },
		{ "BEGIN { (const)x; }", "D_SYNTAX", 1, 15, "syntax error near \")\"" },
		{ "BEGIN { (struct)x; }", "D_SYNTAX", 1, 16, "syntax error near \")\"" },
		{ "BEGIN { int x; }", "D_SYNTAX", 1, 9, "syntax error near \"int\"" },
		{ "BEGIN { x = \"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ\" y; }", "D_SYNTAX",
		  1, 62, "syntax error near \"y\"" },
		{ "BEGIN { x = 1 \"abcdefghijklmnopqrstuvwxyz0123456789ABCDEF\"; }", "D_SYNTAX", 1,
		  15, "syntax error near \"\"abcdefghijklmnopqrstuvwxyz0123456789ABC...\"" },
		{ "BEGIN { x = 08; }", "D_INT_DIGIT", 1, 13,
		  "constant 08 contains invalid digit 8" },
		{ "BEGIN\n{\n  trace(\"a\n\");\n}", "D_STR_NL", 3, 9,
		  "newline encountered in string literal" },
		{ "#include <stdio.h>\nBEGIN {}", "D_PRAGCTL_INVAL", 1, 1,
		  "invalid control directive: #include" },
		{ "BEGIN { x = 1 # 2; }", "D_SYNTAX", 1, 15, "syntax error near \"#\"" },
		{ "BEGIN\n/* open", "D_SYNTAX", 2, 1,
		  "end-of-file encountered before matching */" },
	};

	return cr_make_param_array(struct error_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct error_case *c, parse, errors)
{
	expect_error(c->text, c->tag, c->line, c->col, c->msg);
}

ParameterizedTestParameters(parse, unsupported)
{
	static struct error_case cases[] = {
		{ "BEGIN { if (x) trace(1); }", "D_UNSUPPORTED", 1, 9,
		  "not supported: if statements" },
		{ "BEGIN { x = 1; if (x) { y = 2; } else { y = 3; } }", "D_UNSUPPORTED", 1, 16,
		  "not supported: if statements" },
		{ "BEGIN { else y = 3; }", "D_UNSUPPORTED", 1, 9, "not supported: if statements" },
		{ "BEGIN { x = if; }", "D_UNSUPPORTED", 1, 13, "not supported: if statements" },
		{ "BEGIN { if = 3; }", "D_UNSUPPORTED", 1, 9, "not supported: if statements" },
		{ "BEGIN /if/ {}", "D_UNSUPPORTED", 1, 8, "not supported: if statements" },
		{ "BEGIN { for (;;) ; }", "D_UNSUPPORTED", 1, 9, "not supported: loops" },
		{ "BEGIN { while (1) ; }", "D_UNSUPPORTED", 1, 9, "not supported: loops" },
		{ "BEGIN { do x++; while (x); }", "D_UNSUPPORTED", 1, 9, "not supported: loops" },
		{ "BEGIN { switch (x) {} }", "D_UNSUPPORTED", 1, 9,
		  "not supported: switch statements" },
		{ "BEGIN { return 1; }", "D_UNSUPPORTED", 1, 9,
		  "not supported: return statements" },
		{ "BEGIN { break; }", "D_UNSUPPORTED", 1, 9, "not supported: break statements" },
		{ "BEGIN { continue; }", "D_UNSUPPORTED", 1, 9,
		  "not supported: continue statements" },
		{ "BEGIN { goto out; }", "D_UNSUPPORTED", 1, 9, "not supported: goto statements" },
		{ "BEGIN { x = xlate <psinfo_t *>(p); }", "D_UNSUPPORTED", 1, 13,
		  "not supported: xlate" },
		{ "inline int x[int] = 3;", "D_SYNTAX", 1, 17, "syntax error near \"]\"" },
		{ "inline int x[a] = 3;", "D_SYNTAX", 1, 14, "syntax error near \"a\"" },
		{ "inline int = 3;", "D_DECL_USELESS", 1, 12,
		  "inline declaration requires a name" },
		{ "inline self int x = 3;", "D_DECL_BADCLASS", 1, 8,
		  "specified storage class not appropriate for inline declaration" },
		{ "self inline int x = 3;", "D_DECL_BADCLASS", 1, 6,
		  "specified storage class not appropriate for inline declaration" },
		{ "translator a < b *x > { };", "D_UNSUPPORTED", 1, 1,
		  "not supported: translators" },
		{ "provider foo { probe bar(); };", "D_UNSUPPORTED", 1, 1,
		  "not supported: provider definitions" },
		{ "extern int x;", "D_UNSUPPORTED", 1, 1, "not supported: extern declarations" },
		{ "static int x;", "D_DECL_BADCLASS", 1, 1,
		  "specified storage class not appropriate in D" },
		{ "register int x;", "D_DECL_BADCLASS", 1, 1,
		  "specified storage class not appropriate in D" },
		{ "self auto int x;", "D_DECL_BADCLASS", 1, 6,
		  "specified storage class not appropriate in D" },
		{ "enum e { };", "D_SYNTAX", 1, 10, "syntax error near \"}\"" },
		{ "enum e { A B };", "D_SYNTAX", 1, 12, "syntax error near \"B\"" },
		{ "#pragma line 12\n", "D_UNSUPPORTED", 1, 1, "not supported: #pragma line" },
		{ "#pragma D line 12\n", "D_UNSUPPORTED", 1, 1, "not supported: #pragma line" },
	};

	return cr_make_param_array(struct error_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct error_case *c, parse, unsupported)
{
	expect_error(c->text, c->tag, c->line, c->col, c->msg);
}

ParameterizedTestParameters(parse, decl_errors)
{
	static struct error_case cases[] = {
		{ "long short x;", "D_DECL_COMBO", 1, 6, "invalid type combination" },
		{ "short long x;", "D_DECL_COMBO", 1, 7, "invalid type combination" },
		{ "int int x;", "D_DECL_COMBO", 1, 5, "invalid type combination" },
		{ "char int x;", "D_DECL_COMBO", 1, 6, "invalid type combination" },
		/* dtrace's checks of an attribute against the type name (dt_decl_check) */
		{ "long char x;", "D_DECL_CHARATTR", 1, 6,
		  "invalid type declaration: short and long may not be used with char type" },
		{ "char short x;", "D_DECL_CHARATTR", 1, 6,
		  "invalid type declaration: short and long may not be used with char type" },
		{ "unsigned void x;", "D_DECL_VOIDATTR", 1, 10,
		  "invalid type declaration: attributes may not be used with void type" },
		{ "void long x;", "D_DECL_VOIDATTR", 1, 6,
		  "invalid type declaration: attributes may not be used with void type" },
		{ "signed double d;", "D_DECL_SIGNINT", 1, 8,
		  "invalid type declaration: signed and unsigned may only be used with integer type" },
		{ "long struct s *x;", "D_DECL_LONGINT", 1, 6,
		  "invalid type declaration: long and long long may only be used with integer or floating-point type" },
		{ "long long long x;", "D_DECL_COMBO", 1, 11, "invalid type combination" },
		{ "signed unsigned x;", "D_DECL_COMBO", 1, 8, "invalid type combination" },
		{ "unsigned string s;", "D_DECL_SIGNINT", 1, 10,
		  "invalid type declaration: signed and unsigned may only be used with integer type" },
		{ "string unsigned s;", "D_DECL_SIGNINT", 1, 8,
		  "invalid type declaration: signed and unsigned may only be used with integer type" },
		{ "void int x;", "D_DECL_COMBO", 1, 6, "invalid type combination" },
		{ "uint64_t int x;", "D_DECL_COMBO", 1, 10, "invalid type combination" },
		{ "int struct s x;", "D_DECL_COMBO", 1, 5, "invalid type combination" },
		{ "BEGIN { x = (long short)y; }", "D_DECL_COMBO", 1, 19,
		  "invalid type combination" },
		{ "BEGIN { x = sizeof(char char); }", "D_DECL_COMBO", 1, 25,
		  "invalid type combination" },
		{ "int x[];", "D_DECL_ARRNULL", 1, 7,
		  "array declaration requires a dimension or key types" },
		{ "int;", "D_DECL_USELESS", 1, 4, "useless declaration" },
		{ "int x", "D_SYNTAX", 1, 6, "syntax error near end of input" },
		{ "int x y;", "D_SYNTAX", 1, 7, "syntax error near \"y\"" },
		{ "int x[4][5];", "D_SYNTAX", 1, 9, "syntax error near \"[\"" },
		{ "int x[int;", "D_SYNTAX", 1, 10, "syntax error near \";\"" },
		{ "int x[y];", "D_SYNTAX", 1, 7, "syntax error near \"y\"" },
		{ "int x[4;", "D_SYNTAX", 1, 8, "syntax error near \";\"" },
		{ "int sizeof;", "D_SYNTAX", 1, 5, "syntax error near \"sizeof\"" },
		{ "unsigned uint64_t;", "D_DECL_IDRED", 1, 10,
		  "typedef identifier redeclared: uint64_t" },
		{ "self;", "D_SYNTAX", 1, 5, "syntax error near \";\"" },
		{ "self x;", "D_SYNTAX", 1, 6, "syntax error near \"x\"" },
		{ "struct 1 x;", "D_SYNTAX", 1, 8, "syntax error near \"1\"" },
		{ "const x;", "D_SYNTAX", 1, 7, "syntax error near \"x\"" },
	};

	return cr_make_param_array(struct error_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct error_case *c, parse, decl_errors)
{
	expect_error(c->text, c->tag, c->line, c->col, c->msg);
}

ParameterizedTestParameters(parse, pragma_errors)
{
	static struct error_case cases[] = {
		{ "#pragma D option\n", "D_PRAGMA_MALFORM", 1, 1,
		  "malformed #pragma option <option>=<val>" },
		{ "BEGIN {}\n  #pragma D option a b\n", "D_PRAGMA_MALFORM", 2, 3,
		  "superfluous arguments specified for #pragma option" },
		{ "#pragma D option =x\n", "D_PRAGMA_MALFORM", 1, 1,
		  "malformed #pragma option <option>=<val>" },
		{ "#pragma D option bufsize = 4m\n", "D_PRAGMA_MALFORM", 1, 1,
		  "superfluous arguments specified for #pragma option" },
		{ "#pragma D\n", "D_PRAGMA_MALFORM", 1, 1,
		  "malformed #pragma D: missing directive" },
		{ "#pragma D depends_on\n", "D_PRAGMA_MALFORM", 1, 1,
		  "malformed #pragma depends_on <class> <name>" },
		{ "#pragma D binding /* v */\n", "D_PRAGMA_MALFORM", 1, 1,
		  "malformed #pragma D binding: missing arguments" },
		{ "#pragma D foo bar\n", "D_PRAGMA_INVAL", 1, 1, "invalid D pragma: foo" },
		{ "#pragma D error too old\n", "D_PRAGERR", 1, 1, "#error: too old " },
		{ "BEGIN {\n#pragma error stop\n}", "D_PRAGERR", 2, 1, "#error: stop " },
	};

	return cr_make_param_array(struct error_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct error_case *c, parse, pragma_errors)
{
	expect_error(c->text, c->tag, c->line, c->col, c->msg);
}

Test(parse, errors_in_probe_specifier)
{
	expect_error_in(NULL, "BEGIN { x = ; }", "D_SYNTAX", 1, 13, "syntax error near \";\"");
	teardown();
	setup();
	expect_error_in(NULL, "", "D_EMPTY", 0, 0, "empty D program translation unit");
	teardown();
	setup();
	expect_error_in(NULL, "BEGIN {} }", "D_SYNTAX", 1, 10, "extra } in input stream");
	teardown();
	setup();
	expect_error_in(NULL, "BEGIN /1/", "D_SYNTAX", 1, 8,
			"expected actions { } following probe description and predicate");
	teardown();
	setup();
	/* -n text may name probes alone, several of them too. */
	expect_prog_in(NULL, "BEGIN END", "(clause (probes BEGIN))\n(clause (probes END))\n");
}

Test(parse, first_error_only)
{
	cr_assert_null(parse_program(&cc, "t.d", "BEGIN { x = ; y = ; }\n}}}", 25));
	cr_assert_eq(cc.diags.n, 1);
	cr_assert_null(parse_program(&cc, "t.d", "BEGIN { 08 09 }", 15));
	cr_assert_eq(cc.diags.n, 2);
	cr_assert_str_eq(cc.diags.v[1].tag, "D_INT_DIGIT");
}

Test(parse, expression_errors)
{
	cr_assert_null(parse_expression(&cc, "x.d", "1 2", 3));
	cr_assert_str_eq(first_msg(), "syntax error near \"2\"");
	cr_assert_str_eq(cc.diags.v[0].file, "x.d");
	cr_assert_null(parse_expression(&cc, NULL, "", 0));
	cr_assert_str_eq(cc.diags.v[1].msg, "syntax error near end of input");
	cr_assert_null(parse_expression(&cc, NULL, "a /", 3));
	cr_assert_str_eq(cc.diags.v[2].msg, "syntax error near \"/\"");
}

/* Nesting limits */

static char *repeat(const char *pre, const char *unit, size_t n, const char *mid, const char *unit2,
		    const char *post)
{
	size_t a = strlen(unit), b = strlen(unit2), i;
	char *s = malloc(strlen(pre) + n * (a + b) + strlen(mid) + strlen(post) + 1);
	char *q = s;

	cr_assert_not_null(s);
	q = stpcpy(q, pre);
	for (i = 0; i < n; i++)
		q = stpcpy(q, unit);
	q = stpcpy(q, mid);
	for (i = 0; i < n; i++)
		q = stpcpy(q, unit2);
	stpcpy(q, post);
	return s;
}

static void expect_too_deep(char *text)
{
	cr_assert_null(parse_program(&cc, "t.d", text, strlen(text)));
	cr_assert_eq(cc.diags.n, 1);
	cr_assert_str_eq(cc.diags.v[0].tag, "D_SYNTAX");
	cr_assert_str_eq(cc.diags.v[0].msg, "expression nested too deeply");
	free(text);
	teardown();
	setup();
}

Test(parse, nesting_limits)
{
	expect_too_deep(repeat("BEGIN { x = ", "(", 100000, "1", ")", "; }"));
	expect_too_deep(repeat("BEGIN { x = ", "-", 100000, "1", "", "; }"));
	expect_too_deep(repeat("BEGIN { ", "a = ", 100000, "1", "", "; }"));
	expect_too_deep(repeat("BEGIN { x = ", "a ? b : ", 100000, "c", "", "; }"));
	/* Loops in the parser, deep trees all the same */
	expect_too_deep(repeat("BEGIN { x = ", "1 + ", 100000, "1", "", "; }"));
	expect_too_deep(repeat("BEGIN { x = a", "[1]", 5000, "", "", "; }"));
	expect_too_deep(repeat("BEGIN { x = a", "->b", 5000, "", "", "; }"));
	expect_too_deep(repeat("BEGIN { x = f(", "g(", 5000, "1", ")", "); }"));
}

Test(parse, nesting_within_default_limit)
{
	char *text = repeat("BEGIN { x = ", "(", 300, "1", ")", "; }");

	expect_prog(text, "(clause (probes BEGIN) (body (= x 1)))\n");
	free(text);
	text = repeat("BEGIN { x = ", "1 + ", 900, "1", "", "; }");
	program("t.d", text);
	free(text);
}

Test(parse, nesting_option_bounds_height)
{
	struct ast_expr *e;

	cc.max_nesting = 10;
	e = expression("1+1+1+1+1+1+1+1+1+1");
	cr_assert_eq(e->height, 10);
	cr_assert_null(parse_expression(&cc, NULL, "1+1+1+1+1+1+1+1+1+1+1", 21));
	cr_assert_str_eq(first_msg(), "expression nested too deeply");
	cr_assert_eq(cc.diags.v[0].col, 20);
}

/*
 * A context reused from garbage memory: compile_ctx_init leaves no front-end
 * option unset (the fuzzer found -x empty's flag read uninitialised), so an
 * empty program is refused.
 */
Test(parse, ctx_init_sets_every_option)
{
	struct compile_ctx c;

	memset(&c, 0x5c, sizeof(c));
	compile_ctx_init(&c);
	cr_assert_eq(c.allow_empty, false);
	cr_assert_eq(c.max_nesting, 0);
	cr_assert_null(c.is_typedef);
	cr_assert_null(parse_program(&c, "e.d", "\n", 1));
	cr_assert_eq(c.diags.n, 1);
	compile_ctx_fini(&c);
}
