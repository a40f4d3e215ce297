/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Unit tests of the D lexer: every token kind, literal edge cases, comments,
 * control lines, the probe-description mode, positions and errors.
 */
#include <errno.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <string.h>

#include "compile.h"
#include "lex.h"

static struct compile_ctx cc;
static struct lexer lx;

static void setup(void)
{
	compile_ctx_init(&cc);
}

static void teardown(void)
{
	compile_ctx_fini(&cc);
}

TestSuite(lex, .init = setup, .fini = teardown);

static void start(const char *text)
{
	lex_init(&lx, &cc, "t.d", text, strlen(text));
}

static struct lex_token tok_in(enum lex_mode mode)
{
	struct lex_token t;
	int ret = lex_next(&lx, mode, &t);

	cr_assert_eq(ret, 0, "lex_next failed: %s", cc.diags.n ? cc.diags.v[0].msg : "?");
	return t;
}

static struct lex_token tok(void)
{
	return tok_in(LEX_MODE_EXPR);
}

static void expect_kind(enum lex_kind kind)
{
	struct lex_token t = tok();

	cr_assert_eq(t.kind, kind, "got %s, want %s", lex_kind_str(t.kind), lex_kind_str(kind));
}

static void expect_ident(const char *name, enum lex_kw kw)
{
	struct lex_token t = tok();

	cr_assert_eq(t.kind, LEX_IDENT, "got %s", lex_kind_str(t.kind));
	cr_assert_str_eq(t.str, name);
	cr_assert_eq(t.len, strlen(name));
	cr_assert_eq(t.kw, kw, "%s: kw %d, want %d", name, t.kw, kw);
}

/* Lexing TEXT in MODE fails with exactly this diagnostic. */
static void expect_error_in(enum lex_mode mode, const char *text, const char *tag,
			    unsigned int line, unsigned int col, const char *msg)
{
	struct lex_token t;
	int ret, i;

	start(text);
	for (i = 0; i < 100; i++) {
		ret = lex_next(&lx, mode, &t);
		if (ret || t.kind == LEX_EOF)
			break;
	}
	cr_assert_eq(ret, -EINVAL, "%s: no error", text);
	cr_assert_eq(t.kind, LEX_ERROR);
	cr_assert_eq(cc.diags.n, 1);
	cr_assert_str_eq(cc.diags.v[0].tag, tag, "%s", text);
	cr_assert_str_eq(cc.diags.v[0].msg, msg, "%s", text);
	cr_assert_str_eq(cc.diags.v[0].file, "t.d");
	cr_assert_eq(cc.diags.v[0].line, line, "%s: line %u", text, cc.diags.v[0].line);
	cr_assert_eq(cc.diags.v[0].col, col, "%s: col %u", text, cc.diags.v[0].col);
	cr_assert_eq(t.line, line);
	cr_assert_eq(t.col, col);
}

static void expect_error(const char *text, const char *tag, unsigned int line, unsigned int col,
			 const char *msg)
{
	expect_error_in(LEX_MODE_EXPR, text, tag, line, col, msg);
}

Test(lex, empty_input)
{
	start("");
	expect_kind(LEX_EOF);
	expect_kind(LEX_EOF);
	start(" \t\r\n\f\v ");
	expect_kind(LEX_EOF);
}

Test(lex, identifiers)
{
	start("foo _bar x1 A_B9 `max_pid vmlinux`jiffies execname");
	expect_ident("foo", LEX_KW_NONE);
	expect_ident("_bar", LEX_KW_NONE);
	expect_ident("x1", LEX_KW_NONE);
	expect_ident("A_B9", LEX_KW_NONE);
	expect_ident("`max_pid", LEX_KW_NONE);
	expect_ident("vmlinux`jiffies", LEX_KW_NONE);
	expect_ident("execname", LEX_KW_NONE);
	expect_kind(LEX_EOF);
}

Test(lex, keywords)
{
	static const struct {
		const char *word;
		enum lex_kw kw;
	} kws[] = {
		{ "auto", LEX_KW_AUTO },
		{ "break", LEX_KW_BREAK },
		{ "case", LEX_KW_CASE },
		{ "char", LEX_KW_CHAR },
		{ "const", LEX_KW_CONST },
		{ "continue", LEX_KW_CONTINUE },
		{ "default", LEX_KW_DEFAULT },
		{ "do", LEX_KW_DO },
		{ "double", LEX_KW_DOUBLE },
		{ "else", LEX_KW_ELSE },
		{ "enum", LEX_KW_ENUM },
		{ "extern", LEX_KW_EXTERN },
		{ "float", LEX_KW_FLOAT },
		{ "for", LEX_KW_FOR },
		{ "goto", LEX_KW_GOTO },
		{ "if", LEX_KW_IF },
		{ "inline", LEX_KW_INLINE },
		{ "int", LEX_KW_INT },
		{ "long", LEX_KW_LONG },
		{ "offsetof", LEX_KW_OFFSETOF },
		{ "provider", LEX_KW_PROVIDER },
		{ "register", LEX_KW_REGISTER },
		{ "restrict", LEX_KW_RESTRICT },
		{ "return", LEX_KW_RETURN },
		{ "self", LEX_KW_SELF },
		{ "short", LEX_KW_SHORT },
		{ "signed", LEX_KW_SIGNED },
		{ "sizeof", LEX_KW_SIZEOF },
		{ "static", LEX_KW_STATIC },
		{ "string", LEX_KW_STRING },
		{ "stringof", LEX_KW_STRINGOF },
		{ "struct", LEX_KW_STRUCT },
		{ "switch", LEX_KW_SWITCH },
		{ "this", LEX_KW_THIS },
		{ "translator", LEX_KW_TRANSLATOR },
		{ "typedef", LEX_KW_TYPEDEF },
		{ "union", LEX_KW_UNION },
		{ "unsigned", LEX_KW_UNSIGNED },
		{ "void", LEX_KW_VOID },
		{ "volatile", LEX_KW_VOLATILE },
		{ "while", LEX_KW_WHILE },
		{ "xlate", LEX_KW_XLATE },
	};
	size_t i;

	for (i = 0; i < sizeof(kws) / sizeof(kws[0]); i++) {
		start(kws[i].word);
		expect_ident(kws[i].word, kws[i].kw);
		cr_assert_str_eq(lex_kw_str(kws[i].kw), kws[i].word);
	}
	/* Prefixes and extensions of keywords are plain identifiers. */
	start("iff in selfish strings sizeof_x");
	expect_ident("iff", LEX_KW_NONE);
	expect_ident("in", LEX_KW_NONE);
	expect_ident("selfish", LEX_KW_NONE);
	expect_ident("strings", LEX_KW_NONE);
	expect_ident("sizeof_x", LEX_KW_NONE);
	cr_assert_null(lex_kw_str(LEX_KW_NONE));
	cr_assert_null(lex_kw_str(LEX_KW_TYPENAME));
}

Test(lex, builtin_typedefs)
{
	static const char *const names[] = {
		"int8_t",   "int16_t",	"int32_t",  "int64_t",	 "uint8_t", "uint16_t",
		"uint32_t", "uint64_t", "intptr_t", "uintptr_t", "size_t",  "ssize_t",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		start(names[i]);
		expect_ident(names[i], LEX_KW_TYPENAME);
	}
	start("mode_t");
	expect_ident("mode_t", LEX_KW_NONE);
	/* D's own typedefs (dt_open.c's), pid_t among them */
	start("pid_t");
	expect_ident("pid_t", LEX_KW_TYPENAME);
	start("_Bool");
	expect_ident("_Bool", LEX_KW_TYPENAME);
}

static bool only_mode_t(const char *name, void *arg)
{
	*(int *)arg += 1;
	return strcmp(name, "mode_t") == 0;
}

Test(lex, typedef_callback)
{
	int calls = 0;

	cc.is_typedef = only_mode_t;
	cc.is_typedef_arg = &calls;
	/* In expressions words are never asked about (the parser asks where a type may be)... */
	start("mode_t dev_t int `mode_t");
	expect_ident("mode_t", LEX_KW_NONE);
	expect_ident("dev_t", LEX_KW_NONE);
	expect_ident("int", LEX_KW_INT);
	expect_ident("`mode_t", LEX_KW_NONE);
	cr_assert_eq(calls, 0);
	/* ...and a name it accepted is a type name from then on. */
	cr_assert_eq(compile_ctx_add_tdef(&cc, "mode_t"), 0);
	start("mode_t `mode_t");
	expect_ident("mode_t", LEX_KW_TYPENAME);
	expect_ident("`mode_t", LEX_KW_NONE);
	cr_assert_eq(calls, 0);
}

Test(lex, kw_classes)
{
	cr_assert(lex_kw_is_type(LEX_KW_UNSIGNED));
	cr_assert(lex_kw_is_type(LEX_KW_TYPENAME));
	cr_assert(lex_kw_is_type(LEX_KW_STRUCT));
	cr_assert(lex_kw_is_type(LEX_KW_CONST));
	cr_assert(lex_kw_is_type(LEX_KW_STRING));
	cr_assert_not(lex_kw_is_type(LEX_KW_SELF));
	cr_assert_not(lex_kw_is_type(LEX_KW_NONE));
	cr_assert_not(lex_kw_is_type(LEX_KW_SIZEOF));
	cr_assert(lex_kw_is_decl(LEX_KW_SELF));
	cr_assert(lex_kw_is_decl(LEX_KW_THIS));
	cr_assert(lex_kw_is_decl(LEX_KW_INT));
	cr_assert(lex_kw_is_decl(LEX_KW_TYPEDEF));
	cr_assert(lex_kw_is_decl(LEX_KW_INLINE));
	cr_assert_not(lex_kw_is_decl(LEX_KW_IF));
	cr_assert_not(lex_kw_is_decl(LEX_KW_NONE));
}

Test(lex, every_operator_alone)
{
	enum lex_kind k;
	struct lex_token t;

	for (k = LEX_LPAREN; k < LEX_NKINDS; k++) {
		/* a closer alone is "extra ) in input stream": see balance */
		if (k == LEX_RPAREN || k == LEX_RBRACKET || k == LEX_RBRACE)
			continue;
		start(lex_kind_str(k));
		t = tok();
		cr_assert_eq(t.kind, k, "%s lexed as %s", lex_kind_str(k), lex_kind_str(t.kind));
		cr_assert_eq(t.rawlen, strlen(lex_kind_str(k)));
		expect_kind(LEX_EOF);
	}
}

Test(lex, operators_longest_match)
{
	start("a+++b x-->y <<= >>= << >> <= >= -> ^^ ^= ^ && &= & || |= | == = != !");
	expect_ident("a", LEX_KW_NONE);
	expect_kind(LEX_INC);
	expect_kind(LEX_PLUS);
	expect_ident("b", LEX_KW_NONE);
	expect_ident("x", LEX_KW_NONE);
	expect_kind(LEX_DEC);
	expect_kind(LEX_GT);
	expect_ident("y", LEX_KW_NONE);
	expect_kind(LEX_SHL_ASSIGN);
	expect_kind(LEX_SHR_ASSIGN);
	expect_kind(LEX_SHL);
	expect_kind(LEX_SHR);
	expect_kind(LEX_LE);
	expect_kind(LEX_GE);
	expect_kind(LEX_ARROW);
	expect_kind(LEX_LXOR);
	expect_kind(LEX_XOR_ASSIGN);
	expect_kind(LEX_CARET);
	expect_kind(LEX_LAND);
	expect_kind(LEX_AND_ASSIGN);
	expect_kind(LEX_AMP);
	expect_kind(LEX_LOR);
	expect_kind(LEX_OR_ASSIGN);
	expect_kind(LEX_PIPE);
	expect_kind(LEX_EQ);
	expect_kind(LEX_ASSIGN);
	expect_kind(LEX_NE);
	expect_kind(LEX_BANG);
	expect_kind(LEX_EOF);
}

Test(lex, operators_without_spaces)
{
	start("(a[1],b){c;d:e?f.g}~h%i/j*k-l");
	expect_kind(LEX_LPAREN);
	expect_ident("a", LEX_KW_NONE);
	expect_kind(LEX_LBRACKET);
	expect_kind(LEX_INT);
	expect_kind(LEX_RBRACKET);
	expect_kind(LEX_COMMA);
	expect_ident("b", LEX_KW_NONE);
	expect_kind(LEX_RPAREN);
	expect_kind(LEX_LBRACE);
	expect_ident("c", LEX_KW_NONE);
	expect_kind(LEX_SEMI);
	expect_ident("d", LEX_KW_NONE);
	expect_kind(LEX_COLON);
	expect_ident("e", LEX_KW_NONE);
	expect_kind(LEX_QUESTION);
	expect_ident("f", LEX_KW_NONE);
	expect_kind(LEX_DOT);
	expect_ident("g", LEX_KW_NONE);
	expect_kind(LEX_RBRACE);
	expect_kind(LEX_TILDE);
	expect_ident("h", LEX_KW_NONE);
	expect_kind(LEX_PERCENT);
	expect_ident("i", LEX_KW_NONE);
	expect_kind(LEX_SLASH);
	expect_ident("j", LEX_KW_NONE);
	expect_kind(LEX_STAR);
	expect_ident("k", LEX_KW_NONE);
	expect_kind(LEX_MINUS);
	expect_ident("l", LEX_KW_NONE);
	expect_kind(LEX_EOF);
}

Test(lex, kind_strings)
{
	cr_assert_str_eq(lex_kind_str(LEX_ADD_ASSIGN), "+=");
	cr_assert_str_eq(lex_kind_str(LEX_LXOR), "^^");
	cr_assert_str_eq(lex_kind_str(LEX_IDENT), "identifier");
	cr_assert_str_eq(lex_kind_str(LEX_EOF), "end of input");
	cr_assert_str_eq(lex_kind_str(LEX_PSPEC), "probe description");
	cr_assert_str_eq(lex_kind_str(LEX_NKINDS), "?");
}

/*
 * Criterion runs each test in a fresh process, so parameters hold their
 * strings inline: a pointer would not survive the trip.
 */
struct int_case {
	char text[32];
	uint64_t value;
	unsigned int base;
	unsigned int flags;
};

ParameterizedTestParameters(lex, int_literals)
{
	static struct int_case cases[] = {
		{ "0", 0, 10, 0 },
		{ "7", 7, 10, 0 },
		{ "1234567890", 1234567890, 10, 0 },
		{ "0x0", 0, 16, 0 },
		{ "0X1f", 31, 16, 0 },
		{ "0xDeadBeef", 0xdeadbeef, 16, 0 },
		{ "077", 63, 8, 0 },
		{ "00", 0, 8, 0 },
		{ "01777777777777777777777", UINT64_MAX, 8, 0 },
		{ "0xffffffffffffffff", UINT64_MAX, 16, 0 },
		{ "18446744073709551615", UINT64_MAX, 10, 0 },
		{ "18446744073709551615U", UINT64_MAX, 10, LEX_INT_UNSIGNED | LEX_INT_UPPER_U },
		{ "1u", 1, 10, LEX_INT_UNSIGNED },
		{ "1U", 1, 10, LEX_INT_UNSIGNED | LEX_INT_UPPER_U },
		{ "1l", 1, 10, LEX_INT_LONG },
		{ "1L", 1, 10, LEX_INT_LONG },
		{ "1ul", 1, 10, LEX_INT_UNSIGNED | LEX_INT_LONG },
		{ "1UL", 1, 10, LEX_INT_UNSIGNED | LEX_INT_UPPER_U | LEX_INT_LONG },
		{ "1lL", 1, 10, LEX_INT_LONGLONG },
		{ "1ll", 1, 10, LEX_INT_LONGLONG },
		{ "1LL", 1, 10, LEX_INT_LONGLONG },
		{ "1ull", 1, 10, LEX_INT_UNSIGNED | LEX_INT_LONGLONG },
		{ "1ULL", 1, 10, LEX_INT_UNSIGNED | LEX_INT_UPPER_U | LEX_INT_LONGLONG },
		{ "0x10UL", 16, 16, LEX_INT_UNSIGNED | LEX_INT_UPPER_U | LEX_INT_LONG },
		{ "010L", 8, 8, LEX_INT_LONG },
		{ "0u", 0, 10, LEX_INT_UNSIGNED },
	};

	return cr_make_param_array(struct int_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct int_case *c, lex, int_literals)
{
	struct lex_token t;

	start(c->text);
	t = tok();
	cr_assert_eq(t.kind, LEX_INT, "%s", c->text);
	cr_assert_eq(t.value, c->value, "%s: %llu", c->text, (unsigned long long)t.value);
	cr_assert_eq(t.base, c->base, "%s: base %u", c->text, t.base);
	cr_assert_eq(t.flags, c->flags, "%s: flags %u", c->text, t.flags);
	cr_assert_eq(t.rawlen, strlen(c->text));
	expect_kind(LEX_EOF);
}

struct err_case {
	char text[80];
	char tag[24];
	unsigned int line;
	unsigned int col;
	char msg[96];
};

ParameterizedTestParameters(lex, errors)
{
	static struct err_case cases[] = {
		{ "18446744073709551616", "D_INT_OFLOW", 1, 1,
		  "constant 18446744073709551616 results in integer overflow" },
		{ "x = 0x10000000000000000;", "D_INT_OFLOW", 1, 5,
		  "constant 0x10000000000000000 results in integer overflow" },
		{ "02000000000000000000000", "D_INT_OFLOW", 1, 1,
		  "constant 02000000000000000000000 results in integer overflow" },
		{ "99999999999999999999u", "D_INT_OFLOW", 1, 1,
		  "constant 99999999999999999999u results in integer overflow" },
		{ "08", "D_INT_DIGIT", 1, 1, "constant 08 contains invalid digit 8" },
		{ "0779", "D_INT_DIGIT", 1, 1, "constant 0779 contains invalid digit 9" },
		{ "1e5", "D_SYNTAX", 1, 1, "floating-point constants are not permitted" },
		{ "x 1.", "D_SYNTAX", 1, 3, "floating-point constants are not permitted" },
		{ "(.5)", "D_SYNTAX", 1, 2, "floating-point constants are not permitted" },
		{ "2.5e-3f", "D_SYNTAX", 1, 1, "floating-point constants are not permitted" },
		{ "a = 1.5", "D_SYNTAX", 1, 5, "floating-point constants are not permitted" },
		{ "''", "D_CHR_NULL", 1, 1, "empty character constant" },
		{ "'abcdefghi'", "D_CHR_OFLOW", 1, 1, "character constant is too long" },
		{ "x 'ab\ncd'", "D_CHR_NL", 1, 3, "newline encountered in character constant" },
		{ "'a", "D_CHR_NL", 1, 1, "unterminated character constant" },
		{ "'\\", "D_CHR_NL", 1, 1, "unterminated character constant" },
		{ "'\\\n'", "D_CHR_NL", 1, 1, "newline encountered in character constant" },
		{ "\"abc\ndef\"", "D_STR_NL", 1, 1, "newline encountered in string literal" },
		{ "s = \"abc", "D_STR_NL", 1, 5, "unterminated string literal" },
		{ "\"abc\\\"", "D_STR_NL", 1, 1, "unterminated string literal" },
		{ "\"a\\\nb\"", "D_STR_NL", 1, 1, "newline encountered in string literal" },
		{ "\"\\xg\"", "D_SYNTAX", 1, 2, "\\x used with no following hex digits" },
		{ "'\\x'", "D_SYNTAX", 1, 2, "\\x used with no following hex digits" },
		{ "a /* b\n c", "D_SYNTAX", 1, 3, "end-of-file encountered before matching */" },
		{ "a /* b *", "D_SYNTAX", 1, 3, "end-of-file encountered before matching */" },
		{ "a /* b /* c */", "D_SYNTAX", 1, 8, "/* encountered inside a comment" },
		{ "a # b", "D_SYNTAX", 1, 3, "syntax error near \"#\"" },
		{ "a \\ b", "D_SYNTAX", 1, 3, "syntax error near \"\\\"" },
		{ "\x01", "D_SYNTAX", 1, 1, "syntax error near \"\x01\"" },
		{ "x \xc3\xa9", "D_SYNTAX", 1, 3, "syntax error near \"\xc3\"" },
		{ "$", "D_SYNTAX", 1, 1, "syntax error near \"$\"" },
		{ "$$ x", "D_SYNTAX", 1, 1, "syntax error near \"$$\"" },
		{ "$-1", "D_SYNTAX", 1, 1, "syntax error near \"$\"" },
		{ "#include <stdio.h>", "D_PRAGCTL_INVAL", 1, 1,
		  "invalid control directive: #include" },
		{ "x\n  #define X 1", "D_PRAGCTL_INVAL", 2, 3,
		  "invalid control directive: #define" },
		/* line markers (cpp's under -C, or #line): the next line is line N */
		{ "# 12 \"foo.d\"\n$", "D_SYNTAX", 12, 1, "syntax error near \"$\"" },
		{ "#line 20\n\n $", "D_SYNTAX", 21, 2, "syntax error near \"$\"" },
		{ "# 0 \"<stdin>\"\n# 0 \"<built-in>\"\n# 1 \"<stdin>\"\nx\n$", "D_SYNTAX", 2, 1,
		  "syntax error near \"$\"" },
		{ "# 3 \"inc.h\" 1\n\n# 9 \"<stdin>\" 2\n$", "D_SYNTAX", 9, 1,
		  "syntax error near \"$\"" },
		{ "#ident \"v1\"\n$", "D_SYNTAX", 2, 1, "syntax error near \"$\"" },
		{ "# 12x \"foo.d\"", "D_PRAGCTL_INVAL", 1, 1, "invalid control directive: #12x" },
		{ "#line x", "D_PRAGCTL_INVAL", 1, 1, "invalid control directive: #x" },
		{ "#pragmaD option quiet", "D_PRAGCTL_INVAL", 1, 1,
		  "invalid control directive: #pragmaD" },
		{ "#ifdef FOO_BAR_BAZ_QUX_QUUX_CORGE_GRAULT_GARPLY", "D_PRAGCTL_INVAL", 1, 1,
		  "invalid control directive: #ifdef" },
		{ "#error stop  here", "D_PRAGERR", 1, 1, "#error: stop here " },
		{ "#error", "D_PRAGERR", 1, 1, "#error: " },
		{ "#0123456789012345678901234567890123456789", "D_PRAGCTL_INVAL", 1, 1,
		  "invalid control directive: #01234567890123456789012345678901" },
		/* closers with nothing open; a predicate's end inside ( or [ */
		{ "a)", "D_SYNTAX", 1, 2, "extra ) in input stream" },
		{ "\n]", "D_SYNTAX", 2, 1, "extra ] in input stream" },
		{ "{}}", "D_SYNTAX", 1, 3, "extra } in input stream" },
		{ "(a /{", "D_SYNTAX", 1, 4, "closing ) expected in predicate before /" },
		{ "a[1 /", "D_SYNTAX", 1, 5, "closing ] expected in predicate before /" },
		{ "([) /", "D_SYNTAX", 1, 5, "closing ] expected in predicate before /" },
	};

	return cr_make_param_array(struct err_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct err_case *c, lex, errors)
{
	expect_error(c->text, c->tag, c->line, c->col, c->msg);
}

Test(lex, error_consumes_input)
{
	static const char *const texts[] = {
		"\"abc",       "'ab",	"08 09", "/* x",	 "# define",
		"\"\\777\" x", "1.5.6", "$$$",	 "\x01\x02\x03", "'' '' ''",
	};
	struct lex_token t;
	size_t i;
	int n;

	/* Lexing on after errors ends: every error consumes something. */
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		start(texts[i]);
		for (n = 0; n < 50; n++) {
			lex_next(&lx, LEX_MODE_EXPR, &t);
			if (t.kind == LEX_EOF)
				break;
		}
		cr_assert_lt(n, 50, "%s: lexing did not end", texts[i]);
	}
}

struct char_case {
	char text[48];
	uint64_t value;
	unsigned int nbytes;
};

ParameterizedTestParameters(lex, char_literals)
{
	static struct char_case cases[] = {
		{ "'a'", 'a', 1 },
		{ "'\\n'", '\n', 1 },
		{ "'\\t'", '\t', 1 },
		{ "'\\0'", 0, 1 },
		{ "'\\x41'", 0x41, 1 },
		{ "'\\x7F'", 0x7f, 1 },
		{ "'\\101'", 0101, 1 },
		{ "'\\377'", 0xff, 1 },
		{ "'\\\\'", '\\', 1 },
		{ "'\"'", '"', 1 },
		{ "'\\\"'", '"', 1 },
		{ "'\\?'", 0x5c3f, 2 }, /* not an escape: kept with its backslash */
		{ "'\\''", 0x5c27, 2 },
		{ "'\\\\'", '\\', 1 },
		{ "'\\377'", 0xff, 1 },
		{ "'\\777'", 0xff, 1 }, /* octal and hex values are kept to 8 bits */
		{ "'\\x1ff'", 0xff, 1 },
		{ "'\\a'", '\a', 1 },
		{ "'\\b'", '\b', 1 },
		{ "'\\f'", '\f', 1 },
		{ "'\\r'", '\r', 1 },
		{ "'\\v'", '\v', 1 },
		{ "'\\q'", 0x5c71, 2 },
		{ "' '", ' ', 1 },
		{ "'ab'", 0x6162, 2 },
		{ "'\\0\\1'", 0x0001, 2 },
		{ "'abcdefgh'", 0x6162636465666768ULL, 8 },
		{ "'\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff'", UINT64_MAX, 8 },
		{ "'\xe9'", 0xe9, 1 },
	};

	return cr_make_param_array(struct char_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct char_case *c, lex, char_literals)
{
	struct lex_token t;

	start(c->text);
	t = tok();
	cr_assert_eq(t.kind, LEX_CHAR, "%s", c->text);
	cr_assert_eq(t.value, c->value, "%s: %llx", c->text, (unsigned long long)t.value);
	cr_assert_eq(t.nbytes, c->nbytes, "%s", c->text);
	cr_assert_eq(t.rawlen, strlen(c->text));
	expect_kind(LEX_EOF);
}

static void expect_string(const char *text, const char *bytes, size_t len)
{
	struct lex_token t;

	start(text);
	t = tok();
	cr_assert_eq(t.kind, LEX_STRING, "%s", text);
	cr_assert_eq(t.len, len, "%s: len %zu", text, t.len);
	cr_assert_eq(memcmp(t.str, bytes, len), 0, "%s", text);
	cr_assert_eq(t.str[len], '\0');
	cr_assert_eq(t.rawlen, strlen(text));
	expect_kind(LEX_EOF);
}

Test(lex, string_literals)
{
	expect_string("\"\"", "", 0);
	expect_string("\"hello\"", "hello", 5);
	expect_string("\"a\\tb\\\\\"", "a\tb\\", 4);
	expect_string("\"\\n\\t\\\\\\\"\\a\\b\\f\\r\\v\\0\"", "\n\t\\\"\a\b\f\r\v", 10);
	expect_string("\"\\'\\?\"", "\\'\\?", 4);
	expect_string("\"\\101\\60\\1234\"", "A0S4", 4);
	expect_string("\"\\x41\\x4a\\x4B\"", "AJK", 3);
	expect_string("\"a\\0b\"", "a\0b", 3);
	expect_string("\"\\q\\%\"", "\\q\\%", 4);
	expect_string("\"%s: %d\\n\"", "%s: %d\n", 7);
	expect_string("\"'\"", "'", 1);
	expect_string("\"/* not a comment */\"", "/* not a comment */", 19);
	expect_string("\"\xc3\xa9t\xc3\xa9\"", "\xc3\xa9t\xc3\xa9", 5);
}

Test(lex, strings_and_neighbours)
{
	struct lex_token t;

	start("printf(\"%d\", x)");
	expect_ident("printf", LEX_KW_NONE);
	expect_kind(LEX_LPAREN);
	t = tok();
	cr_assert_eq(t.kind, LEX_STRING);
	cr_assert_str_eq(t.str, "%d");
	cr_assert_eq(t.col, 8);
	expect_kind(LEX_COMMA);
	expect_ident("x", LEX_KW_NONE);
	expect_kind(LEX_RPAREN);
}

Test(lex, comments)
{
	struct lex_token t;

	start("a /* one\n two */ b\nc/**/d /* // */ e /* \n */ f");
	expect_ident("a", LEX_KW_NONE);
	t = tok();
	cr_assert_str_eq(t.str, "b");
	cr_assert_eq(t.line, 2);
	cr_assert_eq(t.col, 9);
	t = tok();
	cr_assert_str_eq(t.str, "c");
	cr_assert_eq(t.line, 3);
	expect_ident("d", LEX_KW_NONE);
	expect_ident("e", LEX_KW_NONE);
	t = tok();
	cr_assert_str_eq(t.str, "f");
	cr_assert_eq(t.line, 4);
	cr_assert_eq(t.col, 5);
	expect_kind(LEX_EOF);
}

/* Without cpp, "//" is two '/': the first ends a predicate, the second divides. */
Test(lex, cxx_comment_is_two_slashes)
{
	struct lex_token t;

	start("a // b");
	expect_ident("a", LEX_KW_NONE);
	t = tok();
	cr_assert_eq(t.kind, LEX_SLASH);
	cr_assert_eq(t.flags, LEX_SLASH_EPRED);
	t = tok();
	cr_assert_eq(t.kind, LEX_SLASH);
	cr_assert_eq(t.flags, 0);
	expect_ident("b", LEX_KW_NONE);
	expect_kind(LEX_EOF);
}

/* dtrace's rule: the next character that is not white space decides. */
Test(lex, slash_ends_predicate)
{
	static const struct {
		const char *text;
		unsigned int flags;
	} cases[] = {
		{ "/", LEX_SLASH_EPRED },
		{ "/ ", LEX_SLASH_EPRED },
		{ "/{", LEX_SLASH_EPRED },
		{ "/ \n\t{", LEX_SLASH_EPRED },
		{ "/;", LEX_SLASH_EPRED },
		{ "/ /* c */", LEX_SLASH_EPRED },
		{ "/x", 0 },
		{ "/ 2", 0 },
		{ "/(", 0 },
		{ "/}", 0 },
		{ "/-1", 0 },
	};
	struct lex_token t;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		start(cases[i].text);
		t = tok();
		cr_assert_eq(t.kind, LEX_SLASH, "%s", cases[i].text);
		cr_assert_eq(t.flags, cases[i].flags, "%s", cases[i].text);
	}
}

Test(lex, balance)
{
	start("( [ { } ] ) )");
	expect_kind(LEX_LPAREN);
	expect_kind(LEX_LBRACKET);
	expect_kind(LEX_LBRACE);
	expect_kind(LEX_RBRACE);
	expect_kind(LEX_RBRACKET);
	expect_kind(LEX_RPAREN);
	cr_assert_eq(lx.parens + lx.brackets + lx.braces, 0);
}

/*
 * A constant is dtrace's [0-9]+ or 0x[0-9a-f]+ and [uU]?[lL]?[lL]?: what
 * follows starts the next token (the parser then finds a syntax error).
 */
Test(lex, constant_then_next_token)
{
	static const struct {
		const char *text;
		uint64_t value;
		unsigned int flags;
		const char *next;
	} cases[] = {
		{ "10lu", 10, LEX_INT_LONG, "u" },
		{ "12abc", 12, 0, "abc" },
		{ "0x1g", 1, 0, "g" },
		{ "1uu", 1, LEX_INT_UNSIGNED, "u" },
		{ "1LLU", 1, LEX_INT_LONGLONG, "U" },
		{ "1lll", 1, LEX_INT_LONGLONG, "l" },
		{ "1_0", 1, 0, "_0" },
		{ "0x", 0, 0, "x" },
		{ "0xul", 0, 0, "xul" },
		{ "0xz", 0, 0, "xz" },
	};
	struct lex_token t;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		start(cases[i].text);
		t = tok();
		cr_assert_eq(t.kind, LEX_INT, "%s", cases[i].text);
		cr_assert_eq(t.value, cases[i].value, "%s", cases[i].text);
		cr_assert_eq(t.flags, cases[i].flags, "%s", cases[i].text);
		expect_ident(cases[i].next, LEX_KW_NONE);
		expect_kind(LEX_EOF);
	}
}

/* A marker's file name is kept for messages; "<stdin>" is the script itself. */
Test(lex, marker_file)
{
	struct lex_token t;

	start("a\n# 1 \"inc/x\\\\y.h\" 1\nb\n#line 7\nc\n# 4 \"<stdin>\" 2\nd\n#line 9 \"o.d\"\ne");
	t = tok();
	cr_assert_null(t.file);
	t = tok();
	cr_assert_str_eq(t.str, "b");
	cr_assert_str_eq(t.file, "inc/x\\y.h");
	cr_assert_eq(t.line, 1);
	t = tok();
	cr_assert_str_eq(t.file, "inc/x\\y.h");
	cr_assert_eq(t.line, 7);
	t = tok();
	cr_assert_str_eq(t.str, "d");
	cr_assert_null(t.file);
	cr_assert_eq(t.line, 4);
	t = tok();
	cr_assert_str_eq(t.file, "o.d");
	cr_assert_eq(t.line, 9);
}

Test(lex, divide_in_parens)
{
	/* dividing inside parentheses is fine */
	start("(a / b)");
	expect_kind(LEX_LPAREN);
	expect_ident("a", LEX_KW_NONE);
	expect_kind(LEX_SLASH);
	expect_ident("b", LEX_KW_NONE);
	expect_kind(LEX_RPAREN);
}

Test(lex, comment_star_slash_edge)
{
	start("/***/ a /* ** / */ b /*/ c */ d");
	expect_ident("a", LEX_KW_NONE);
	expect_ident("b", LEX_KW_NONE);
	expect_ident("d", LEX_KW_NONE);
	expect_kind(LEX_EOF);
}

Test(lex, shebang_skipped)
{
	struct lex_token t;

	start("#!/usr/sbin/dtrace -Fs\nBEGIN");
	t = tok();
	cr_assert_eq(t.kind, LEX_IDENT);
	cr_assert_str_eq(t.str, "BEGIN");
	cr_assert_eq(t.line, 2);
	cr_assert_eq(t.col, 1);
	expect_kind(LEX_EOF);
	start("#!/usr/sbin/dtrace -s");
	expect_kind(LEX_EOF);
	/* As in dtrace: any line whose first non-blank characters are "#!". */
	start("x\n  #!/usr/sbin/dtrace -s\ny");
	t = tok();
	cr_assert_str_eq(t.str, "x");
	t = tok();
	cr_assert_str_eq(t.str, "y");
	cr_assert_eq(t.line, 3);
	/* #ident lines are ignored. */
	start("#ident \"@(#)x.d\"\nz");
	t = tok();
	cr_assert_str_eq(t.str, "z");
}

Test(lex, pragma_tokens)
{
	struct lex_token t;

	start("#pragma D option quiet\n  #  pragma   D option x=y  /* comment */\n"
	      "#pragma D option bufsize=16k /* c */ a\n#pragma\n#\n  #  \nz");
	t = tok();
	cr_assert_eq(t.kind, LEX_PRAGMA);
	cr_assert_str_eq(t.str, "D option quiet");
	cr_assert_eq(t.line, 1);
	cr_assert_eq(t.col, 1);
	cr_assert_eq(t.rawlen, strlen("#pragma D option quiet"));
	t = tok();
	cr_assert_eq(t.kind, LEX_PRAGMA);
	cr_assert_str_eq(t.str, "D option x=y");
	cr_assert_eq(t.line, 2);
	cr_assert_eq(t.col, 3);
	t = tok();
	cr_assert_eq(t.kind, LEX_PRAGMA);
	cr_assert_str_eq(t.str, "D option bufsize=16k");
	/* What follows the comment on the line is lexed as usual. */
	expect_ident("a", LEX_KW_NONE);
	t = tok();
	cr_assert_eq(t.kind, LEX_PRAGMA);
	cr_assert_str_eq(t.str, "");
	t = tok();
	cr_assert_str_eq(t.str, "z");
	cr_assert_eq(t.line, 7);
	expect_kind(LEX_EOF);
}

Test(lex, pragma_in_any_mode)
{
	struct lex_token t;

	start("x\n#pragma D option quiet\ny");
	expect_ident("x", LEX_KW_NONE);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_PRAGMA);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_PSPEC);
	cr_assert_str_eq(t.str, "y");
}

Test(lex, pragma_crlf)
{
	struct lex_token t;

	start("#pragma D option quiet\r\nBEGIN\r\n");
	t = tok();
	cr_assert_str_eq(t.str, "D option quiet");
	t = tok();
	cr_assert_str_eq(t.str, "BEGIN");
	cr_assert_eq(t.line, 2);
	cr_assert_eq(t.col, 1);
}

Test(lex, aggregations)
{
	struct lex_token t;

	start("@ @foo @_x1 @ bar @[");
	t = tok();
	cr_assert_eq(t.kind, LEX_AGG);
	cr_assert_str_eq(t.str, "");
	t = tok();
	cr_assert_eq(t.kind, LEX_AGG);
	cr_assert_str_eq(t.str, "foo");
	cr_assert_eq(t.rawlen, 4);
	t = tok();
	cr_assert_str_eq(t.str, "_x1");
	t = tok();
	cr_assert_eq(t.kind, LEX_AGG);
	cr_assert_str_eq(t.str, "");
	expect_ident("bar", LEX_KW_NONE);
	t = tok();
	cr_assert_eq(t.kind, LEX_AGG);
	cr_assert_str_eq(t.str, "");
	expect_kind(LEX_LBRACKET);
}

Test(lex, macros)
{
	static const struct {
		const char *text;
		const char *name;
		unsigned int flags;
	} cases[] = {
		{ "$1", "1", 0 },
		{ "$9", "9", 0 },
		{ "$10", "10", 0 },
		{ "$0", "0", 0 },
		{ "$$1", "1", LEX_MACRO_STRING },
		{ "$target", "target", 0 },
		{ "$pid", "pid", 0 },
		{ "$$target", "target", LEX_MACRO_STRING },
		{ "$_x9", "_x9", 0 },
	};
	struct lex_token t;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		start(cases[i].text);
		t = tok();
		cr_assert_eq(t.kind, LEX_MACRO, "%s", cases[i].text);
		cr_assert_str_eq(t.str, cases[i].name);
		cr_assert_eq(t.flags, cases[i].flags, "%s", cases[i].text);
		expect_kind(LEX_EOF);
	}
	start("$1x");
	t = tok();
	cr_assert_str_eq(t.str, "1");
	expect_ident("x", LEX_KW_NONE);
}

Test(lex, self_and_this)
{
	start("self->spec this->x");
	expect_ident("self", LEX_KW_SELF);
	expect_kind(LEX_ARROW);
	expect_ident("spec", LEX_KW_NONE);
	expect_ident("this", LEX_KW_THIS);
	expect_kind(LEX_ARROW);
	expect_ident("x", LEX_KW_NONE);
	expect_kind(LEX_EOF);
}

Test(lex, positions)
{
	struct lex_token t;

	start("a\n\tbb  ccc\n\n   d");
	t = tok();
	cr_assert_eq(t.line, 1);
	cr_assert_eq(t.col, 1);
	t = tok();
	cr_assert_eq(t.line, 2);
	cr_assert_eq(t.col, 2, "a tab is one column");
	cr_assert_eq(t.rawlen, 2);
	cr_assert_eq(memcmp(t.raw, "bb", 2), 0);
	t = tok();
	cr_assert_eq(t.line, 2);
	cr_assert_eq(t.col, 6);
	t = tok();
	cr_assert_eq(t.line, 4);
	cr_assert_eq(t.col, 4);
	t = tok();
	cr_assert_eq(t.kind, LEX_EOF);
	cr_assert_eq(t.line, 4);
	cr_assert_eq(t.col, 5);
}

Test(lex, text_not_nul_terminated)
{
	static const char buf[] = { 'a', 'b', ' ', '1', '2', '3', '4' };
	struct lex_token t;

	lex_init(&lx, &cc, NULL, buf, 5);
	t = tok();
	cr_assert_str_eq(t.str, "ab");
	t = tok();
	cr_assert_eq(t.kind, LEX_INT);
	cr_assert_eq(t.value, 12);
	expect_kind(LEX_EOF);
}

Test(lex, embedded_nul)
{
	static const char buf[] = { 'a', '\0', 'b' };
	struct lex_token t;

	lex_init(&lx, &cc, NULL, buf, sizeof(buf));
	expect_ident("a", LEX_KW_NONE);
	cr_assert_eq(lex_next(&lx, LEX_MODE_EXPR, &t), -EINVAL);
	cr_assert_str_eq(cc.diags.v[0].msg, "invalid character 0x00");
	cr_assert_null(cc.diags.v[0].file);
}

Test(lex, save_and_restore)
{
	struct lexer saved;
	struct lex_token t;

	start("alpha beta");
	expect_ident("alpha", LEX_KW_NONE);
	saved = lx;
	expect_ident("beta", LEX_KW_NONE);
	lx = saved;
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_PSPEC);
	cr_assert_str_eq(t.str, "beta");
}

/* Probe descriptions */

static void expect_pspec(const char *text, const char *want)
{
	struct lex_token t;

	start(text);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_PSPEC, "%s: got %s", text, lex_kind_str(t.kind));
	cr_assert_str_eq(t.str, want);
	cr_assert_eq(t.rawlen, strlen(want));
}

Test(lex, pspecs)
{
	expect_pspec("syscall::openat:entry", "syscall::openat:entry");
	expect_pspec("syscall:::entry", "syscall:::entry");
	expect_pspec("profile-97hz", "profile-97hz");
	expect_pspec("syscall::*read*:", "syscall::*read*:");
	expect_pspec("fbt:vmlinux:do_sys_open:return", "fbt:vmlinux:do_sys_open:return");
	expect_pspec("BEGIN", "BEGIN");
	expect_pspec("END", "END");
	expect_pspec("ERROR", "ERROR");
	expect_pspec("tick-1sec", "tick-1sec");
	expect_pspec("pid$target::malloc:entry", "pid$target::malloc:entry");
	expect_pspec("pid$1:libc.so.6:malloc:entry", "pid$1:libc.so.6:malloc:entry");
	expect_pspec("fbt::foo.isra.0:entry", "fbt::foo.isra.0:entry");
	expect_pspec("syscall::[rw]*:entry", "syscall::[rw]*:entry");
	expect_pspec("syscall::[!r]?ad:entry", "syscall::[!r]?ad:entry");
	expect_pspec("fbt::a\\*b:entry", "fbt::a\\*b:entry");
	expect_pspec("sdt:::a+b", "sdt:::a+b");
	expect_pspec(":::", ":::");
	expect_pspec("*", "*");
	expect_pspec("123", "123");
	expect_pspec("fbt:vmlinux`x::", "fbt:vmlinux`x::");
	expect_pspec("  \n BEGIN", "BEGIN");
	/* Words that only start like a declaration keyword */
	expect_pspec("interrupt:::", "interrupt:::");
	expect_pspec("int:::", "int:::");
	expect_pspec("self-test", "self-test");
	expect_pspec("stringent", "stringent");
	expect_pspec("sizeof", "sizeof");
	expect_pspec("if", "if");
}

Test(lex, pspec_ends)
{
	static const struct {
		const char *text;
		enum lex_kind next;
	} cases[] = {
		{ "BEGIN{", LEX_LBRACE },      { "BEGIN/x/", LEX_SLASH },
		{ "a:b:c:d,", LEX_COMMA },     { "BEGIN;", LEX_SEMI },
		{ "BEGIN /", LEX_SLASH },      { "BEGIN\n{", LEX_LBRACE },
		{ "BEGIN/*c*/{", LEX_LBRACE }, { "fbt::*/**/{", LEX_LBRACE },
		{ "BEGIN//c\n{", LEX_SLASH },  { "BEGIN(", LEX_LPAREN },
	};
	struct lex_token t;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		start(cases[i].text);
		t = tok_in(LEX_MODE_CLAUSE);
		cr_assert_eq(t.kind, LEX_PSPEC, "%s", cases[i].text);
		t = tok_in(LEX_MODE_CLAUSE);
		cr_assert_eq(t.kind, cases[i].next, "%s: then %s", cases[i].text,
			     lex_kind_str(t.kind));
	}
}

Test(lex, clause_mode_declarations)
{
	static const struct {
		const char *text;
		enum lex_kw kw;
	} cases[] = {
		{ "int n;", LEX_KW_INT },
		{ "string s;", LEX_KW_STRING },
		{ "uint64_t t;", LEX_KW_TYPENAME },
		{ "long x[int];", LEX_KW_LONG },
		{ "self int x;", LEX_KW_SELF },
		{ "this string s;", LEX_KW_THIS },
		{ "unsigned long long u;", LEX_KW_UNSIGNED },
		{ "char", LEX_KW_CHAR },
		{ "struct foo x;", LEX_KW_STRUCT },
		{ "const int c;", LEX_KW_CONST },
		{ "typedef int x;", LEX_KW_TYPEDEF },
		{ "inline int x = 1;", LEX_KW_INLINE },
		{ "void", LEX_KW_VOID },
		{ "short", LEX_KW_SHORT },
	};
	struct lex_token t;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		start(cases[i].text);
		t = tok_in(LEX_MODE_CLAUSE);
		cr_assert_eq(t.kind, LEX_IDENT, "%s: %s", cases[i].text, lex_kind_str(t.kind));
		cr_assert_eq(t.kw, cases[i].kw, "%s", cases[i].text);
	}
}

Test(lex, clause_mode_pointer_declaration)
{
	start("int*p;");
	expect_ident("int", LEX_KW_INT);
	expect_kind(LEX_STAR);
	expect_ident("p", LEX_KW_NONE);
	expect_kind(LEX_SEMI);
	start("char**pp;");
	expect_ident("char", LEX_KW_CHAR);
	expect_kind(LEX_STAR);
	expect_kind(LEX_STAR);
}

Test(lex, clause_mode_typedef_callback)
{
	int calls = 0;
	struct lex_token t;

	cc.is_typedef = only_mode_t;
	cc.is_typedef_arg = &calls;
	start("mode_t p;");
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_IDENT);
	cr_assert_eq(t.kw, LEX_KW_TYPENAME);
	start("mode_t:::");
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_PSPEC);
}

Test(lex, clause_mode_other_tokens)
{
	struct lex_token t;

	start("\"s\" 'c' @a { } ; /");
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_STRING);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_CHAR);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_AGG);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_LBRACE);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_RBRACE);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_SEMI);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_SLASH);
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_EOF);
}

Test(lex, same_text_two_modes)
{
	struct lex_token t;

	start("tick-1sec");
	t = tok_in(LEX_MODE_CLAUSE);
	cr_assert_eq(t.kind, LEX_PSPEC);
	start("tick-1sec");
	t = tok();
	cr_assert_eq(t.kind, LEX_IDENT);
	cr_assert_str_eq(t.str, "tick");
	expect_kind(LEX_MINUS);
	/* dtrace's lexer: the constant 1, then the identifier sec */
	t = tok();
	cr_assert_eq(t.kind, LEX_INT);
	cr_assert_eq(t.value, 1);
	expect_ident("sec", LEX_KW_NONE);
}

Test(lex, clause_mode_errors)
{
	expect_error_in(LEX_MODE_CLAUSE, "BEGIN\n#include <x.h>", "D_PRAGCTL_INVAL", 2, 1,
			"invalid control directive: #include");
	teardown();
	setup();
	expect_error_in(LEX_MODE_CLAUSE, "BEGIN /* x", "D_SYNTAX", 1, 7,
			"end-of-file encountered before matching */");
}

Test(lex, line_continuation)
{
	struct lex_token t;

	/* backslash-newline is discarded; the next token keeps its own line */
	start("x + \\\n  y");
	expect_ident("x", LEX_KW_NONE);
	expect_kind(LEX_PLUS);
	t = tok();
	cr_assert_eq(t.kind, LEX_IDENT);
	cr_assert_str_eq(t.str, "y");
	cr_assert_eq(t.line, 2);
	cr_assert_eq(t.col, 3);
	/* a backslash before anything else is still an error */
	expect_error_in(LEX_MODE_EXPR, "x \\ y", "D_SYNTAX", 1, 3, "syntax error near \"\\\"");
}
