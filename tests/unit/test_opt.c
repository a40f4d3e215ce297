/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <string.h>
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
		{ "4m", 0, 4ULL << 20 },
		{ "4M", 0, 4ULL << 20 },
		{ "1g", 0, 1ULL << 30 },
		{ "3t", 0, 3ULL << 40 },
		{ "3T", 0, 3ULL << 40 },
		/* C integers, base 0 */
		{ "0x10k", 0, 16384 },
		{ "010", 0, 8 },
		{ "0", 0, 0 },
		{ "", 0, 0 },
		{ "16kb", -EINVAL, 0 },
		{ "4mb", -EINVAL, 0 },
		{ "4 m", -EINVAL, 0 },
		{ "4M5", -EINVAL, 0 },
		{ "k", -EINVAL, 0 },
		{ "-1", -EINVAL, 0 },
		{ "-1k", -EINVAL, 0 },
		{ "12q", -EINVAL, 0 },
		{ "4mm", -EINVAL, 0 },
		{ "1.5m", -EINVAL, 0 },
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
		/* the seeds: a bare number is per second (dtrace-utils: nanoseconds) */
		{ "1", 0, 1000000000ULL },
		{ "10", 0, 100000000ULL },
		{ "0", 0, 0 },
		{ "", 0, 0 },
		{ "10hz", 0, 100000000ULL },
		{ "10HZ", 0, 100000000ULL },
		{ "97Hz", 0, 10309278ULL },
		{ "0hz", 0, 0 },
		{ "100ms", 0, 100000000ULL },
		{ "1msec", 0, 1000000ULL },
		{ "500us", 0, 500000ULL },
		{ "3usec", 0, 3000ULL },
		{ "250nsec", 0, 250ULL },
		{ "7ns", 0, 7ULL },
		{ "1sec", 0, 1000000000ULL },
		{ "2s", 0, 2000000000ULL },
		{ "2S", 0, 2000000000ULL },
		/* m is minutes here, not mebibytes */
		{ "1m", 0, 60000000000ULL },
		{ "1min", 0, 60000000000ULL },
		{ "1h", 0, 3600000000000ULL },
		{ "2hour", 0, 7200000000000ULL },
		{ "1d", 0, 86400000000000ULL },
		{ "1day", 0, 86400000000000ULL },
		{ "0x10ms", 0, 16000000ULL },
		{ "hz", -EINVAL, 0 },
		{ "10 hz", -EINVAL, 0 },
		{ "10parsecs", -EINVAL, 0 },
		{ "1.5s", -EINVAL, 0 },
		{ "-1s", -EINVAL, 0 },
		{ "5minutes", -EINVAL, 0 },
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
	cr_assert_eq(opt_set(&o, "bufsize", "2t", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "bufresize", "manual", err, sizeof(err)), 0);
	cr_assert_eq(o.bufresize, OPT_RESIZE_MANUAL);
	cr_assert_eq(opt_set(&o, "bufresize", "auto", err, sizeof(err)), 0);
	cr_assert_eq(o.bufresize, OPT_RESIZE_AUTO);
	cr_assert_eq(opt_set(&o, "temporal", NULL, err, sizeof(err)), 0);
	cr_assert(o.temporal);
	cr_assert_eq(opt_set(&o, "temporal", "no", err, sizeof(err)), 0);
	cr_assert_not(o.temporal);
	cr_assert_eq(opt_set(&o, "strsize", "32", err, sizeof(err)), 0);
	cr_assert_eq(o.strsize, 32);
	cr_assert_eq(opt_set(&o, "dynvarsize", "0", err, sizeof(err)), 0,
		     "too small is found at start, as in DTrace");
	cr_assert_eq(o.dynvarsize, 0);
	cr_assert_eq(opt_set(&o, "aggsortkeypos", "0x2", err, sizeof(err)), 0);
	cr_assert_eq(o.aggsortkeypos, 2);
	cr_assert_eq(opt_set(&o, "aggsortkeypos", "", err, sizeof(err)), 0);
	cr_assert_eq(o.aggsortkeypos, 0, "unset reads as 0");
	cr_assert_eq(opt_set(&o, "nspec", "yes", err, sizeof(err)), 0);
	cr_assert_eq(o.nspec, 1);
}

struct rt_case {
	char in[16];
	int null; /* the value is absent, not in[] */
	int ret;
	int64_t out;
};

ParameterizedTestParameters(opt, runtime_values)
{
	static struct rt_case cases[] = {
		{ "", 1, 0, 0 },	 /* -xquiet: 0, which is on */
		{ "", 0, 0, OPT_UNSET }, /* -xquiet=: off */
		{ "yes", 0, 0, 1 },
		{ "ENABLE", 0, 0, 1 },
		{ "enabled", 0, 0, 1 },
		{ "True", 0, 0, 1 },
		{ "on", 0, 0, 1 },
		{ "set", 0, 0, 1 },
		{ "no", 0, 0, OPT_UNSET },
		{ "Disable", 0, 0, OPT_UNSET },
		{ "disabled", 0, 0, OPT_UNSET },
		{ "FALSE", 0, 0, OPT_UNSET },
		{ "off", 0, 0, OPT_UNSET },
		{ "unset", 0, 0, OPT_UNSET },
		{ "0", 0, 0, 0 },
		{ "10", 0, 0, 10 },
		{ "0x1f", 0, 0, 31 },
		{ "010", 0, 0, 8 },
		{ "-1", 0, -EINVAL, 0 },
		{ "3x", 0, -EINVAL, 0 },
		{ "maybe", 0, -EINVAL, 0 },
		{ "1k", 0, -EINVAL, 0 },
	};
	return cr_make_param_array(struct rt_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct rt_case *c, opt, runtime_values)
{
	int64_t v = 12345;
	int ret = opt_parse_runtime(c->null ? NULL : c->in, &v);

	cr_assert_eq(ret, c->ret, "opt_parse_runtime(\"%s\") = %d", c->in, ret);
	if (!ret)
		cr_assert_eq(v, c->out, "opt_parse_runtime(\"%s\") -> %lld", c->in, (long long)v);
}

/* DTrace's quirk: any number, 0 included, turns a boolean on; only unset words turn it off. */
Test(opt, booleans_as_dtrace)
{
	static const char *const bools[] = { "quiet",	   "flowindent", "destructive",
					     "aggsortkey", "aggsortrev", "quietresize",
					     "temporal",   "bpflog" };
	struct opts o;
	char err[128];
	size_t i;

	for (i = 0; i < sizeof(bools) / sizeof(bools[0]); i++) {
		opt_init(&o);
		cr_assert_eq(opt_set(&o, bools[i], "0", err, sizeof(err)), 0, "%s=0", bools[i]);
		cr_assert_eq(opt_set(&o, "quiet", "0", err, sizeof(err)), 0);
		cr_assert(o.quiet, "quiet=0 sets quiet");
		cr_assert_eq(opt_set(&o, bools[i], "", err, sizeof(err)), 0);
		cr_assert_eq(opt_set(&o, bools[i], "off", err, sizeof(err)), 0);
		cr_assert_eq(opt_set(&o, bools[i], "2", err, sizeof(err)), 0);
		cr_assert_eq(opt_set(&o, bools[i], "bogus", err, sizeof(err)), -EINVAL, "%s",
			     bools[i]);
		cr_assert_str_eq(err, "Invalid value for specified option");
	}
	opt_init(&o);
	opt_set(&o, "destructive", "0", err, sizeof(err));
	cr_assert(o.destructive);
	opt_set(&o, "destructive", "", err, sizeof(err));
	cr_assert_not(o.destructive);
	opt_set(&o, "flowindent", "set", err, sizeof(err));
	cr_assert(o.flowindent);
	opt_set(&o, "flowindent", "unset", err, sizeof(err));
	cr_assert_not(o.flowindent);
}

/* Compiler flags take no value at all, not even an empty one. */
Test(opt, flags_reject_values)
{
	static const char *const flags[] = { "argref",	"cpp",	   "defaultargs", "empty",
					     "errtags", "knodefs", "kdefs",	  "nolibs",
					     "pspec",	"udefs",   "unodefs",	  "verbose",
					     "zdefs",	"core",	   "debug",	  "cpphdrs",
					     "strip" };
	struct opts o;
	char err[128];
	size_t i;

	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		opt_init(&o);
		cr_assert_eq(opt_set(&o, flags[i], "1", err, sizeof(err)), -EINVAL, "%s=1",
			     flags[i]);
		cr_assert_str_eq(err, "Invalid value for specified option");
		cr_assert_eq(opt_set(&o, flags[i], "", err, sizeof(err)), -EINVAL, "%s=", flags[i]);
		cr_assert_eq(opt_set(&o, flags[i], NULL, err, sizeof(err)), 0, "%s", flags[i]);
	}
	opt_init(&o);
	opt_set(&o, "zdefs", NULL, err, sizeof(err));
	opt_set(&o, "defaultargs", NULL, err, sizeof(err));
	opt_set(&o, "cpp", NULL, err, sizeof(err));
	cr_assert(o.zdefs && o.defaultargs && o.cpp);
	/* these three ignore their value */
	cr_assert_eq(opt_set(&o, "droptags", "0", err, sizeof(err)), 0);
	cr_assert(o.droptags, "droptags=0 still turns drop tags on");
	cr_assert_eq(opt_set(&o, "lazyload", "whatever", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "linknommap", NULL, err, sizeof(err)), 0);
}

/* Every option of dtrace-utils' table is known: none is "Invalid option name". */
Test(opt, every_dtrace_option_is_known)
{
	static const char *const names[] = {
		"bufsize",	 "bufpolicy",	"bufresize",	 "aggsize",	 "dynvarsize",
		"specsize",	 "nspec",	"strsize",	 "scratchsize",	 "cpu",
		"destructive",	 "grabanon",	"cleanrate",	 "statusrate",	 "switchrate",
		"aggrate",	 "stackframes", "ustackframes",	 "maxframes",	 "jstackframes",
		"jstackstrsize", "lockmem",	"pcapsize",	 "bpflog",	 "bpflogsize",
		"noresolve",	 "quiet",	"flowindent",	 "rawbytes",	 "stackindent",
		"aggsortkey",	 "aggsortrev",	"aggsortkeypos", "aggsortpos",	 "aggpercpu",
		"printsize",	 "quietresize", "cpp",		 "cppargs",	 "cpphdrs",
		"cpppath",	 "define",	"undef",	 "incdir",	 "stdc",
		"defaultargs",	 "argref",	"empty",	 "zdefs",	 "pspec",
		"errtags",	 "droptags",	"knodefs",	 "kdefs",	 "unodefs",
		"udefs",	 "nolibs",	"libdir",	 "syslibdir",	 "version",
		"amin",		 "late",	"linkmode",	 "linktype",	 "lazyload",
		"linknommap",	 "strip",	"ldpath",	 "ctypes",	 "dtypes",
		"ctfpath",	 "modpath",	"procfspath",	 "dofstashpath", "evaltime",
		"pgmax",	 "useruid",	"sysslice",	 "preallocate",	 "iregs",
		"tregs",	 "disasm",	"tree",		 "debug",	 "debugassert",
		"core",		 "verbose",
	};
	struct opts o;
	char err[128];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int ret;

		opt_init(&o);
		ret = opt_set(&o, names[i], "\x01", err, sizeof(err));
		cr_assert_neq(ret, -ENOENT, "%s: %s", names[i], err);
		opt_fini(&o);
	}
	/* illumos' and Solaris' options dtrace-utils lacks stay unknown, as there */
	opt_init(&o);
	cr_assert_eq(opt_set(&o, "agghist", NULL, err, sizeof(err)), -ENOENT);
	cr_assert_str_eq(err, "Invalid option name");
	cr_assert_eq(opt_set(&o, "zone", "x", err, sizeof(err)), -ENOENT);
	cr_assert_eq(opt_set(&o, "Quiet", NULL, err, sizeof(err)), -ENOENT, "case matters");
	cr_assert_eq(opt_set(&o, "quie", NULL, err, sizeof(err)), -ENOENT, "no abbreviations");
	cr_assert_eq(opt_count() > 90, 1);
	cr_assert_str_eq(opt_name(0), "amin");
	cr_assert_null(opt_name(opt_count()));
}

Test(opt, value_grammars)
{
	struct opts o;
	char err[128];

	opt_init(&o);
	/* keywords: exact, but linktype in any case */
	cr_assert_eq(opt_set(&o, "bufpolicy", "Ring", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "linktype", "DOF", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "linkmode", "Kernel", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "evaltime", "main", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "evaltime", "start", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "late", "dynamic", err, sizeof(err)), 0);
	/* strings need a value */
	cr_assert_eq(opt_set(&o, "libdir", NULL, err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "libdir", "/tmp", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "cpppath", "/usr/bin/cpp", err, sizeof(err)), 0);
	cr_assert_str_eq(o.cpppath, "/usr/bin/cpp");
	/* stdc: one letter of a, c, s, t */
	cr_assert_eq(opt_set(&o, "stdc", "s", err, sizeof(err)), 0);
	cr_assert_eq(o.stdc, 's');
	cr_assert_eq(opt_set(&o, "stdc", "q", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "stdc", "ac", err, sizeof(err)), -EINVAL);
	/* define, undef, incdir: kept in order */
	cr_assert_eq(opt_set(&o, "define", "X=1", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "undef", "Y", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "incdir", "/inc", err, sizeof(err)), 0);
	cr_assert_eq(o.ncppv, 3);
	cr_assert_eq(o.cppv[0].flag, 'D');
	cr_assert_str_eq(o.cppv[0].arg, "X=1");
	cr_assert_eq(o.cppv[1].flag, 'U');
	cr_assert_eq(o.cppv[2].flag, 'I');
	/* strsize: at least 2, at most UINT_MAX; a failure keeps the old value */
	cr_assert_eq(opt_set(&o, "strsize", "1", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "strsize", "8g", err, sizeof(err)), -EOVERFLOW);
	cr_assert_eq(o.strsize, 256);
	cr_assert_eq(opt_set(&o, "strsize", "2", err, sizeof(err)), 0);
	cr_assert_eq(o.strsize, 2);
	/* iregs must be 8; tregs positive */
	cr_assert_eq(opt_set(&o, "iregs", "8", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "iregs", "4", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "Insufficient registers to generate code");
	cr_assert_eq(opt_set(&o, "iregs", "9", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "tregs", "0", err, sizeof(err)), -EINVAL);
	/* lockmem: a size or unlimited */
	cr_assert_eq(opt_set(&o, "lockmem", "unlimited", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "lockmem", "64m", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "version", "1.6.3", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "version", "2.0", err, sizeof(err)), 0);
	cr_assert_eq(opt_set(&o, "version", "3.0", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "version", "1.x", err, sizeof(err)), -EINVAL);
	/* what spectrace lacks is said, not pretended */
	cr_assert_eq(opt_set(&o, "ctypes", "/tmp/c", err, sizeof(err)), -ENOTSUP);
	cr_assert_str_eq(err, "not supported: option ctypes");
	cr_assert_eq(o.cpu1, 0, "cpu: all by default");
	cr_assert_eq(opt_set(&o, "cpu", "1", err, sizeof(err)), 0);
	cr_assert_eq(o.cpu1, 2, "the CPU, plus one");
	cr_assert_eq(opt_set(&o, "cpu", "-1", err, sizeof(err)), -EINVAL, "as other integers");
	cr_assert_eq(opt_set(&o, "cpu", "x", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "rawbytes", NULL, err, sizeof(err)), 0);
	cr_assert(o.rawbytes);
	opt_fini(&o);
}

Test(opt, pragma_context)
{
	static const char *const cmdline_only[] = { "cpphdrs", "cpppath", "cppargs", "define",
						    "undef",   "incdir",  "stdc",    "lockmem",
						    "ldpath",  "ctfpath", "modpath", "procfspath" };
	struct opts o;
	char err[128];
	size_t i;

	opt_init(&o);
	for (i = 0; i < sizeof(cmdline_only) / sizeof(cmdline_only[0]); i++) {
		cr_assert_eq(opt_set_in(&o, cmdline_only[i], "a", OPT_CTX_PRAGMA, err, sizeof(err)),
			     -EPERM, "%s", cmdline_only[i]);
		cr_assert_str_eq(err, "Option cannot be used from within a D program");
	}
	cr_assert_eq(opt_set_in(&o, "quiet", NULL, OPT_CTX_PRAGMA, err, sizeof(err)), 0);
	cr_assert_eq(opt_set_in(&o, "strsize", "64", OPT_CTX_PRAGMA, err, sizeof(err)), 0);
	opt_fini(&o);
}

static char *fake_env(const char *name)
{
	static char quiet[] = "0", bufsize[] = "8m", zdefs[] = "1", empty[] = "", rate[] = "junk";

	if (!strcmp(name, "DTRACE_OPT_QUIET"))
		return quiet;
	if (!strcmp(name, "DTRACE_OPT_BUFSIZE"))
		return bufsize;
	if (!strcmp(name, "DTRACE_OPT_ZDEFS"))
		return zdefs;
	if (!strcmp(name, "DTRACE_OPT_FLOWINDENT"))
		return empty;
	if (!strcmp(name, "DTRACE_OPT_SWITCHRATE"))
		return rate;
	return NULL;
}

Test(opt, environment)
{
	struct opts o;

	opt_init(&o);
	o.flowindent = true;
	opt_set_env(&o, fake_env);
	cr_assert(o.quiet, "DTRACE_OPT_QUIET=0 sets quiet");
	cr_assert_eq(o.bufsize, 8ULL << 20);
	cr_assert_not(o.zdefs, "a flag can never be set from the environment");
	cr_assert_not(o.flowindent, "an empty value is unset");
	cr_assert_eq(o.switchrate_ns, 1000000000ULL, "a bad value is ignored");
}

struct fmt_case {
	uint64_t in;
	char out[32];
};

ParameterizedTestParameters(opt, format_size)
{
	static struct fmt_case cases[] = {
		{ 512ULL << 20, "512m" }, { 2ULL << 20, "2m" }, { 1536ULL << 10, "1536k" },
		{ 64ULL << 30, "64g" },	  { 1ULL << 40, "1t" }, { 3ULL << 40, "3t" },
		{ 100, "100" },		  { 1024 + 8, "1032" }, { 0, "0" },
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
	cr_assert_str_eq(err, "Invalid option name");
	cr_assert_eq(opt_set(&o, "bufsize", "lots", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "Invalid value for specified option");
	cr_assert_eq(opt_set(&o, "bufresize", "sometimes", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "bufresize", NULL, err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "temporal", "maybe", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "switchrate", "fast", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "bufpolicy", "circular", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "oformat", "xml", err, sizeof(err)), -ENOTSUP);
	cr_assert_str_eq(err, "not supported: only text and json");
	cr_assert_eq(opt_set(&o, "oformat", "JSON", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "oformat", NULL, err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "nspec", "0", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "nspec", "65", err, sizeof(err)), -EINVAL);
	cr_assert_eq(o.oformat, OPT_OFMT_TEXT);
	cr_assert_eq(o.bufsize, 4ULL << 20, "a failed set leaves the option alone");
	cr_assert_eq(o.bufpolicy, OPT_BUF_SWITCH);
}

/*
 * Every option: a value its grammar takes, and one it refuses (with the
 * error expected); "-" stands for no value at all (NULL).
 */
struct each_case {
	char name[16];
	char good[16];
	char bad[16];
	int bad_ret;
};

ParameterizedTestParameters(opt, each_option)
{
	static struct each_case cases[] = {
		/* run-time and dynamic run-time */
		{ "aggrate", "10ms", "10 ms", -EINVAL },
		{ "aggsize", "1m", "1mb", -EINVAL },
		{ "aggsortkey", "-", "maybe", -EINVAL },
		{ "aggsortkeypos", "1", "-1", -EINVAL },
		{ "aggsortpos", "0x1", "one", -EINVAL },
		{ "aggsortrev", "true", "2x", -EINVAL },
		{ "bpflog", "on", "1k", -EINVAL },
		{ "bpflogsize", "16m", "16q", -EINVAL },
		{ "bufpolicy", "fill", "Fill", -EINVAL },
		{ "bufresize", "manual", "-", -EINVAL },
		{ "bufsize", "8m", "-8m", -EINVAL },
		{ "cleanrate", "50hz", "50khz", -EINVAL },
		{ "cpu", "1", "one", -EINVAL },
		{ "destructive", "-", "sure", -EINVAL },
		{ "dynvarsize", "2m", "2.5m", -EINVAL },
		{ "flowindent", "enabled", "x", -EINVAL },
		{ "grabanon", "-", "x", -EINVAL },
		{ "jstackframes", "50", "-50", -EINVAL },
		{ "jstackstrsize", "512", "512b", -EINVAL },
		{ "lockmem", "unlimited", "lots", -EINVAL },
		{ "maxframes", "127", "x", -EINVAL },
		{ "noresolve", "-", "x", -EINVAL },
		{ "nspec", "4", "0", -EINVAL },
		{ "pcapsize", "1514", "1514x", -EINVAL },
		{ "printsize", "8k", "8kk", -EINVAL },
		{ "quiet", "0", "x", -EINVAL },
		{ "quietresize", "yes", "x", -EINVAL },
		{ "scratchsize", "128", "-1", -EINVAL },
		{ "scratchsize", "256", "512", -ENOTSUP }, /* the kernel side has 256 */
		{ "specsize", "32k", "4", -EINVAL },
		{ "stackframes", "20", "x", -EINVAL },
		{ "stackindent", "14", "x", -EINVAL },
		{ "statusrate", "1s", "1sx", -EINVAL },
		{ "strsize", "128", "1", -EINVAL },
		{ "switchrate", "1min", "fast", -EINVAL },
		{ "ustackframes", "100", "x", -EINVAL },
		/* refused: spectrace lacks the feature */
		{ "ctypes", "", "/tmp/c", -ENOTSUP },
		{ "dtypes", "", "/tmp/d", -ENOTSUP },
		/* compile-time */
		{ "aggpercpu", "-", "1", -EINVAL },
		{ "amin", "Evolving", "-", -EINVAL },
		{ "argref", "-", "1", -EINVAL },
		{ "core", "-", "", -EINVAL },
		{ "cpp", "-", "yes", -EINVAL },
		{ "cppargs", "-P", "-", -EINVAL },
		{ "cpphdrs", "-", "1", -EINVAL },
		{ "cpppath", "/usr/bin/cpp", "-", -EINVAL },
		{ "ctfpath", "/x.ctfa", "-", -EINVAL },
		{ "debug", "-", "1", -EINVAL },
		{ "debugassert", "mutexes", "locks", -EINVAL },
		{ "defaultargs", "-", "0", -EINVAL },
		{ "define", "X=1", "-", -EINVAL },
		{ "disasm", "1", "-", -EINVAL },
		{ "dofstashpath", "/run/dtrace", "-", -EINVAL },
		{ "empty", "-", "1", -EINVAL },
		{ "errtags", "-", "1", -EINVAL },
		{ "evaltime", "exec", "later", -EINVAL },
		{ "incdir", "/inc", "-", -EINVAL },
		{ "iregs", "8", "16", -EINVAL },
		{ "kdefs", "-", "1", -EINVAL },
		{ "knodefs", "-", "1", -EINVAL },
		{ "late", "static", "early", -EINVAL },
		{ "ldpath", "ld", "-", -EINVAL },
		{ "libdir", "/lib/d", "-", -EINVAL },
		{ "linkmode", "dynamic", "primary", -EINVAL },
		{ "linktype", "Elf", "coff", -EINVAL },
		{ "modpath", "/lib/modules", "-", -EINVAL },
		{ "nolibs", "-", "1", -EINVAL },
		{ "pgmax", "8", "-", -EINVAL },
		{ "procfspath", "/proc", "-", -EINVAL },
		{ "pspec", "-", "1", -EINVAL },
		{ "stdc", "t", "x", -EINVAL },
		{ "strip", "-", "1", -EINVAL },
		{ "syslibdir", "/usr/lib/dtrace", "-", -EINVAL },
		{ "sysslice", "system.slice", "-", -EINVAL },
		{ "tree", "4", "0", -EINVAL },
		{ "tregs", "8", "0", -EINVAL },
		{ "udefs", "-", "1", -EINVAL },
		{ "undef", "X", "-", -EINVAL },
		{ "unodefs", "-", "1", -EINVAL },
		{ "useruid", "1000", "-", -EINVAL },
		{ "verbose", "-", "1", -EINVAL },
		{ "version", "1.0", "9.9", -EINVAL },
		{ "zdefs", "-", "1", -EINVAL },
		/* spectrace's own */
		{ "oformat", "json", "xml", -ENOTSUP },
		{ "sysattach", "raw", "fast", -EINVAL },
		{ "temporal", "-", "x", -EINVAL },
		{ "ktr_entries", "100", "0", -EINVAL },
	};
	return cr_make_param_array(struct each_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct each_case *c, opt, each_option)
{
	struct opts o, before;
	char err[128] = "";
	int ret;

	opt_init(&o);
	if (c->good[0] || c->bad_ret != -ENOTSUP) {
		ret = opt_set(&o, c->name, strcmp(c->good, "-") ? c->good : NULL, err, sizeof(err));
		cr_assert_eq(ret, 0, "%s=%s: %d %s", c->name, c->good, ret, err);
	}
	before = o;
	ret = opt_set(&o, c->name, strcmp(c->bad, "-") ? c->bad : NULL, err, sizeof(err));
	cr_assert_eq(ret, c->bad_ret, "%s=%s: %d %s", c->name, c->bad, ret, err);
	if (ret == -EINVAL && strcmp(c->name, "nspec") && strcmp(c->name, "specsize") &&
	    strcmp(c->name, "iregs") && strcmp(c->name, "version") && strncmp(c->name, "ktr_", 4))
		cr_assert_str_eq(err, "Invalid value for specified option", "%s", c->name);
	if (ret == -ENOTSUP)
		cr_assert(!strncmp(err, "not supported: ", 15), "%s: %s", c->name, err);
	/* a failed set leaves every field as it was */
	cr_assert_eq(o.bufsize, before.bufsize);
	cr_assert_eq(o.strsize, before.strsize);
	cr_assert_eq(o.quiet, before.quiet);
	cr_assert_eq(o.nspec, before.nspec);
	cr_assert_eq(o.switchrate_ns, before.switchrate_ns);
	cr_assert_eq(o.ncppv, before.ncppv);
	opt_fini(&o);
}

/* scratchsize is stored as dtrace stores it: roundup(n + 8, 8), the usable part n rounded. */
Test(opt, scratchsize_stored_as_dtrace)
{
	struct opts o;
	char err[128];

	opt_init(&o);
	cr_assert_eq(o.scratchsize, 264, "dtrace-utils' default");
	cr_assert_eq(opt_scratch_bytes(&o), 256);
	cr_assert_eq(opt_set(&o, "scratchsize", "61", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(o.scratchsize, 72);
	cr_assert_eq(opt_scratch_bytes(&o), 64);
	cr_assert_eq(opt_set(&o, "scratchsize", "257", err, sizeof(err)), -ENOTSUP);
	cr_assert_str_eq(err, "not supported: scratch space above 256 bytes");
	cr_assert_eq(o.scratchsize, 72, "unchanged");
}
