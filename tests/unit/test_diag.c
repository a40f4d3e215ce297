/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Unit tests of compile diagnostics: the list and dtrace's printed shape.
 */
#include <errno.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg.h"
#include "compile.h"
#include "diag.h"
#include "opt.h"
#include "parse.h"

static struct diag_list dl;

static void setup(void)
{
	diag_list_init(&dl);
}

static void teardown(void)
{
	diag_list_fini(&dl);
}

TestSuite(diag, .init = setup, .fini = teardown);

/* What diag_print writes, in a string the caller frees. */
static char *printed(const char *spec)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	cr_assert_not_null(fp);
	cr_assert_eq(diag_print(fp, &dl, spec), 0);
	fclose(fp);
	return buf;
}

static void expect_printed(const char *spec, const char *want)
{
	char *s = printed(spec);

	cr_assert_str_eq(s, want);
	free(s);
}

Test(diag, empty_list)
{
	cr_assert_eq(dl.n, 0);
	cr_assert_not(dl.nomem);
	expect_printed(NULL, "");
	expect_printed("BEGIN", "");
}

Test(diag, add_records_fields)
{
	char file[] = "foo.d";

	cr_assert_eq(diag_add(&dl, DIAG_SYNTAX, file, 7, 12, "syntax error near \"%s\"", "}"), 0);
	/* The file name is copied. */
	file[0] = 'X';
	cr_assert_eq(dl.n, 1);
	cr_assert_str_eq(dl.v[0].tag, "D_SYNTAX");
	cr_assert_str_eq(dl.v[0].file, "foo.d");
	cr_assert_eq(dl.v[0].line, 7);
	cr_assert_eq(dl.v[0].col, 12);
	cr_assert_str_eq(dl.v[0].msg, "syntax error near \"}\"");
}

Test(diag, null_file_and_tag_out_of_range)
{
	cr_assert_eq(diag_add(&dl, DIAG_NTAGS, NULL, 1, 1, "x"), 0);
	cr_assert_null(dl.v[0].file);
	cr_assert_str_eq(dl.v[0].tag, "D_UNKNOWN");
}

Test(diag, no_column_without_line)
{
	diag_add(&dl, DIAG_EMPTY, "a.d", 0, 5, "empty D program translation unit");
	cr_assert_eq(dl.v[0].line, 0);
	cr_assert_eq(dl.v[0].col, 0);
}

Test(diag, message_keeps_continuation_lines)
{
	diag_add(&dl, DIAG_SYNTAX, NULL, 1, 1, "%s", "first\n\tsecond\n\n");
	cr_assert_str_eq(dl.v[0].msg, "first\n\tsecond");
	diag_add(&dl, DIAG_SYNTAX, NULL, 1, 1, "%s", "");
	cr_assert_str_eq(dl.v[1].msg, "");
}

Test(diag, format_arguments)
{
	diag_add(&dl, DIAG_INT_OFLOW, "t.d", 3, 4, "constant %s results in integer overflow",
		 "18446744073709551616");
	diag_add(&dl, DIAG_CHR_OFLOW, "t.d", 3, 4, "%d %u %c %.*s %%", -1, 2U, 'c', 2, "abc");
	cr_assert_str_eq(dl.v[0].msg, "constant 18446744073709551616 results in integer overflow");
	cr_assert_str_eq(dl.v[1].msg, "-1 2 c ab %");
}

Test(diag, many_entries_in_order)
{
	char want[32];
	size_t i;

	for (i = 0; i < 100; i++)
		cr_assert_eq(diag_add(&dl, DIAG_SYNTAX, "t.d", (unsigned int)i + 1, 1, "e%zu", i),
			     0);
	cr_assert_eq(dl.n, 100);
	for (i = 0; i < 100; i++) {
		snprintf(want, sizeof(want), "e%zu", i);
		cr_assert_str_eq(dl.v[i].msg, want);
		cr_assert_eq(dl.v[i].line, i + 1);
	}
}

Test(diag, print_script_line_no_tag)
{
	diag_add(&dl, DIAG_SYNTAX, "foo.d", 7, 12, "syntax error near \"}\"");
	expect_printed(NULL, "spectrace: failed to compile script foo.d: line 7: "
			     "syntax error near \"}\"\n");
	/* The -n text is for entries without a file only. */
	expect_printed("BEGIN", "spectrace: failed to compile script foo.d: line 7: "
				"syntax error near \"}\"\n");
}

Test(diag, print_filetag)
{
	diag_add(&dl, DIAG_SYNTAX, "foo.d", 2, 3, "syntax error near \";\"");
	diag_set_filetag(&dl, "inc/x.h");
	dl.errtags = true;
	dl.caret = true;
	dl.src = "a\nbb;\n";
	dl.srclen = 6;
	/* dtrace's "FILE", line N; no caret: the lines are another file's */
	expect_printed(NULL, "spectrace: failed to compile script foo.d: [D_SYNTAX] "
			     "\"inc/x.h\", line 2: syntax error near \";\"\n");
	diag_set_filetag(&dl, NULL);
	cr_assert_str_eq(dl.v[0].filetag, "inc/x.h");
}

Test(diag, print_errtags)
{
	dl.errtags = true;
	diag_add(&dl, DIAG_SYNTAX, "foo.d", 7, 0, "syntax error near \"}\"");
	expect_printed(NULL, "spectrace: failed to compile script foo.d: [D_SYNTAX] line 7: "
			     "syntax error near \"}\"\n");
	diag_list_fini(&dl);
	dl.errtags = true;
	diag_add(&dl, DIAG_SYNTAX, NULL, 1, 3, "syntax error near \";\"");
	expect_printed("BEGIN { ; }", "spectrace: invalid probe specifier BEGIN { ; }: "
				      "[D_SYNTAX] syntax error near \";\"\n");
}

Test(diag, print_script_no_position)
{
	diag_add(&dl, DIAG_EMPTY, "empty.d", 0, 0, "empty D program translation unit");
	expect_printed(NULL, "spectrace: failed to compile script empty.d: "
			     "empty D program translation unit\n");
}

/* -n text: no line; the region when the error arose while type-checking. */
Test(diag, print_probe_specifier)
{
	diag_add(&dl, DIAG_SYNTAX, NULL, 1, 13, "syntax error near \";\"");
	expect_printed("BEGIN { x = ; }", "spectrace: invalid probe specifier BEGIN { x = ; }: "
					  "syntax error near \";\"\n");
}

Test(diag, print_regions)
{
	diag_add(&dl, DIAG_IDENT_UNDEF, NULL, 1, 8, "failed to resolve y: Unknown variable name");
	diag_set_region(&dl, DIAG_REGION_PRED);
	expect_printed("BEGIN /y/ {}",
		       "spectrace: invalid probe specifier BEGIN /y/ {}: "
		       "in predicate: failed to resolve y: Unknown variable name\n");
	diag_list_fini(&dl);
	diag_add(&dl, DIAG_OP_LVAL, NULL, 1, 9,
		 "operator = requires modifiable lvalue as an operand");
	diag_set_region(&dl, DIAG_REGION_ACTS);
	expect_printed("BEGIN { 1 = 2 }",
		       "spectrace: invalid probe specifier BEGIN { 1 = 2 }: "
		       "in action list: operator = requires modifiable lvalue as an operand\n");
	/* A script shows its line, not the region. */
	diag_list_fini(&dl);
	diag_add(&dl, DIAG_OP_LVAL, "t.d", 3, 2,
		 "operator = requires modifiable lvalue as an operand");
	diag_set_region(&dl, DIAG_REGION_ACTS);
	expect_printed(NULL, "spectrace: failed to compile script t.d: line 3: "
			     "operator = requires modifiable lvalue as an operand\n");
}

Test(diag, set_region_on_empty_list)
{
	diag_set_region(&dl, DIAG_REGION_PRED);
	cr_assert_eq(dl.n, 0);
}

Test(diag, print_continuation_lines)
{
	diag_add(
		&dl, DIAG_PROTO_ARG, "t.d", 2, 8,
		"strlen( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int\n");
	expect_printed(NULL,
		       "spectrace: failed to compile script t.d: line 2: strlen( ) argument #1 "
		       "is incompatible with prototype:\n\tprototype: string\n\t argument: int\n");
}

/* On a terminal: the source line and a caret under the column, tabs kept. */
Test(diag, print_caret)
{
	static const char src[] = "BEGIN\n{\n\tx = ;\n}\n";

	dl.caret = true;
	dl.src = src;
	dl.srclen = sizeof(src) - 1;
	diag_add(&dl, DIAG_SYNTAX, "t.d", 3, 6, "syntax error near \";\"");
	expect_printed(NULL,
		       "spectrace: failed to compile script t.d: line 3: syntax error near \";\"\n"
		       "  \tx = ;\n"
		       "  \t    ^ column 6\n");
}

Test(diag, print_caret_needs_position_and_source)
{
	static const char src[] = "BEGIN { x = ; }";

	dl.caret = true;
	diag_add(&dl, DIAG_SYNTAX, NULL, 1, 13, "syntax error near \";\"");
	/* No source: dtrace's line alone. */
	expect_printed(src, "spectrace: invalid probe specifier BEGIN { x = ; }: "
			    "syntax error near \";\"\n");
	dl.src = src;
	dl.srclen = sizeof(src) - 1;
	expect_printed(src, "spectrace: invalid probe specifier BEGIN { x = ; }: "
			    "syntax error near \";\"\n"
			    "  BEGIN { x = ; }\n"
			    "              ^ column 13\n");
	/* A line beyond the text, or a column beyond the line: nothing more. */
	diag_list_fini(&dl);
	dl.caret = true;
	dl.src = src;
	dl.srclen = sizeof(src) - 1;
	diag_add(&dl, DIAG_SYNTAX, NULL, 2, 1, "x");
	diag_add(&dl, DIAG_SYNTAX, NULL, 1, 40, "y");
	expect_printed(src, "spectrace: invalid probe specifier BEGIN { x = ; }: x\n"
			    "spectrace: invalid probe specifier BEGIN { x = ; }: y\n");
}

Test(diag, print_without_file_or_spec)
{
	diag_add(&dl, DIAG_PRAGMA_MALFORM, NULL, 2, 0, "malformed #pragma option <option>=<val>");
	expect_printed(NULL, "spectrace: malformed #pragma option <option>=<val>\n");
}

Test(diag, print_several)
{
	diag_add(&dl, DIAG_SYNTAX, "a.d", 1, 2, "one");
	diag_add(&dl, DIAG_UNSUPPORTED, "b.d", 3, 4, "not supported: if statements");
	expect_printed(
		NULL,
		"spectrace: failed to compile script a.d: line 1: one\n"
		"spectrace: failed to compile script b.d: line 3: not supported: if statements\n");
}

Test(diag, print_reports_lost_entries)
{
	diag_add(&dl, DIAG_SYNTAX, "a.d", 1, 2, "one");
	dl.nomem = true;
	expect_printed(NULL, "spectrace: failed to compile script a.d: line 1: one\n"
			     "spectrace: out of memory while reporting errors\n");
}

Test(diag, print_write_error)
{
	FILE *fp = fopen("/dev/full", "w");

	cr_assert_not_null(fp);
	diag_add(&dl, DIAG_SYNTAX, "a.d", 1, 2, "one");
	cr_assert_eq(diag_print(fp, &dl, NULL), -EIO);
	fclose(fp);
}

Test(diag, fini_resets)
{
	diag_add(&dl, DIAG_SYNTAX, "a.d", 1, 2, "one");
	dl.nomem = true;
	diag_list_fini(&dl);
	cr_assert_eq(dl.n, 0);
	cr_assert_null(dl.v);
	cr_assert_not(dl.nomem);
	cr_assert_eq(diag_add(&dl, DIAG_SYNTAX, "a.d", 1, 2, "again"), 0);
	cr_assert_eq(dl.n, 1);
}

Test(diag, tag_names)
{
	cr_assert_str_eq(diag_tag_name(DIAG_SYNTAX), "D_SYNTAX");
	cr_assert_str_eq(diag_tag_name(DIAG_PRAGMA_MALFORM), "D_PRAGMA_MALFORM");
	cr_assert_str_eq(diag_tag_name(DIAG_PRAGCTL_INVAL), "D_PRAGCTL_INVAL");
	cr_assert_str_eq(diag_tag_name(DIAG_INT_OFLOW), "D_INT_OFLOW");
	cr_assert_str_eq(diag_tag_name(DIAG_UNSUPPORTED), "D_UNSUPPORTED");
	cr_assert_str_eq(diag_tag_name(DIAG_NOREG), "D_NOREG");
	cr_assert_str_eq(diag_tag_name(DIAG_CG_EXPR), "D_CG_EXPR");
	cr_assert_str_eq(diag_tag_name(DIAG_PRINTF_DSIZE), "D_PRINTF_DSIZE");
	cr_assert_str_eq(diag_tag_name(DIAG_NTAGS), "D_UNKNOWN");
	cr_assert_eq(diag_tag_at(DIAG_DIV_ZERO), DIAG_AT_CG);
	cr_assert_eq(diag_tag_at(DIAG_OP_ARITH), DIAG_AT_CHECK);
}

/* Every tag is named once, has a shape, and its name is "D_" and letters, digits, '_'. */
Test(diag, tag_table)
{
	int i, j;

	for (i = 0; i < DIAG_NTAGS; i++) {
		const char *n = diag_tag_name((enum diag_tag)i);

		cr_assert(!strncmp(n, "D_", 2) && strlen(n) > 2, "%s", n);
		cr_assert_eq(strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"), strlen(n), "%s",
			     n);
		cr_assert(diag_tag_shape((enum diag_tag)i)[0], "%s has no shape", n);
		for (j = 0; j < i; j++)
			cr_assert_str_neq(n, diag_tag_name((enum diag_tag)j));
	}
}

/*
 * The tags without an e2e test tests/e2e/d/err.TAG.*.d, each with the
 * reason; keep this list short: a new tag gets its test.
 */
static const char *const untested_tags[] = {
	"D_NOREG",	  /* depends on the register count, which is not dtrace's */
	"D_DECL_ARRSUB",  /* the reference gives no text for it */
	"D_DECL_ARRBIG",  /* the reference gives no text for it */
	"D_DECL_BFCONST", /* the reference gives no text for it */
	"D_DECL_BFSIZE",  /* the reference gives no text for it */
	"D_DECL_BFTYPE",  /* the reference gives no text for it */
	"D_ARGS_NONE",	  /* not reachable: an inline is compiled in the clause that uses it */
	"D_CHR_NL",	  /* the reference gives no text for it */
	"D_EMPTY",	  /* the reference gives no location for it */
	"D_DECL_ARRNULL", /* the reference gives no text for it */
	"D_TRACE_VOID",	  /* needs a void argument: likewise */
	"D_PRINTF_DSIZE", /* printa( ) format errors: the reference gives no text */
};

static bool untested(const char *tag)
{
	size_t i;

	for (i = 0; i < sizeof(untested_tags) / sizeof(untested_tags[0]); i++)
		if (!strcmp(untested_tags[i], tag))
			return true;
	return false;
}

/* Whether tests/e2e/d holds a file "err.TAG.NAME.d". */
static bool has_err_test(DIR *d, const char *tag)
{
	struct dirent *de;
	size_t n = strlen(tag);

	rewinddir(d);
	while ((de = readdir(d))) {
		const char *f = de->d_name;
		size_t len = strlen(f);

		if (!strncmp(f, "err.", 4) && !strncmp(f + 4, tag, n) && f[4 + n] == '.' &&
		    len > 4 + n + 3 && !strcmp(f + len - 2, ".d"))
			return true;
	}
	return false;
}

Test(diag, every_tag_has_an_e2e_test)
{
	DIR *d = opendir(SPT_SOURCE_DIR "/tests/e2e/d");
	size_t i;
	int t;

	cr_assert_not_null(d);
	for (t = 0; t < DIAG_NTAGS; t++) {
		const char *n = diag_tag_name((enum diag_tag)t);

		if (untested(n))
			cr_expect_not(has_err_test(d, n), "%s has a test now: take it off the list",
				      n);
		else
			cr_expect(has_err_test(d, n), "%s has no tests/e2e/d/err.%s.*.d", n, n);
	}
	/* every exception is a tag */
	for (i = 0; i < sizeof(untested_tags) / sizeof(untested_tags[0]); i++) {
		for (t = 0; t < DIAG_NTAGS; t++)
			if (!strcmp(untested_tags[i], diag_tag_name((enum diag_tag)t)))
				break;
		cr_expect_lt(t, DIAG_NTAGS, "%s is not a tag", untested_tags[i]);
	}
	closedir(d);
}

/*
 * Compiling whole programs: the tag, region and line each error gets, and
 * D's action-ordering table (d-language 5.2).
 */
struct compiled {
	int ret;
	char tag[32];
	char region[32];
	unsigned int line;
	char msg[256];
};

static struct compiled compile_text(const char *file, const char *text, char *const *macros,
				    size_t nmacros, bool defaultargs)
{
	struct compiled c = { 0 };
	struct compile_ctx cc;
	struct image img;
	struct opts o;

	opt_init(&o);
	o.defaultargs = defaultargs;
	compile_ctx_init(&cc);
	c.ret = cg_compile(&cc, &o, macros, nmacros, "/usr/bin/spectrace", file, text, strlen(text),
			   &img) != 0;
	if (cc.diags.n) {
		snprintf(c.tag, sizeof(c.tag), "%s", cc.diags.v[0].tag);
		snprintf(c.region, sizeof(c.region), "%s",
			 cc.diags.v[0].region ? cc.diags.v[0].region : "");
		snprintf(c.msg, sizeof(c.msg), "%s", cc.diags.v[0].msg);
		c.line = cc.diags.v[0].line;
	}
	if (!c.ret)
		cg_image_free(&img);
	compile_ctx_fini(&cc);
	return c;
}

struct order_case {
	char body[96];
	char tag[24]; /* "": compiles */
};

ParameterizedTestParameters(diag, action_order)
{
	static struct order_case cases[] = {
		{ "commit(1); commit(2);", "" },
		{ "commit(1); discard(2);", "" },
		{ "discard(1); commit(2);", "" },
		{ "discard(1); discard(2);", "" },
		{ "speculate(1); commit(2);", "" },
		{ "speculate(1); discard(2);", "" },
		{ "discard(1); trace(1); printf(\"x\"); @a = count(); exit(0);", "" },
		{ "discard(1); speculate(2);", "" },
		{ "speculate(1); trace(1); printf(\"x\");", "" },
		{ "commit(1); x = 1; x++;", "" },
		{ "trace(1); commit(1);", "D_COMM_DREC" },
		{ "@a = count(); commit(1);", "D_COMM_DREC" },
		{ "exit(0); commit(1);", "D_COMM_DREC" },
		{ "speculate(1); trace(1); commit(2);", "D_COMM_DREC" },
		{ "speculate(1); speculate(2);", "D_SPEC_SPEC" },
		{ "commit(1); speculate(2);", "D_SPEC_COMM" },
		{ "trace(1); speculate(1);", "D_SPEC_DREC" },
		{ "@a = count(); speculate(1);", "D_SPEC_DREC" },
		{ "commit(1); @a = count();", "D_AGG_COMM" },
		{ "speculate(1); @a = count();", "D_AGG_SPEC" },
		{ "speculate(1); raise(9);", "D_ACT_SPEC" },
		{ "speculate(1); panic();", "D_ACT_SPEC" },
		{ "speculate(1); chill(1);", "D_ACT_SPEC" },
		{ "speculate(1); breakpoint();", "D_ACT_SPEC" },
		{ "speculate(1); exit(0);", "D_EXIT_SPEC" },
		{ "commit(1); trace(1);", "D_DREC_COMM" },
		{ "commit(1); exit(0);", "D_DREC_COMM" },
		{ "commit(1); stop();", "D_DREC_COMM" },
		{ "commit(1); discard(2); printf(\"x\");", "D_DREC_COMM" },
		{ "@a = count(); commit(1); @a;", "D_COMM_DREC" },
		{ "commit(1); @a;", "D_AGG_COMM" },
		{ "panic();", "D_UNSUPPORTED" },
	};

	return cr_make_param_array(struct order_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct order_case *oc, diag, action_order)
{
	char text[160];
	struct compiled c;

	snprintf(text, sizeof(text), "BEGIN { %s }", oc->body);
	c = compile_text("t.d", text, NULL, 0, false);
	if (!oc->tag[0]) {
		cr_assert_eq(c.ret, 0, "%s: %s %s", oc->body, c.tag, c.msg);
		return;
	}
	cr_assert_neq(c.ret, 0, "%s compiled", oc->body);
	cr_assert_str_eq(c.tag, oc->tag, "%s: %s", oc->body, c.msg);
	/* Code-generation errors: no region for -n text. */
	cr_assert_str_eq(c.region, "", "%s", oc->body);
}

Test(diag, regions_of_type_checking_errors)
{
	struct compiled c = compile_text(NULL, "BEGIN /nosuch/ { }", NULL, 0, false);

	cr_assert_str_eq(c.tag, "D_IDENT_UNDEF");
	cr_assert_str_eq(c.region, DIAG_REGION_PRED);
	c = compile_text(NULL, "BEGIN { x = \"a\" * 2; }", NULL, 0, false);
	cr_assert_str_eq(c.tag, "D_OP_ARITH");
	cr_assert_str_eq(c.region, DIAG_REGION_ACTS);
	c = compile_text(NULL, "BEGIN { x = 1; y = x / 0; }", NULL, 0, false);
	cr_assert_str_eq(c.tag, "D_DIV_ZERO");
	cr_assert_str_eq(c.region, "", "found while parsing in dtrace");
	c = compile_text(NULL, "BEGIN { trace($1); }", NULL, 0, false);
	cr_assert_str_eq(c.tag, "D_MACRO_UNDEF");
	cr_assert_str_eq(c.region, "", "found while lexing in dtrace");
}

/* The body is cooked before the predicate: its variables exist there. */
Test(diag, predicate_after_body)
{
	struct compiled c = compile_text(
		"t.d", "BEGIN /y == 0 && self->z == 0/ { y = 1; self->z = 2; }", NULL, 0, false);

	cr_assert_eq(c.ret, 0, "%s", c.msg);
	c = compile_text("t.d", "BEGIN /self->z/ { trace(self->z); }", NULL, 0, false);
	cr_assert_str_eq(c.tag, "D_VAR_UNDEF");
	cr_assert_str_eq(c.msg, "self->z has not yet been declared or assigned");
	cr_assert_eq(c.line, 1);
}

Test(diag, macro_arguments)
{
	char a1[] = "12", a2[] = "word", a3[] = "x y";
	char *argv3[] = { a1, a2, a3 };
	struct compiled c;

	c = compile_text("t.d", "BEGIN { trace($1 + 1); trace($$2); trace($3); }", argv3, 3, false);
	cr_assert_eq(c.ret, 0, "%s", c.msg);
	/* $2 is the identifier "word": not a variable here. */
	c = compile_text("t.d", "BEGIN { trace($2); trace($3); }", argv3, 3, false);
	cr_assert_str_eq(c.tag, "D_IDENT_UNDEF");
	cr_assert_str_eq(c.msg, "failed to resolve word: Unknown variable name");
	c = compile_text("t.d", "BEGIN { trace($1); }", argv3, 3, false);
	cr_assert_str_eq(c.tag, "D_MACRO_UNUSED");
	cr_assert_str_eq(c.msg, "extraneous argument 'x y' ($3 is not referenced)");
	c = compile_text("t.d", "BEGIN { trace($4); }", argv3, 3, false);
	cr_assert_str_eq(c.tag, "D_MACRO_UNDEF");
	c = compile_text("t.d", "BEGIN { trace($4); trace($$5); trace($3); }", argv3, 3, true);
	cr_assert_eq(c.ret, 0, "defaultargs: %s", c.msg);
	c = compile_text("t.d", "BEGIN { trace($0); trace($$0); trace($pid + $ppid + $uid); }",
			 NULL, 0, false);
	cr_assert_eq(c.ret, 0, "%s", c.msg);
	c = compile_text("t.d", "BEGIN { trace($zoneid); }", NULL, 0, false);
	cr_assert_str_eq(c.msg, "macro variable $zoneid is not defined");
	c = compile_text("t.d", "syscall::$$2:entry { trace($1); trace($3); }", argv3, 3, false);
	cr_assert_eq(c.ret, 0, "a macro in a probe description counts as a reference: %s", c.msg);
}

Test(diag, inline_and_constants)
{
	struct compiled c;

	c = compile_text("t.d",
			 "inline int N = 4 * ENOENT;\nBEGIN { @a = lquantize(1, 0, N, 2); "
			 "trace(DTRACEFLT_BADADDR); }",
			 NULL, 0, false);
	cr_assert_eq(c.ret, 0, "%s", c.msg);
	c = compile_text("t.d", "inline int N = 0;\nBEGIN { x = 1; x %= N; }", NULL, 0, false);
	cr_assert_str_eq(c.tag, "D_DIV_ZERO");
	cr_assert_eq(c.line, 2);
	/* A library constant is its value, as in dtrace's parser: EPERM = 0 is 1 = 0. */
	c = compile_text("t.d", "BEGIN { EPERM = 0; }", NULL, 0, false);
	cr_assert_str_eq(c.tag, "D_OP_LVAL");
	c = compile_text("t.d", "inline int A = B;\nBEGIN { }", NULL, 0, false);
	cr_assert_str_eq(c.tag, "D_IDENT_UNDEF");
	cr_assert_eq(c.line, 1);
}
