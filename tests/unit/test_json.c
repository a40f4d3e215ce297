/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The JSON output format: string escaping (control bytes, UTF-8 kept,
 * invalid UTF-8 replaced byte by byte), values, and each kind of line the
 * sink writes, rendered from hand-made records and snapshots.
 */
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <linux/types.h>

#include "abi/agg.h"
#include "abi/fault.h"
#include "abi/limits.h"
#include "agg.h"
#include "jbuf.h"
#include "print_priv.h"
#include "print.h"

/* Strings in arrays: Criterion re-executes the binary per parameter. */
struct esc_case {
	char in[16];
	size_t n;
	char want[64];
	size_t bad;
};

ParameterizedTestParameters(json, escape)
{
	static struct esc_case cases[] = {
		{ "plain text", 10, "\"plain text\"", 0 },
		{ "", 0, "\"\"", 0 },
		{ "a\"b\\c/", 6, "\"a\\\"b\\\\c/\"", 0 },
		{ "\b\f\n\r\t", 5, "\"\\b\\f\\n\\r\\t\"", 0 },
		{ "\x01\x1f\x1b[0m", 6, "\"\\u0001\\u001f\\u001b[0m\"", 0 },
		{ "x\x7fy", 3, "\"x\\u007fy\"", 0 },
		{ "a\0b", 3, "\"a\\u0000b\"", 0 },
		/* Valid UTF-8 of 2, 3 and 4 bytes is kept as it is. */
		{ "\xc3\xa9", 2, "\"\xc3\xa9\"", 0 },
		{ "\xe2\x82\xac!", 4, "\"\xe2\x82\xac!\"", 0 },
		{ "\xf0\x9f\x98\x80", 4, "\"\xf0\x9f\x98\x80\"", 0 },
		{ "\xef\xbf\xbf", 3, "\"\xef\xbf\xbf\"", 0 },
		{ "\xf4\x8f\xbf\xbf", 4, "\"\xf4\x8f\xbf\xbf\"", 0 },
		/* Every byte outside a valid sequence becomes U+FFFD. */
		{ "\x80", 1, "\"\\ufffd\"", 1 },
		{ "a\xff"
		  "b",
		  3, "\"a\\ufffdb\"", 1 },
		{ "\xc3", 1, "\"\\ufffd\"", 1 },
		{ "\xc3x", 2, "\"\\ufffdx\"", 1 },
		{ "\xe2\x82", 2, "\"\\ufffd\\ufffd\"", 2 },
		{ "\xc0\xaf", 2, "\"\\ufffd\\ufffd\"", 2 },
		{ "\xc1\xbf", 2, "\"\\ufffd\\ufffd\"", 2 },
		{ "\xe0\x80\xaf", 3, "\"\\ufffd\\ufffd\\ufffd\"", 3 },
		{ "\xed\xa0\x80", 3, "\"\\ufffd\\ufffd\\ufffd\"", 3 },
		{ "\xf0\x8f\xbf\xbf", 4, "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", 4 },
		{ "\xf4\x90\x80\x80", 4, "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", 4 },
		{ "\xf5\x80", 2, "\"\\ufffd\\ufffd\"", 2 },
		{ "\xc3\xa9\xa9", 3, "\"\xc3\xa9\\ufffd\"", 1 },
	};

	return cr_make_param_array(struct esc_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct esc_case *c, json, escape)
{
	struct jbuf b = { 0 };
	size_t bad = json_str(&b, c->in, c->n);

	jbuf_put(&b, "", 1);
	cr_assert_not(b.oom);
	cr_assert_str_eq(b.p, c->want);
	cr_assert_eq(bad, c->bad, "%zu bytes replaced, want %zu", bad, c->bad);
	jbuf_free(&b);
}

Test(json, long_strings_grow_the_buffer)
{
	char in[5000], want[5003];
	struct jbuf b = { 0 };

	memset(in, 'x', sizeof(in));
	want[0] = '"';
	memset(want + 1, 'x', sizeof(in));
	want[sizeof(in) + 1] = '"';
	want[sizeof(in) + 2] = 0;
	json_str(&b, in, sizeof(in));
	jbuf_put(&b, "", 1);
	cr_assert_str_eq(b.p, want);
	jbuf_free(&b);
}

Test(json, values)
{
	uint8_t data[8 + 8 + 8 + 16] = { 0 };
	const struct img_field fi = { IMG_INT, 8, 4 }, fu = { IMG_UINT, 16, 8 },
			       fs = { IMG_STR, 24, 16 };
	uint64_t neg = (uint64_t)-7, big = UINT64_MAX;
	struct jbuf b = { 0 };

	memcpy(data + 8, &neg, 8);
	memcpy(data + 16, &big, 8);
	memcpy(data + 24, "caf\xc3\xa9\n", 6);
	json_value(&b, &fi, data);
	jbuf_puts(&b, "|");
	json_value(&b, &fu, data);
	jbuf_puts(&b, "|");
	json_value(&b, &fs, data);
	jbuf_put(&b, "", 1);
	cr_assert_str_eq(b.p, "\"type\":\"int\",\"value\":-7|"
			      "\"type\":\"uint\",\"value\":18446744073709551615|"
			      "\"type\":\"string\",\"value\":\"caf\xc3\xa9\\n\"");
	jbuf_free(&b);
}

Test(json, string_with_invalid_utf8_keeps_its_bytes_in_hex)
{
	uint8_t data[8 + 8] = { 0 };
	const struct img_field fs = { IMG_STR, 8, 8 };
	struct jbuf b = { 0 };

	/* Fills the field: no NUL, cut at its size. */
	memcpy(data + 8, "/tmp/\xe9t\xff", 8);
	json_value(&b, &fs, data);
	jbuf_put(&b, "", 1);
	cr_assert_str_eq(b.p, "\"type\":\"string\",\"value\":\"/tmp/\\ufffdt\\ufffd\","
			      "\"hex\":\"2f746d702fe974ff\"");
	jbuf_free(&b);
}

Test(json, fault_names)
{
	cr_assert_str_eq(json_fault_name(SPT_FLT_BADADDR), "badaddr");
	cr_assert_str_eq(json_fault_name(SPT_FLT_DIVZERO), "divzero");
	cr_assert_str_eq(json_fault_name(SPT_FLT_BADSTACK), "badstack");
	cr_assert_str_eq(json_fault_name(1000), "unknown");
}

/* --- lines of the sink --- */

static const struct probe openat_entry = {
	.id = 478,
	.kind = PROBE_SYSCALL_ENTRY,
	.arg = 257,
	.prov = "syscall",
	.mod = "vmlinux",
	.func = "openat",
	.name = "entry",
};

#define PROBE_MEMBERS                                                                     \
	"\"id\":478,\"probe\":\"syscall:vmlinux:openat:entry\",\"provider\":\"syscall\"," \
	"\"module\":\"vmlinux\",\"function\":\"openat\",\"name\":\"entry\""

static struct printer pr;
static char *buf;
static size_t buflen;
static FILE *out;

static void open_json(void)
{
	buf = NULL;
	buflen = 0;
	out = open_memstream(&buf, &buflen);
	cr_assert_not_null(out);
	print_init(&pr, out, true);
	print_set_format(&pr, PRINT_JSON);
}

static const char *output(void)
{
	fflush(out);
	return buf;
}

static void close_json(void)
{
	print_fini(&pr);
	fclose(out);
	free(buf);
}

Test(json_sink, default_record)
{
	open_json();
	print_default(&pr, 1, 5, &openat_entry);
	print_default(&pr, 0, 5, &openat_entry);
	cr_assert_str_eq(output(),
			 "{\"type\":\"probe\",\"cpu\":1,\"epid\":5," PROBE_MEMBERS ",\"data\":[]}\n"
			 "{\"type\":\"probe\",\"cpu\":0,\"epid\":5," PROBE_MEMBERS
			 ",\"data\":[]}\n");
	close_json();
}

Test(json_sink, record_with_trace_printf_and_exit)
{
	struct img_field fields[] = {
		{ IMG_INT, 8, 4 },			    /* trace(x) */
		{ IMG_STR, 16, SPT_STRSIZE },		    /* trace(s) */
		{ IMG_INT, 16 + SPT_STRSIZE, 8 },	    /* printf's %d */
		{ IMG_STR, 24 + SPT_STRSIZE, SPT_STRSIZE }, /* printf's %s */
		{ IMG_INT, 24 + 2 * SPT_STRSIZE, 4 },	    /* exit(3) */
	};
	struct img_action acts[4] = {
		{ .kind = IMG_ACT_TRACE, .first = 0, .nfields = 1 },
		{ .kind = IMG_ACT_TRACE, .first = 1, .nfields = 1 },
		{ .kind = IMG_ACT_PRINTF, .first = 2, .nfields = 2 },
		{ .kind = IMG_ACT_EXIT, .first = 4, .nfields = 1 },
	};
	struct img_clause cl = { .recsize = 32 + 2 * SPT_STRSIZE,
				 .acts = acts,
				 .nacts = 4,
				 .fields = fields,
				 .nfields = 5 };
	static uint8_t data[32 + 2 * SPT_STRSIZE];
	uint64_t x = (uint64_t)-1, n = 42, st = 3;
	char err[64];

	cr_assert_eq(fmt_parse("n=%d \"%s\"\n", &acts[2].fmt, err, sizeof(err)), 0);
	memcpy(data + 8, &x, 8);
	strcpy((char *)data + 16, "tab\there");
	memcpy(data + 16 + SPT_STRSIZE, &n, 8);
	strcpy((char *)data + 24 + SPT_STRSIZE, "q\"");
	memcpy(data + 24 + 2 * SPT_STRSIZE, &st, 8);
	open_json();
	print_record(&pr, 0, 9, &openat_entry, &cl, data);
	cr_assert_str_eq(output(),
			 "{\"type\":\"probe\",\"cpu\":0,\"epid\":9," PROBE_MEMBERS ",\"data\":["
			 "{\"action\":\"trace\",\"type\":\"int\",\"value\":-1},"
			 "{\"action\":\"trace\",\"type\":\"string\",\"value\":\"tab\\there\"},"
			 "{\"action\":\"printf\",\"value\":\"n=42 \\\"q\\\"\\\"\\n\"},"
			 "{\"action\":\"exit\",\"value\":3}],"
			 "\"printf\":\"n=42 \\\"q\\\"\\\"\\n\"}\n");
	close_json();
	fmt_free(&acts[2].fmt);
}

Test(json_sink, printf_text_of_several_printfs_is_joined)
{
	struct img_field fields[] = { { IMG_INT, 8, 8 } };
	struct img_action acts[2] = {
		{ .kind = IMG_ACT_PRINTF, .first = 0, .nfields = 1 },
		{ .kind = IMG_ACT_PRINTF, .first = 0, .nfields = 0 },
	};
	struct img_clause cl = {
		.recsize = 16, .acts = acts, .nacts = 2, .fields = fields, .nfields = 1
	};
	uint8_t data[16] = { 0 };
	char err[64];

	data[8] = 7;
	cr_assert_eq(fmt_parse("a%d", &acts[0].fmt, err, sizeof(err)), 0);
	cr_assert_eq(fmt_parse("b\n", &acts[1].fmt, err, sizeof(err)), 0);
	open_json();
	print_record(&pr, 1, 2, &openat_entry, &cl, data);
	print_record(&pr, 1, 2, &openat_entry, &cl, data);
	const char *line = "{\"type\":\"probe\",\"cpu\":1,\"epid\":2," PROBE_MEMBERS
			   ",\"data\":[{\"action\":\"printf\",\"value\":\"a7\"},"
			   "{\"action\":\"printf\",\"value\":\"b\\n\"}],\"printf\":\"a7b\\n\"}\n";
	char *two = malloc(2 * strlen(line) + 1);

	strcpy(two, line);
	strcat(two, line);
	cr_assert_str_eq(output(), two, "each record's printf text alone");
	free(two);
	close_json();
	fmt_free(&acts[0].fmt);
	fmt_free(&acts[1].fmt);
}

Test(json_sink, empty_printf)
{
	struct img_action acts[1] = { { .kind = IMG_ACT_PRINTF } };
	struct img_clause cl = { .recsize = 8, .acts = acts, .nacts = 1 };
	uint8_t data[8] = { 0 };
	char err[64];

	cr_assert_eq(fmt_parse("", &acts[0].fmt, err, sizeof(err)), 0);
	open_json();
	print_record(&pr, 0, 1, &openat_entry, &cl, data);
	cr_assert_str_eq(output(),
			 "{\"type\":\"probe\",\"cpu\":0,\"epid\":1," PROBE_MEMBERS
			 ",\"data\":[{\"action\":\"printf\",\"value\":\"\"}],\"printf\":\"\"}\n");
	close_json();
	fmt_free(&acts[0].fmt);
}

static const struct img_agg count_agg = { .name = "calls",
					  .func = SPT_AGG_COUNT,
					  .nkeys = 2,
					  .keys = { { IMG_STR, 8, SPT_STRSIZE },
						    { IMG_INT, 8 + SPT_STRSIZE, 4 } },
					  .keysize = 16 + SPT_STRSIZE,
					  .nwords = 1 };

static void add(struct agg_snap *s, const char *k, int64_t k2, uint64_t w0)
{
	uint8_t key[16 + SPT_STRSIZE] = { 0 };
	uint64_t w[1] = { w0 };

	strcpy((char *)key + 8, k);
	memcpy(key + 8 + SPT_STRSIZE, &k2, 8);
	cr_assert_eq(agg_snap_add(s, key, w), 0);
}

Test(json_sink, aggregation_with_keys)
{
	struct agg_snap s = { .agg = &count_agg };

	add(&s, "read", -1, 3);
	add(&s, "write", 2, 10);
	open_json();
	print_agg(&pr, &s, NULL, 1, PRINT_AGG_EXIT);
	print_agg(&pr, &s, NULL, 2, PRINT_AGG_PRINTA);
	cr_assert_str_eq(
		output(),
		"{\"type\":\"aggregation\",\"name\":\"@calls\",\"function\":\"count\","
		"\"when\":\"exit\",\"tuples\":["
		"{\"keys\":[{\"type\":\"string\",\"value\":\"read\"},{\"type\":\"int\",\"value\":-1}],\"value\":3},"
		"{\"keys\":[{\"type\":\"string\",\"value\":\"write\"},{\"type\":\"int\",\"value\":2}],\"value\":10}]}\n"
		"{\"type\":\"aggregation\",\"name\":\"@calls\",\"function\":\"count\","
		"\"when\":\"printa\",\"normalize\":2,\"tuples\":["
		"{\"keys\":[{\"type\":\"string\",\"value\":\"read\"},{\"type\":\"int\",\"value\":-1}],\"value\":1},"
		"{\"keys\":[{\"type\":\"string\",\"value\":\"write\"},{\"type\":\"int\",\"value\":2}],\"value\":5}]}\n");
	close_json();
	agg_snap_free(&s);
}

Test(json_sink, empty_and_anonymous_aggregation)
{
	static const struct img_agg anon = {
		.name = "_", .func = SPT_AGG_SUM, .keysize = 8, .nwords = 2
	};
	struct agg_snap s = { .agg = &anon };

	open_json();
	print_agg(&pr, &s, NULL, 1, PRINT_AGG_EXIT);
	cr_assert_str_eq(output(), "{\"type\":\"aggregation\",\"name\":\"@\",\"function\":\"sum\","
				   "\"when\":\"exit\",\"tuples\":[]}\n");
	close_json();
}

Test(json_sink, printa_format_text_per_tuple)
{
	struct agg_snap s = { .agg = &count_agg };
	struct fmt f;
	char err[64];

	add(&s, "read", 4, 3);
	add(&s, "open", 5, 1);
	cr_assert_eq(fmt_parse("%s/%d: %@d\n", &f, err, sizeof(err)), 0);
	open_json();
	print_agg(&pr, &s, &f, 1, PRINT_AGG_PRINTA);
	cr_assert_str_eq(
		output(),
		"{\"type\":\"aggregation\",\"name\":\"@calls\",\"function\":\"count\","
		"\"when\":\"printa\",\"tuples\":["
		"{\"keys\":[{\"type\":\"string\",\"value\":\"read\"},{\"type\":\"int\",\"value\":4}],"
		"\"value\":3,\"printa\":\"read/4: 3\\n\"},"
		"{\"keys\":[{\"type\":\"string\",\"value\":\"open\"},{\"type\":\"int\",\"value\":5}],"
		"\"value\":1,\"printa\":\"open/5: 1\\n\"}]}\n");
	close_json();
	fmt_free(&f);
	agg_snap_free(&s);
}

Test(json_sink, histogram_buckets)
{
	/* lquantize(x, 0, 20, 10): < 0, [0, 10), [10, 20), >= 20. */
	static const int64_t ledges[3] = { 0, 10, 20 };
	static const struct img_agg l = {
		.name = "l", .func = SPT_AGG_LQUANTIZE, .keysize = 8, .nwords = 5, .nedges = 3
	};
	struct agg_snap s = { .agg = &l, .edges = ledges };
	uint64_t w[5] = { 9, 2, 0, 3, 4 };
	uint8_t key[8] = { 0 };

	cr_assert_eq(agg_snap_add(&s, key, w), 0);
	open_json();
	print_agg(&pr, &s, NULL, 1, PRINT_AGG_EXIT);
	cr_assert_str_eq(output(),
			 "{\"type\":\"aggregation\",\"name\":\"@l\",\"function\":\"lquantize\","
			 "\"when\":\"exit\",\"tuples\":[{\"keys\":[],\"buckets\":["
			 "{\"min\":null,\"max\":-1,\"count\":2},"
			 "{\"min\":10,\"max\":19,\"count\":3},"
			 "{\"min\":20,\"max\":null,\"count\":4}]}]}\n");
	close_json();
	agg_snap_free(&s);
}

/* The consumer's hook: printa() of a hand-made snapshot. */
static struct agg_snap hook_snap;

static void hook(void *ctx, struct printer *p, const struct img_action *a, int64_t arg)
{
	(void)ctx;
	(void)arg;
	if (a->kind == IMG_ACT_PRINTA)
		print_agg(p, &hook_snap, NULL, 1, PRINT_AGG_PRINTA);
}

Test(json_sink, printa_line_follows_its_record)
{
	static const struct img_agg aggs[1] = {
		{ .name = "calls", .func = SPT_AGG_COUNT, .keysize = 8, .nwords = 1 }
	};
	struct image img = { .aggs = (struct img_agg *)aggs, .naggs = 1 };
	struct img_field fields[] = { { IMG_INT, 8, 8 } };
	struct img_action acts[3] = {
		{ .kind = IMG_ACT_PRINTA, .agg = 0 },
		{ .kind = IMG_ACT_TRUNC, .first = 0, .nfields = 1, .agg = 0 },
		{ .kind = IMG_ACT_PRINTA, .agg = 0 },
	};
	struct img_clause cl = {
		.recsize = 16, .acts = acts, .nacts = 3, .fields = fields, .nfields = 1
	};
	uint8_t data[16] = { 0 }, key[8] = { 0 };
	uint64_t w[1] = { 6 };

	data[8] = 5;
	hook_snap = (struct agg_snap){ .agg = &aggs[0] };
	cr_assert_eq(agg_snap_add(&hook_snap, key, w), 0);
	open_json();
	pr.img = &img;
	pr.agg_act = hook;
	print_record(&pr, 0, 4, &openat_entry, &cl, data);
	const char *agg = "{\"type\":\"aggregation\",\"name\":\"@calls\",\"function\":\"count\","
			  "\"when\":\"printa\",\"tuples\":[{\"keys\":[],\"value\":6}]}\n";
	char want[2048];

	snprintf(want, sizeof(want),
		 "{\"type\":\"probe\",\"cpu\":0,\"epid\":4," PROBE_MEMBERS ",\"data\":["
		 "{\"action\":\"printa\",\"aggregation\":\"@calls\"},"
		 "{\"action\":\"trunc\",\"aggregation\":\"@calls\",\"value\":5},"
		 "{\"action\":\"printa\",\"aggregation\":\"@calls\"}]}\n%s%s",
		 agg, agg);
	cr_assert_str_eq(output(), want);
	close_json();
	agg_snap_free(&hook_snap);
}

Test(json_sink, fault)
{
	static const struct probe begin = { 1, PROBE_DTRACE, 0, "dtrace", "", "", "BEGIN" };
	struct print_fault f = { .cpu = 1,
				 .epid = 3,
				 .probe = &begin,
				 .action = 2,
				 .offset = 16,
				 .fault = SPT_FLT_BADADDR,
				 .value = 0x10,
				 .text = "invalid address (0x10)" };

	open_json();
	print_fault(&pr, &f);
	f.probe = NULL;
	f.fault = SPT_FLT_DIVZERO;
	f.value = 0;
	f.text = "divide-by-zero";
	print_fault(&pr, &f);
	cr_assert_str_eq(
		output(),
		"{\"type\":\"fault\",\"cpu\":1,\"epid\":3,\"id\":1,\"probe\":\"dtrace:::BEGIN\","
		"\"provider\":\"dtrace\",\"module\":\"\",\"function\":\"\",\"name\":\"BEGIN\","
		"\"action\":2,\"offset\":16,\"fault\":\"badaddr\",\"fault_code\":1,"
		"\"address\":16,\"message\":\"invalid address (0x10)\"}\n"
		"{\"type\":\"fault\",\"cpu\":1,\"epid\":3,\"id\":null,\"probe\":null,"
		"\"action\":2,\"offset\":16,\"fault\":\"divzero\",\"fault_code\":4,"
		"\"address\":0,\"message\":\"divide-by-zero\"}\n");
	close_json();
}

Test(json_sink, counters)
{
	open_json();
	print_count(&pr, PRINT_CNT_DROP, 1, 12);
	print_count(&pr, PRINT_CNT_AGGDROP, 0, 1);
	print_count(&pr, PRINT_CNT_DYNDROP, 0, 2);
	print_count(&pr, PRINT_CNT_SPECDROP, -1, 3);
	print_count(&pr, PRINT_CNT_MISSED, -1, 4);
	print_count(&pr, PRINT_CNT_ERROR, 1, 5);
	print_count(&pr, PRINT_CNT_SPEC_UNAVAIL, -1, 6);
	print_count(&pr, PRINT_CNT_SPEC_BUSY, -1, 7);
	cr_assert_str_eq(
		output(),
		"{\"type\":\"drop\",\"kind\":\"principal\",\"cpu\":1,\"count\":12}\n"
		"{\"type\":\"drop\",\"kind\":\"aggregation\",\"cpu\":0,\"count\":1}\n"
		"{\"type\":\"drop\",\"kind\":\"dynamic\",\"cpu\":0,\"count\":2}\n"
		"{\"type\":\"drop\",\"kind\":\"speculative\",\"count\":3}\n"
		"{\"type\":\"drop\",\"kind\":\"recursion\",\"count\":4}\n"
		"{\"type\":\"errors\",\"cpu\":1,\"count\":5}\n"
		"{\"type\":\"speculation_failure\",\"reason\":\"unavailable\",\"count\":6}\n"
		"{\"type\":\"speculation_failure\",\"reason\":\"busy\",\"count\":7}\n");
	close_json();
}

Test(json_sink, text_format_puts_nothing_out_for_faults_and_counters)
{
	struct print_fault f = { .cpu = 0, .epid = 1, .text = "divide-by-zero" };

	buf = NULL;
	buflen = 0;
	out = open_memstream(&buf, &buflen);
	print_init(&pr, out, false);
	print_fault(&pr, &f);
	print_count(&pr, PRINT_CNT_DROP, 0, 1);
	cr_assert_str_eq(output(), "");
	close_json();
}
