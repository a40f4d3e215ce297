/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * D's string subroutines in the host VM: each case is compiled by the code
 * generator and run by bpf/vm.h's core. The expected values are DTrace's
 * (the Dynamic Tracing Guide and the results DTrace's own test suite
 * records); where spectrace differs on purpose (a NULL string reads as ""),
 * the case says so. Also: the primitives' bounds and faults, self-> string
 * variables, and the compile-time checks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "abi/buf.h"
#include "cg.h"
#include "compile.h"
#include "parse.h"
#include "vmhost.h"

static struct spt_vm vm;
static struct spt_env env;
static uint8_t strtab[SPT_STRTAB_MAX + SPT_STRSIZE];

/* What the first recorded field of a clause held. */
struct result {
	int state; /* SPT_VM_* */
	int is_str;
	char s[SPT_STRSIZE + 1];
	int64_t v;
};

/*
 * Compile TEXT (a whole D program) and run its clauses in order in one
 * host VM environment (so self-> and global variables carry over); RES gets
 * the last clause's first field. Returns 0, or -1 when compiling failed,
 * with the first diagnostic in DIAG ("TAG: message") if given.
 */
static int run_program(const char *text, struct result *res, char *diag, size_t dlen)
{
	struct compile_ctx cc;
	struct image img;
	struct opts o;
	size_t i;
	int ret = -1;

	memset(res, 0, sizeof(*res));
	opt_init(&o);
	compile_ctx_init(&cc);
	if (!cg_compile(&cc, &o, NULL, 0, NULL, "t.d", text, strlen(text), &img)) {
		memset(strtab, 0, sizeof(strtab));
		if (img.strtab_len)
			memcpy(strtab, img.strtab, img.strtab_len);
		memset(&env, 0, sizeof(env));
		env.strtab = strtab;
		strcpy(env.comm, "sptest");
		env.builtin[SPT_B_TID] = 4242;
		for (i = 0; i < img.nclauses; i++) {
			const struct img_clause *cl = &img.clauses[i];

			memset(&vm, 0, sizeof(vm));
			res->state = vmhost_run(&vm, img.insns, cl->prog, &env, 4096);
			if (res->state != SPT_VM_DONE || !cl->nfields)
				continue;
			res->is_str = cl->fields[0].type == IMG_STR;
			if (res->is_str)
				memcpy(res->s, vm.rec + cl->fields[0].offset, SPT_STRSIZE);
			else
				memcpy(&res->v, vm.rec + cl->fields[0].offset, 8);
		}
		cg_image_free(&img);
		ret = 0;
	}
	if (ret && diag && cc.diags.n)
		snprintf(diag, dlen, "%s: %s", cc.diags.v[0].tag, cc.diags.v[0].msg);
	compile_ctx_fini(&cc);
	return ret;
}

/* trace(EXPR) in a BEGIN clause. */
static void run_expr(const char *expr, struct result *res)
{
	char text[1024], diag[512] = "";

	snprintf(text, sizeof(text), "BEGIN { trace(%s); }", expr);
	cr_assert_eq(run_program(text, res, diag, sizeof(diag)), 0, "%s: %s", expr, diag);
	cr_assert_eq(res->state, SPT_VM_DONE, "%s: state %d fault %u", expr, res->state, vm.fault);
}

struct scase {
	char expr[128];
	char want[80];
};

static void check_str(const struct scase *c)
{
	struct result r;

	run_expr(c->expr, &r);
	cr_assert(r.is_str, "%s records a string", c->expr);
	cr_assert_str_eq(r.s, c->want, "%s", c->expr);
}

struct icase {
	char expr[128];
	long long want;
};

static void check_int(const struct icase *c)
{
	struct result r;

	run_expr(c->expr, &r);
	cr_assert_not(r.is_str, "%s records an integer", c->expr);
	cr_assert_eq(r.v, c->want, "%s: %lld, not %lld", c->expr, (long long)r.v, c->want);
}

/* substr: DTrace's results for "foobarbazbop" (12 bytes) and "abcde". */
ParameterizedTestParameters(strsub, substr)
{
	static struct scase cases[] = {
		{ "substr(\"foobarbazbop\", 3)", "barbazbop" },
		{ "substr(\"foobarbazbop\", 300)", "" },
		{ "substr(\"foobarbazbop\", -10)", "obarbazbop" },
		{ "substr(\"foobarbazbop\", 0)", "foobarbazbop" },
		{ "substr(\"foobarbazbop\", 11)", "p" },
		{ "substr(\"foobarbazbop\", 12)", "" },
		{ "substr(\"foobarbazbop\", 13)", "" },
		{ "substr(\"foobarbazbop\", 8, 20)", "zbop" },
		{ "substr(\"foobarbazbop\", 4, 4)", "arba" },
		{ "substr(\"foobarbazbop\", 5, 8)", "rbazbop" },
		{ "substr(\"foobarbazbop\", 400, 20)", "" },
		{ "substr(\"foobarbazbop\", 400, -1)", "" },
		{ "substr(\"foobarbazbop\", 3, 0)", "" },
		{ "substr(\"foobarbazbop\", 3, -1)", "barbazbo" },
		{ "substr(\"foobarbazbop\", 3, -4)", "barba" },
		{ "substr(\"foobarbazbop\", 3, -20)", "" },
		{ "substr(\"foobarbazbop\", -10, -5)", "obarb" },
		{ "substr(\"foobarbazbop\", 0, 400)", "foobarbazbop" },
		{ "substr(\"foobarbazbop\", -1, 400)", "p" },
		{ "substr(\"foobarbazbop\", -1, 0)", "" },
		{ "substr(\"foobarbazbop\", -1, -1)", "" },
		{ "substr(\"foobarbazbop\", -24, 24)", "foobarbazbop" },
		{ "substr(\"foobarbazbop\", -24, 12)", "" },
		{ "substr(\"foobarbazbop\", -24, 13)", "f" },
		{ "substr(\"foobarbazbop\", -12, 12)", "foobarbazbop" },
		{ "substr(\"foobarbazbop\", -12, 11)", "foobarbazbo" },
		{ "substr(\"foobarbazbop\", -24, -5)", "" },
		{ "substr(\"abcde\", -10)", "abcde" },
		{ "substr(\"abcde\", -5)", "abcde" },
		{ "substr(\"abcde\", -4)", "bcde" },
		{ "substr(\"abcde\", -1)", "e" },
		{ "substr(\"abcde\", 1, 0x7fffffffffffffff)", "bcde" },
		{ "substr(\"abcde\", 0x7fffffffffffffff)", "" },
		{ "substr(\"abcde\", -0x7fffffffffffffff - 1, 3)", "" },
		{ "substr(\"\", 0)", "" },
		{ "substr(\"\", -1, 1)", "" },
	};
	return cr_make_param_array(struct scase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct scase *c, strsub, substr)
{
	check_str(c);
}

/* index, rindex: DTrace's results (which are Perl's). */
ParameterizedTestParameters(strsub, index)
{
	static struct icase cases[] = {
		{ "index(\"foobarbaz\", \"barbaz\")", 3 },
		{ "rindex(\"foobarbaz\", \"barbaz\")", 3 },
		{ "index(\"foofoofoo\", \"foo\")", 0 },
		{ "rindex(\"foofoofoo\", \"foo\")", 6 },
		{ "index(\"boofoofoo\", \"foo\")", 3 },
		{ "index(\"foobarbaz\", \"barbazzy\")", -1 },
		{ "rindex(\"foobarbaz\", \"barbazzy\")", -1 },
		{ "index(\"foobar\", \"foobar\")", 0 },
		{ "rindex(\"foobar\", \"foobar\")", 0 },
		{ "index(\"foobar\", \"foobarbaz\")", -1 },
		{ "index(\"\", \"foobar\")", -1 },
		{ "rindex(\"\", \"foobar\")", -1 },
		{ "index(\"foobar\", \"\")", 0 },
		{ "rindex(\"foobar\", \"\")", 6 },
		{ "index(\"\", \"\")", 0 },
		{ "rindex(\"\", \"\")", 0 },
		{ "index(\"foobarbaz\", \"barbaz\", -400)", 3 },
		{ "rindex(\"foobarbaz\", \"barbaz\", -400)", -1 },
		{ "rindex(\"foobarbaz\", \"barbaz\", -1)", -1 },
		{ "rindex(\"foobarbaz\", \"barbaz\", 0)", -1 },
		{ "index(\"foobarbaz\", \"barbaz\", 4)", -1 },
		{ "rindex(\"foobarbaz\", \"barbaz\", 4)", 3 },
		{ "rindex(\"foobarbaz\", \"barbaz\", 400)", 3 },
		{ "index(\"foofoofoo\", \"foo\", 4)", 6 },
		{ "rindex(\"foofoofoo\", \"foo\", 4)", 3 },
		{ "rindex(\"foofoofoo\", \"foo\", 0)", 0 },
		{ "rindex(\"foofoofoo\", \"foo\", -1)", -1 },
		{ "index(\"foofoofoo\", \"foo\", 9)", -1 },
		{ "rindex(\"foofoofoo\", \"foo\", 9)", 6 },
		{ "index(\"foobar\", \"\", -400)", 0 },
		{ "rindex(\"foobar\", \"\", -400)", -1 },
		{ "rindex(\"foobar\", \"\", -1)", -1 },
		{ "index(\"foobar\", \"\", 3)", 3 },
		{ "rindex(\"foobar\", \"\", 3)", 3 },
		{ "index(\"foobar\", \"\", 7)", -1 },
		{ "rindex(\"foobar\", \"\", 7)", 6 },
		{ "index(\"foobar\", \"\", 400)", -1 },
		{ "index(\"\", \"\", 1)", -1 },
		{ "index(\"foobar\", \"\", 6)", 6 },
		{ "rindex(\"\", \"\", 1)", 0 },
		{ "index(\"\", \"foobar\", 400)", -1 },
		{ "rindex(\"abcabcabcabc\", \"cab\", 5)", 5 },
		{ "index(\"aaaaaaaaaaaaaaaaaaaaab\", \"aaaaaaaaaab\")", 11 },
		{ "index(\"0123456789abcdef0123456789abcdef!\", \"0123456789abcdef!\")", 16 },
	};
	return cr_make_param_array(struct icase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct icase *c, strsub, index)
{
	check_int(c);
}

/* strchr, strrchr, strstr: the rest of the string, or NULL (recorded as ""). */
ParameterizedTestParameters(strsub, search)
{
	static struct scase cases[] = {
		{ "strchr(\"fooeyfooeyfoo\", 'f')", "fooeyfooeyfoo" },
		{ "strrchr(\"fooeyfooeyfoo\", 'f')", "foo" },
		{ "strchr(\"fooeyfooeyfoo\", 'y')", "yfooeyfoo" },
		{ "strrchr(\"fooeyfooeyfoo\", 'y')", "yfoo" },
		{ "strrchr(strchr(\"fooeyfooeyfoo\", 'y'), 'y')", "yfoo" },
		{ "strchr(\"fooeyfooeyfoo\", 'a')", "" },
		{ "strrchr(\"fooeyfooeyfoo\", 'a')", "" },
		{ "strchr(\"abc\", 0)", "" },
		{ "strchr(\"abc\", 'b' + 256)", "bc" },
		{ "strstr(\"fooeyfooeyfoo\", \"eyf\")", "eyfooeyfoo" },
		{ "strstr(\"fooeyfooeyfoo\", \"\")", "fooeyfooeyfoo" },
		{ "strstr(\"foo\", \"fooo\")", "" },
		{ "strstr(strjoin(\"a/b\", \"/c\"), \"/\")", "/b/c" },
	};
	return cr_make_param_array(struct scase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct scase *c, strsub, search)
{
	check_str(c);
}

ParameterizedTestParameters(strsub, null)
{
	static struct icase cases[] = {
		{ "strchr(\"abc\", 'z') == NULL", 1 },	{ "strchr(\"abc\", 'b') == NULL", 0 },
		{ "strchr(\"abc\", 0) == NULL", 1 },	{ "strrchr(\"abc\", 0) == NULL", 1 },
		{ "strrchr(\"abc\", 'z') != NULL", 0 }, { "NULL != strstr(\"abc\", \"bc\")", 1 },
		{ "strstr(\"abc\", \"x\") == 0", 1 },	{ "\"\" == NULL", 0 },
		{ "strlen(strchr(\"abc\", 'z'))", 0 },	{ "strchr(\"abc\", 'z') == \"\"", 1 },
	};
	return cr_make_param_array(struct icase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct icase *c, strsub, null)
{
	check_int(c);
}

/* basename, dirname: as basename(1), dirname(1); "" gives "." for both. */
struct pcase {
	char path[32];
	char base[32];
	char dir[32];
};

ParameterizedTestParameters(strsub, path)
{
	static struct pcase cases[] = {
		{ "/", "/", "/" },
		{ "", ".", "." },
		{ "a", "a", "." },
		{ "a/", "a", "." },
		{ "/a/b//", "b", "/a" },
		{ "//", "/", "/" },
		{ "/////", "/", "/" },
		{ "/a", "a", "/" },
		{ "//a", "a", "/" },
		{ "a//b", "b", "a" },
		{ "/usr/lib/libc.so.1", "libc.so.1", "/usr/lib" },
		{ "./", ".", "." },
		{ "/.", ".", "/" },
		{ "/./.", ".", "/." },
		{ "f/", "f", "." },
		{ "..", "..", "." },
	};
	return cr_make_param_array(struct pcase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct pcase *c, strsub, path)
{
	struct scase b, d;

	snprintf(b.expr, sizeof(b.expr), "basename(\"%s\")", c->path);
	strcpy(b.want, c->base);
	snprintf(d.expr, sizeof(d.expr), "dirname(\"%s\")", c->path);
	strcpy(d.want, c->dir);
	check_str(&b);
	check_str(&d);
}

/* cleanpath: dtrace-utils' results; a trailing slash is kept. */
ParameterizedTestParameters(strsub, cleanpath)
{
	static struct scase cases[] = {
		{ "cleanpath(\"\")", "" },
		{ "cleanpath(\"/\")", "/" },
		{ "cleanpath(\"a\")", "a" },
		{ "cleanpath(\".\")", "." },
		{ "cleanpath(\"//\")", "/" },
		{ "cleanpath(\"/a//b\")", "/a/b" },
		{ "cleanpath(\"/a/./b\")", "/a/b" },
		{ "cleanpath(\"/a/b/../c\")", "/a/c" },
		{ "cleanpath(\"/a//b/./c/../d\")", "/a/b/d" },
		{ "cleanpath(\"/..\")", "/" },
		{ "cleanpath(\"/../../x\")", "/x" },
		{ "cleanpath(\"../a\")", "../a" },
		{ "cleanpath(\"../a/../../b\")", "../../b" },
		{ "cleanpath(\"a/..\")", "." },
		{ "cleanpath(\"a/b/../..\")", "." },
		{ "cleanpath(\"/a/..\")", "/" },
		{ "cleanpath(\"a/b/\")", "a/b/" },
		{ "cleanpath(\"./a\")", "a" },
		{ "cleanpath(\"a/./b/.\")", "a/b" },
		{ "cleanpath(\"..a/b..\")", "..a/b.." },
		{ "cleanpath(\"/usr/lib/../share//man/./\")", "/usr/share/man/" },
	};
	return cr_make_param_array(struct scase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct scase *c, strsub, cleanpath)
{
	check_str(c);
}

/* strtok: tokens of the string given, then of the same string for NULL. */
ParameterizedTestParameters(strsub, strtok)
{
	static struct scase cases[] = {
		{ "strtok(\"  a,b,,c  \", \" ,\")", "a" },
		{ "strjoin(strtok(\"  a,b,,c  \", \" ,\"), strtok(NULL, \" ,\"))", "ab" },
		{ "strjoin(strtok(\"a,b c\", \",\"), strtok(0, \",\"))", "ab c" },
		{ "strjoin(strtok(\"abc\", \"b\"), strtok(NULL, \"\"))", "ac" },
		{ "strtok(\"abc\", \"\")", "abc" },
		{ "strtok(\",,,\", \",\")", "" },
		{ "strtok(\"\", \",\")", "" },
		{ "strjoin(strtok(\"x\", \",\"), strtok(NULL, \",\"))", "x" },
	};
	return cr_make_param_array(struct scase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct scase *c, strsub, strtok)
{
	check_str(c);
}

Test(strsub, strtok_null)
{
	struct result r;

	run_expr("strtok(\",,\", \",\") == NULL", &r);
	cr_assert_eq(r.v, 1);
	run_expr("strtok(\"a\", \",\") == NULL", &r);
	cr_assert_eq(r.v, 0);
	run_expr("strlen(strjoin(strtok(\"a\", \",\"), strtok(NULL, \",\")))", &r);
	cr_assert_eq(r.v, 1);
}

ParameterizedTestParameters(strsub, conversions)
{
	static struct scase cases[] = {
		{ "lltostr(0)", "0" },
		{ "lltostr(1)", "1" },
		{ "lltostr(-1)", "-1" },
		{ "lltostr(123456789)", "123456789" },
		{ "lltostr(-123456789)", "-123456789" },
		{ "lltostr(1LL << 62)", "4611686018427387904" },
		{ "lltostr(-(1LL << 62))", "-4611686018427387904" },
		{ "lltostr(-0x7fffffffffffffff - 1)", "-9223372036854775808" },
		{ "lltostr(255, 16)", "0xff" },
		{ "lltostr(0, 16)", "0x0" },
		{ "lltostr(-1, 16)", "0xffffffffffffffff" },
		{ "lltostr(8, 8)", "010" },
		{ "lltostr(0, 8)", "0" },
		{ "lltostr(5, 2)", "101" },
		{ "lltostr(0, 2)", "0" },
		{ "lltostr(-1, 2)",
		  "1111111111111111111111111111111111111111111111111111111111111111" },
		{ "lltostr(35, 36)", "z" },
		{ "lltostr(-10, 3)", "11112220022122120101211020120210210211120" },
		{ "toupper(\"Hello, World 42\")", "HELLO, WORLD 42" },
		{ "tolower(\"Hello, World 42\")", "hello, world 42" },
		{ "toupper(\"\")", "" },
		{ "strjoin(\"foo\", \"bar\")", "foobar" },
		{ "strjoin(\"\", \"\")", "" },
		{ "strjoin(strjoin(\"a\", \"b\"), strjoin(\"c\", \"d\"))", "abcd" },
		{ "strjoin(execname, \"!\")", "sptest!" },
	};
	return cr_make_param_array(struct scase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct scase *c, strsub, conversions)
{
	check_str(c);
}

ParameterizedTestParameters(strsub, strtoll)
{
	static struct icase cases[] = {
		{ "strtoll(\"0\")", 0 },
		{ "strtoll(\"42\")", 42 },
		{ "strtoll(\"  \\t-42xyz\")", -42 },
		{ "strtoll(\"+7\")", 7 },
		{ "strtoll(\"- 7\")", 0 },
		{ "strtoll(\"\")", 0 },
		{ "strtoll(\"9223372036854775807\")", 0x7fffffffffffffffLL },
		{ "strtoll(\"-9223372036854775808\")", (long long)(-0x7fffffffffffffffLL - 1) },
		{ "strtoll(\"18446744073709551617\")", 1 },
		{ "strtoll(\"0x1f\", 16)", 31 },
		{ "strtoll(\"0X1F\", 16)", 31 },
		{ "strtoll(\"1f\", 16)", 31 },
		{ "strtoll(\"0xg\", 16)", 0 },
		{ "strtoll(\"-0x10\", 16)", -16 },
		{ "strtoll(\"0x10\")", 0 },
		{ "strtoll(\"777\", 8)", 511 },
		{ "strtoll(\"789\", 8)", 7 },
		{ "strtoll(\"1010\", 2)", 10 },
		{ "strtoll(\"zZ\", 36)", 1295 },
		{ "strtoll(lltostr(-123456789))", -123456789 },
	};
	return cr_make_param_array(struct icase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct icase *c, strsub, strtoll)
{
	check_int(c);
}

/* Results are cut at strsize - 1 bytes; nothing is written past a slot. */
Test(strsub, strsize_bounds)
{
	char s200[201], text[2048];
	struct result r;

	memset(s200, 'x', 200);
	s200[200] = 0;
	snprintf(text, sizeof(text), "BEGIN { s = \"%s\"; t = strjoin(s, s); trace(strlen(t)); }",
		 s200);
	cr_assert_eq(run_program(text, &r, NULL, 0), 0);
	cr_assert_eq(r.v, SPT_STRSIZE - 1);
	snprintf(text, sizeof(text), "BEGIN { s = \"%s\"; trace(strjoin(strjoin(s, s), \"y\")); }",
		 s200);
	cr_assert_eq(run_program(text, &r, NULL, 0), 0);
	cr_assert_eq(strlen(r.s), SPT_STRSIZE - 1);
	cr_assert_eq(r.s[SPT_STRSIZE - 2], 'x');
	/* The outer join's slot (2) ends in its NUL; the next one is untouched. */
	cr_assert_eq(vm.str[3 * SPT_STRSIZE - 1], 0);
	cr_assert_eq(vm.str[3 * SPT_STRSIZE], 0);
	snprintf(text, sizeof(text), "BEGIN { s = \"%s\"; trace(index(strjoin(s, s), \"xy\")); }",
		 s200);
	cr_assert_eq(run_program(text, &r, NULL, 0), 0);
	cr_assert_eq(r.v, -1);
}

Test(strsub, self_strings)
{
	struct result r;

	cr_assert_eq(run_program("BEGIN { self->s = execname; } BEGIN { trace(self->s); }", &r,
				 NULL, 0),
		     0);
	cr_assert_str_eq(r.s, "sptest");
	cr_assert_eq(run_program("BEGIN { self->s = \"a\"; self->s = strjoin(self->s, \"b\"); }"
				 "BEGIN { trace(self->s); }",
				 &r, NULL, 0),
		     0);
	cr_assert_str_eq(r.s, "ab");
	/* Unset, and deleted by storing NULL: NULL again. */
	cr_assert_eq(run_program("BEGIN { self->s = \"a\"; self->s = strchr(\"b\", 'c'); }"
				 "BEGIN { trace(self->s == NULL); }",
				 &r, NULL, 0),
		     0);
	cr_assert_eq(r.v, 1);
	for (size_t i = 0; i < VMHOST_ASSOC_MAX; i++)
		cr_assert_not(env.assoc[i].used, "storing NULL deleted the element");
	cr_assert_eq(run_program("BEGIN { self->n = 1; self->s = \"v\"; }"
				 "BEGIN { trace(self->n); }",
				 &r, NULL, 0),
		     0);
	cr_assert_eq(r.v, 1, "integer and string self-> variables do not collide");
	/* Another thread sees none. */
	cr_assert_eq(run_program("BEGIN { self->s = \"a\"; }", &r, NULL, 0), 0);
	env.builtin[SPT_B_TID]++;
	memset(&vm, 0, sizeof(vm));
	{
		struct result r2;

		cr_assert_eq(run_program("BEGIN { self->s = \"q\"; } BEGIN { trace(self->s); }",
					 &r2, NULL, 0),
			     0);
		cr_assert_str_eq(r2.s, "q");
	}
}

Test(strsub, assoc_null)
{
	struct result r;

	cr_assert_eq(run_program("BEGIN { a[1] = \"x\"; a[1] = strchr(\"y\", 'z'); }"
				 "BEGIN { trace(a[1] == NULL); }",
				 &r, NULL, 0),
		     0);
	cr_assert_eq(r.v, 1);
	cr_assert_eq(run_program("BEGIN { a[1] = \"x\"; } BEGIN { trace(a[2] == NULL); }", &r, NULL,
				 0),
		     0);
	cr_assert_eq(r.v, 1);
}

struct dcase {
	char text[160];
	char want[200];
};

ParameterizedTestParameters(strsub, diagnostics)
{
	static struct dcase cases[] = {
		{ "BEGIN { trace(strjoin(\"a\")); }",
		  "D_PROTO_LEN: strjoin( ) prototype mismatch: 1 arg passed, 2 expected" },
		{ "BEGIN { trace(substr(\"a\")); }",
		  "D_PROTO_LEN: substr( ) prototype mismatch: 1 arg passed, at least 2 expected" },
		{ "BEGIN { trace(substr(\"a\", 1, 2, 3)); }",
		  "D_PROTO_LEN: substr( ) prototype mismatch: 4 args passed, at most 3 expected" },
		{ "BEGIN { trace(basename()); }",
		  "D_PROTO_LEN: basename( ) prototype mismatch: 0 args passed, 1 expected" },
		{ "BEGIN { trace(substr(1, 2)); }",
		  "D_PROTO_ARG: substr( ) argument #1 is incompatible with prototype:\n\tprototype: const char *\n\t argument: int" },
		{ "BEGIN { trace(substr(\"a\", \"b\")); }",
		  "D_PROTO_ARG: substr( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string" },
		{ "BEGIN { trace(strchr(\"a\", \"b\")); }",
		  "D_PROTO_ARG: strchr( ) argument #2 is incompatible with prototype:\n\tprototype: char\n\t argument: string" },
		{ "BEGIN { trace(index(\"a\", 1)); }",
		  "D_PROTO_ARG: index( ) argument #2 is incompatible with prototype:\n\tprototype: const char *\n\t argument: int" },
		{ "BEGIN { trace(lltostr(\"1\")); }",
		  "D_PROTO_ARG: lltostr( ) argument #1 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: string" },
		{ "BEGIN { trace(strtoll(\"1\", (char *)0)); }",
		  "D_PROTO_ARG: strtoll( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: char *" },
		{ "BEGIN { trace(toupper(1)); }",
		  "D_PROTO_ARG: toupper( ) argument #1 is incompatible with prototype:\n\tprototype: const char *\n\t argument: int" },
		{ "BEGIN { trace(\"a\" == 1); }",
		  "D_OP_INCOMPAT: operands have incompatible types: \"string\" == \"int\"" },
	};
	return cr_make_param_array(struct dcase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct dcase *c, strsub, diagnostics)
{
	struct result r;
	char diag[512] = "";

	cr_assert_eq(run_program(c->text, &r, diag, sizeof(diag)), -1, "%s compiles", c->text);
	cr_assert_str_eq(diag, c->want);
}
