/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "fmt.h"

/* Strings in arrays: Criterion re-executes the binary per parameter. */
struct pcase {
	char format[32];
	int is_str;
	uint64_t v;
	char s[16];
	char want[48];
};

static char *render(const char *format, const struct fmt_arg *args, size_t n)
{
	struct fmt f;
	char err[128] = "", *buf = NULL;
	size_t len = 0;
	FILE *out;

	cr_assert_eq(fmt_parse(format, &f, err, sizeof(err)), 0, "%s: %s", format, err);
	cr_assert_eq(f.nargs, n, "%s consumes %zu", format, f.nargs);
	out = open_memstream(&buf, &len);
	cr_assert_eq(fmt_print(out, &f, args, n), 0, "%s", format);
	fclose(out);
	fmt_free(&f);
	return buf;
}

ParameterizedTestParameters(fmt, conversions)
{
	static struct pcase cases[] = {
		{ "%d", 0, (uint64_t)-42, "", "-42" },
		{ "%i", 0, 7, "", "7" },
		{ "%5d|", 0, 42, "", "   42|" },
		{ "%-5d|", 0, 42, "", "42   |" },
		{ "%05d", 0, 42, "", "00042" },
		{ "%+d", 0, 42, "", "+42" },
		{ "% d", 0, 42, "", " 42" },
		{ "%u", 0, (uint64_t)-1, "", "18446744073709551615" },
		{ "%x", 0, 255, "", "ff" },
		{ "%X", 0, 255, "", "FF" },
		{ "%#x", 0, 255, "", "0xff" },
		{ "%#o", 0, 8, "", "010" },
		{ "%o", 0, 8, "", "10" },
		{ "%hd", 0, 0x18000, "", "-32768" },
		{ "%hx", 0, 0x12345, "", "2345" },
		{ "%ld", 0, (uint64_t)-5, "", "-5" },
		{ "%lld", 0, 1ULL << 40, "", "1099511627776" },
		/* plain %d and %s take a path of their own (fmt_print) */
		{ "%d", 0, 0, "", "0" },
		{ "%d", 0, (uint64_t)-1, "", "-1" },
		{ "%d", 0, 1ULL << 63, "", "-9223372036854775808" },
		{ "%d", 0, (1ULL << 63) - 1, "", "9223372036854775807" },
		{ "%s|", 1, 0, "", "|" },
		{ "%llx", 0, 0xdeadbeefcafeULL, "", "deadbeefcafe" },
		{ "%lu", 0, 3, "", "3" },
		{ "%c", 0, 'A', "", "A" },
		{ "%lc", 0, 'A', "", "A" },
		{ "%3wc|", 0, 'B', "", "  B|" },
		{ "%3c|", 0, 'z', "", "  z|" },
		/* dtrace's %p has no 0x; %#p adds it */
		{ "%p", 0, 0x1000, "", "1000" },
		{ "%#p", 0, 0x1000, "", "0x1000" },
		{ "%?p|", 0, 0x1000, "", "            1000|" },
		/* of '0' and '-', the last one wins */
		{ "%-08d|", 0, 42, "", "00000042|" },
		{ "%0-8d|", 0, 42, "", "42      |" },
		{ "%8-d|", 0, 42, "", "42      |" },
		/* a precision of 0 is dropped */
		{ "%.0s|", 1, 0, "abc", "abc|" },
		{ "%.d|", 0, 0, "", "0|" },
		{ "%5.0d|", 0, 7, "", "    7|" },
		/* %S and %C: C's escapes; %S prints the terminating NUL as \\0 */
		{ "%S", 1, 0, "a\tb", "a\\tb\\0" },
		{ "%S", 1, 0, "q\"\\ \001~", "q\\\"\\\\ \\001~\\0" },
		{ "%C", 0, '\n', "", "\\n" },
		{ "%C", 0, 0, "", "\\0" },
		{ "%C", 0, 'x', "", "x" },
		{ "%C", 0, 0x7f, "", "\\177" },
		{ "%4C|", 0, 7, "", "  \\a|" },
		{ "%s", 1, 0, "bash", "bash" },
		{ "%-8s|", 1, 0, "sh", "sh      |" },
		{ "%8s|", 1, 0, "sh", "      sh|" },
		{ "%.2s", 1, 0, "spectrace", "sp" },
		{ "%f", 0, 3, "", "3.000000" },
		{ "%.1f", 0, (uint64_t)-2, "", "-2.0" },
		{ "%e", 0, 1000, "", "1.000000e+03" },
		{ "%g", 0, 100000, "", "100000" },
		{ "100%%", 0, 0, "", "100%" },
		{ "a%%b%dc", 0, 1, "", "a%b1c" },
	};
	return cr_make_param_array(struct pcase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct pcase *c, fmt, conversions)
{
	struct fmt_arg a = { .is_str = c->is_str, .v = c->v, .s = c->s };
	struct fmt f;
	char *got;
	size_t n;

	cr_assert_eq(fmt_parse(c->format, &f, NULL, 0), 0);
	n = f.nargs;
	fmt_free(&f);
	got = render(c->format, &a, n);
	cr_assert_str_eq(got, c->want, "format \"%s\"", c->format);
	free(got);
}

/* Arguments with their D type: size and signedness as recorded. */
struct tcase {
	char format[16];
	uint64_t v; /* as the record holds it: extended from its size */
	unsigned int size;
	int sign;
	char want[32];
};

ParameterizedTestParameters(fmt, typed)
{
	static struct tcase cases[] = {
		/* dtrace passes 1-, 2- and 4-byte values as 32-bit ints */
		{ "%d", (uint64_t)-1, 1, 1, "-1" }, /* (char)-1 */
		{ "%u", (uint64_t)-1, 1, 1, "255" },
		{ "%x", (uint64_t)-1, 1, 1, "ff" },
		{ "%u", (uint64_t)-1, 2, 1, "65535" },
		{ "%x", (uint64_t)-1, 4, 1, "ffffffff" }, /* int -1 */
		{ "%o", (uint64_t)-1, 4, 1, "37777777777" },
		{ "%X", (uint64_t)-1, 8, 1, "FFFFFFFFFFFFFFFF" }, /* long -1 */
		{ "%u", (uint64_t)-1, 4, 1, "4294967295" },
		{ "%d", 0xffffffffULL, 4, 0, "4294967295" }, /* %d of unsigned is %u */
		{ "%i", 0xffffffffULL, 4, 0, "4294967295" },
		{ "%5d|", 0xffffffffULL, 4, 0, "4294967295|" },
		{ "%12d|", 3000000000ULL, 4, 0, "  3000000000|" },
		{ "%d", (uint64_t)-1, 8, 0, "18446744073709551615" }, /* timestamp-like */
		{ "%d", (uint64_t)-1, 8, 1, "-1" },
		{ "%d", 255, 1, 0, "255" }, /* unsigned char */
	};
	return cr_make_param_array(struct tcase, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct tcase *c, fmt, typed)
{
	struct fmt_arg a = { 0, c->v, NULL, c->size, c->sign, NULL, NULL, NULL, 0 };
	char *got = render(c->format, &a, 1);

	cr_assert_str_eq(got, c->want, "format \"%s\" size %u sign %d", c->format, c->size,
			 c->sign);
	free(got);
}

Test(fmt, literal_only)
{
	char *got = render("hello, world\n", NULL, 0);

	cr_assert_str_eq(got, "hello, world\n");
	free(got);
}

Test(fmt, star_width_and_precision)
{
	struct fmt_arg args[] = { { 0, 6, NULL, 0, 0, NULL, NULL, NULL, 0 },
				  { 0, 3, NULL, 0, 0, NULL, NULL, NULL, 0 },
				  { 1, 0, "abcdef", 0, 0, NULL, NULL, NULL, 0 } };
	char *got = render("[%*.*s]", args, 3);

	cr_assert_str_eq(got, "[   abc]");
	free(got);
}

Test(fmt, dynamic_precision_zero_or_less_is_none)
{
	struct fmt_arg args[] = { { 0, 0, NULL, 0, 0, NULL, NULL, NULL, 0 },
				  { 1, 0, "abcdef", 0, 0, NULL, NULL, NULL, 0 } };
	struct fmt_arg neg[] = { { 0, (uint64_t)-3, NULL, 0, 0, NULL, NULL, NULL, 0 },
				 { 1, 0, "abcdef", 0, 0, NULL, NULL, NULL, 0 } };
	struct fmt_arg nw[] = { { 0, (uint64_t)-5, NULL, 0, 0, NULL, NULL, NULL, 0 },
				{ 0, 2, NULL, 0, 0, NULL, NULL, NULL, 0 },
				{ 1, 0, "abc", 0, 0, NULL, NULL, NULL, 0 } };
	char *got = render("[%.*s]", args, 2);

	cr_assert_str_eq(got, "[abcdef]");
	free(got);
	got = render("[%.*s]", neg, 2);
	cr_assert_str_eq(got, "[abcdef]");
	free(got);
	/* a negative dynamic width left-justifies */
	got = render("[%*.*s]", nw, 3);
	cr_assert_str_eq(got, "[ab   ]");
	free(got);
}

Test(fmt, several_conversions)
{
	struct fmt_arg args[] = { { 0, 12, NULL, 0, 0, NULL, NULL, NULL, 0 },
				  { 1, 0, "cat", 0, 0, NULL, NULL, NULL, 0 },
				  { 0, (uint64_t)-2, NULL, 0, 0, NULL, NULL, NULL, 0 } };
	char *got = render("%d %s %d\n", args, 3);

	cr_assert_str_eq(got, "12 cat -2\n");
	free(got);
}

Test(fmt, time)
{
	struct fmt_arg a = { 0, 0, NULL, 0, 0, NULL, NULL, NULL, 0 };
	char *got;

	setenv("TZ", "UTC", 1);
	tzset();
	a.v = 1796083906ULL * 1000000000ULL;
	got = render("%Y", &a, 1);
	cr_assert_str_eq(got, "2026 Dec  1 00:11:46");
	free(got);
	/* %T: RFC 822 through strftime("%a, %d %b %G %T %Z") */
	got = render("%T", &a, 1);
	cr_assert_str_eq(got, "Tue, 01 Dec 2026 00:11:46 UTC");
	free(got);
}

Test(fmt, errors)
{
	struct fmt f;
	char err[128];

	cr_assert_eq(fmt_parse("%q", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 is undefined: %q");
	cr_assert_eq(fmt_parse("abc %", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 name expected before end of format string");
	cr_assert_eq(fmt_parse("%hs", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 is undefined: %hs");
	/* dtrace has no hh, j, z or t (options-and-messages 3.2) */
	cr_assert_eq(fmt_parse("%hhd", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 is undefined: %hhd");
	cr_assert_eq(fmt_parse("%d %zu", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #2 is undefined: %z");
	cr_assert_eq(fmt_parse("%jd", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 is undefined: %j");
	cr_assert_eq(fmt_parse("%td", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 is undefined: %t");
	cr_assert_eq(fmt_parse("%5", &f, err, sizeof(err)), -EINVAL);
	cr_assert_eq(fmt_parse("%d %1$d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #2 uses unsupported positional format (%n$)");
	cr_assert_eq(fmt_parse("%..3d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 has more than one '.' specified");
	cr_assert_eq(fmt_parse("%**d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(
		err, "format conversion #1 has more than one '*' specified for the output width");
	cr_assert_eq(fmt_parse("%.**d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(
		err,
		"format conversion #1 has more than one '*' specified for the output precision");
}

/* dtrace's format-parse messages: conversions counted from 1, %% included. */
Test(fmt, errors_numbered_as_dtrace)
{
	struct fmt f;
	char err[160];

	cr_assert_eq(fmt_parse("%d %% %q", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #3 is undefined: %q");
	cr_assert_eq(fmt_parse("%**d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(
		err, "format conversion #1 has more than one '*' specified for the output width");
	cr_assert_eq(fmt_parse("%.**d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(
		err,
		"format conversion #1 has more than one '*' specified for the output precision");
	cr_assert_eq(fmt_parse("%d%.1.2d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #2 has more than one '.' specified");
	cr_assert_eq(fmt_parse("%1$d", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "format conversion #1 uses unsupported positional format (%n$)");
	cr_assert_eq(fmt_parse("%-%", &f, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err,
			 "format conversion #1 cannot be combined with other format flags: %%");
}

Test(fmt, kind_mismatch_is_refused)
{
	struct fmt f;
	struct fmt_arg a = { 0, 1, NULL, 0, 0, NULL, NULL, NULL, 0 };
	FILE *out = fopen("/dev/null", "w");

	cr_assert_eq(fmt_parse("%s", &f, NULL, 0), 0);
	cr_assert_eq(fmt_print(out, &f, &a, 1), -EINVAL);
	cr_assert_eq(fmt_print(out, &f, &a, 0), -EINVAL, "too few arguments");
	fmt_free(&f);
	fclose(out);
}

#include "ksym.h"

/* %a: module`symbol+0xoff from a kallsyms file, the symbol alone at its start. */
Test(fmt, kernel_addresses)
{
	char path[] = "/tmp/spt-kallsyms-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct fmt_arg a = { 0, 0, NULL, 0, 0, NULL, NULL, NULL, 0 };
	static const struct {
		unsigned long long v;
		const char *want;
	} cases[] = {
		{ 0xffffffff81000010ULL, "[vmlinux`_stext+0x10]" },
		{ 0xffffffff81000100ULL, "[vmlinux`do_it]" },
		{ 0xffffffffc0001234ULL, "[ext4`ext4_read+0x234]" },
		{ 0x1000ULL, "[0x1000]" },
		{ 0, "[0x0]" },
	};
	size_t i;

	cr_assert_not_null(f);
	fputs("ffffffff81000000 T _stext\n"
	      "ffffffff81000080 D some_data\n"
	      "ffffffff81000100 t do_it\n"
	      "ffffffffc0001000 t ext4_read\t[ext4]\n",
	      f);
	fclose(f);
	cr_assert_eq(ksym_load_file(path), 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got;

		a.v = cases[i].v;
		got = render("[%a]", &a, 1);
		cr_assert_str_eq(got, cases[i].want);
		free(got);
	}
	a.v = 0xffffffff81000100ULL;
	{
		char *got = render("[%-14a]", &a, 1);

		cr_assert_str_eq(got, "[vmlinux`do_it ]");
		free(got);
	}
	ksym_free();
	unlink(path);
}

/* %ls and %ws: the array's 32-bit characters up to its first 0, or its end. */
Test(fmt, wide_strings_from_int_arrays)
{
	static const int32_t hi[] = { 'H', 'i', 0, 'x' }, ab[] = { 'a', 'b' };
	struct fmt_arg a = { 0, 0, NULL, 0, 0, NULL, NULL, (const uint8_t *)hi, sizeof(hi) };
	struct fmt_arg b = { 0, 0, NULL, 0, 0, NULL, NULL, (const uint8_t *)ab, sizeof(ab) };
	char *got = render("[%ls]", &a, 1);

	cr_assert_str_eq(got, "[Hi]");
	free(got);
	got = render("[%5ws]", &a, 1);
	cr_assert_str_eq(got, "[   Hi]", "%%ws is %%ls");
	free(got);
	got = render("[%-3ls]", &b, 1);
	cr_assert_str_eq(got, "[ab ]", "no 0: the whole array");
	free(got);
}

Test(fmt, wide_string_conversions_parse)
{
	struct fmt f;
	char err[128] = "";

	cr_assert_eq(fmt_parse("%ls %ws", &f, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(f.pieces[0].kind, FMT_WSTR);
	cr_assert_eq(f.pieces[2].kind, FMT_WSTR);
	fmt_free(&f);
	cr_assert_neq(fmt_parse("%lls", &f, err, sizeof(err)), 0);
	cr_assert_str_eq(err, "format conversion #1 is undefined: %lls");
}
