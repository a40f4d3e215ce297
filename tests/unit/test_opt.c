/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "opt.h"

/*
 * Parameters hold strings as arrays, not pointers: Criterion runs each case
 * in a fresh exec of the test binary, where a PIE's literals move.
 */
struct size_case {
	char in[32];
	int ret;
	uint64_t out;
};

ParameterizedTestParameters(opt, sizes)
{
	static struct size_case cases[] = {
		{ "1", 0, 1 },
		{ "4096", 0, 4096 },
		{ "2k", 0, 2048 },
		{ "2K", 0, 2048 },
		{ "16kb", 0, 16384 },
		{ "4m", 0, 4ULL << 20 },
		{ "1g", 0, 1ULL << 30 },
		{ "3t", 0, 3ULL << 40 },
		{ "0", -EINVAL, 0 },
		{ "", -EINVAL, 0 },
		{ "k", -EINVAL, 0 },
		{ "-1", -EINVAL, 0 },
		{ "12q", -EINVAL, 0 },
		{ "4mm", -EINVAL, 0 },
		{ " 4", -EINVAL, 0 },
		{ "99999999999999999999", -EINVAL, 0 },
		{ "17179869184g", -EINVAL, 0 },
	};
	return cr_make_param_array(struct size_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct size_case *c, opt, sizes)
{
	uint64_t v = 0;
	int ret = opt_parse_size(c->in, &v);

	cr_assert_eq(ret, c->ret, "opt_parse_size(\"%s\") = %d, want %d", c->in, ret, c->ret);
	if (!ret)
		cr_assert_eq(v, c->out, "opt_parse_size(\"%s\") -> %llu", c->in,
			     (unsigned long long)v);
}

struct rate_case {
	char in[32];
	int ret;
	uint64_t ns;
};

ParameterizedTestParameters(opt, rates)
{
	static struct rate_case cases[] = {
		{ "1", 0, 1000000000ULL },
		{ "10", 0, 100000000ULL },
		{ "10hz", 0, 100000000ULL },
		{ "97Hz", 0, 10309278ULL },
		{ "100ms", 0, 100000000ULL },
		{ "1msec", 0, 1000000ULL },
		{ "500us", 0, 500000ULL },
		{ "250nsec", 0, 250ULL },
		{ "1sec", 0, 1000000000ULL },
		{ "2s", 0, 2000000000ULL },
		{ "1min", 0, 60000000000ULL },
		{ "1h", 0, 3600000000000ULL },
		{ "1day", 0, 86400000000000ULL },
		{ "0", -EINVAL, 0 },
		{ "0hz", -EINVAL, 0 },
		{ "hz", -EINVAL, 0 },
		{ "10 hz", -EINVAL, 0 },
		{ "10parsecs", -EINVAL, 0 },
		{ "2000000000", -EINVAL, 0 },
	};
	return cr_make_param_array(struct rate_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct rate_case *c, opt, rates)
{
	uint64_t v = 0;
	int ret = opt_parse_rate(c->in, &v);

	cr_assert_eq(ret, c->ret, "opt_parse_rate(\"%s\") = %d, want %d", c->in, ret, c->ret);
	if (!ret)
		cr_assert_eq(v, c->ns, "opt_parse_rate(\"%s\") -> %llu", c->in,
			     (unsigned long long)v);
}

Test(opt, defaults)
{
	struct opts o;

	opt_init(&o);
	cr_assert_eq(o.bufsize, 4ULL << 20);
	cr_assert_eq(o.bufpolicy, OPT_BUF_SWITCH);
	cr_assert_eq(o.switchrate_ns, 1000000000ULL);
	cr_assert_not(o.quiet);
	cr_assert_eq(o.bufresize, OPT_RESIZE_AUTO, "DTrace's default");
	cr_assert_not(o.temporal);
}

Test(opt, set_known_options)
{
	struct opts o;
	char err[128] = "";

	opt_init(&o);
	cr_assert_eq(opt_set(&o, "bufsize", "2k", err, sizeof(err)), 0);
	cr_assert_eq(o.bufsize, 2048);
	cr_assert_eq(opt_set(&o, "bufsize", "13", err, sizeof(err)), 0);
	cr_assert_eq(o.bufsize, 16, "sizes round up to 8-byte records");
	cr_assert_eq(opt_set(&o, "switchrate", "10ms", err, sizeof(err)), 0);
	cr_assert_eq(o.switchrate_ns, 10000000ULL);
	cr_assert_eq(opt_set(&o, "bufpolicy", "fill", err, sizeof(err)), 0);
	cr_assert_eq(o.bufpolicy, OPT_BUF_FILL);
	cr_assert_eq(opt_set(&o, "bufpolicy", "ring", err, sizeof(err)), 0);
	cr_assert_eq(o.bufpolicy, OPT_BUF_RING);
	cr_assert_eq(opt_set(&o, "bufpolicy", "switch", err, sizeof(err)), 0);
	cr_assert_eq(o.bufpolicy, OPT_BUF_SWITCH);
	cr_assert_eq(opt_set(&o, "quiet", NULL, err, sizeof(err)), 0);
	cr_assert(o.quiet);
	cr_assert_eq(o.oformat, OPT_OFMT_TEXT, "text by default");
	cr_assert_eq(opt_set(&o, "oformat", "json", err, sizeof(err)), 0);
	cr_assert_eq(o.oformat, OPT_OFMT_JSON);
	cr_assert_eq(opt_set(&o, "oformat", "text", err, sizeof(err)), 0);
	cr_assert_eq(o.oformat, OPT_OFMT_TEXT);
	/* The kernel decides what it grants: the option only refuses typos. */
	cr_assert_eq(opt_set(&o, "bufsize", "64g", err, sizeof(err)), 0);
	cr_assert_eq(o.bufsize, 64ULL << 30);
	cr_assert_eq(opt_set(&o, "bufresize", "manual", err, sizeof(err)), 0);
	cr_assert_eq(o.bufresize, OPT_RESIZE_MANUAL);
	cr_assert_eq(opt_set(&o, "bufresize", "auto", err, sizeof(err)), 0);
	cr_assert_eq(o.bufresize, OPT_RESIZE_AUTO);
	cr_assert_eq(opt_set(&o, "temporal", NULL, err, sizeof(err)), 0);
	cr_assert(o.temporal);
	cr_assert_eq(opt_set(&o, "temporal", "0", err, sizeof(err)), 0);
	cr_assert_not(o.temporal);
}

struct fmt_case {
	uint64_t in;
	char out[32];
};

ParameterizedTestParameters(opt, format_size)
{
	static struct fmt_case cases[] = {
		{ 512ULL << 20, "512m" },
		{ 2ULL << 20, "2m" },
		{ 1536ULL << 10, "1536k" },
		{ 64ULL << 30, "64g" },
		{ 1ULL << 40, "1t" },
		{ 3ULL << 40, "3t" },
		{ 100, "100" },
		{ 1024 + 8, "1032" },
		{ 0, "0" },
	};
	return cr_make_param_array(struct fmt_case, cases, sizeof(cases) / sizeof(cases[0]));
}

/* What opt_format_size() writes, opt_parse_size() reads back. */
ParameterizedTest(struct fmt_case *c, opt, format_size)
{
	char buf[32];
	uint64_t back = 0;

	opt_format_size(c->in, buf, sizeof(buf));
	cr_assert_str_eq(buf, c->out);
	if (c->in) {
		cr_assert_eq(opt_parse_size(buf, &back), 0);
		cr_assert_eq(back, c->in);
	}
}

Test(opt, set_errors)
{
	struct opts o;
	char err[128] = "";

	opt_init(&o);
	cr_assert_eq(opt_set(&o, "nosuch", "1", err, sizeof(err)), -ENOENT);
	cr_assert_str_eq(err, "invalid option name");
	cr_assert_eq(opt_set(&o, "bufsize", "lots", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "invalid value for specified option");
	cr_assert_eq(opt_set(&o, "bufsize", NULL, err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "bufsize", "2t", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "value exceeds the maximum of 1t");
	cr_assert_eq(opt_set(&o, "bufresize", "sometimes", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "bufresize", NULL, err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "temporal", "yes", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "switchrate", "fast", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "bufpolicy", "circular", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "oformat", "xml", err, sizeof(err)), -ENOTSUP);
	cr_assert_str_eq(err, "not supported: only text and json");
	cr_assert_eq(opt_set(&o, "oformat", "JSON", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "oformat", NULL, err, sizeof(err)), -EINVAL);
	cr_assert_eq(o.oformat, OPT_OFMT_TEXT);
	cr_assert_eq(o.bufsize, 4ULL << 20, "a failed set leaves the option alone");
	cr_assert_eq(o.bufpolicy, OPT_BUF_SWITCH);
}
