/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * KTR without a kernel: the dump's formatter, class and CPU mask syntax,
 * the -x ktr_* options, torn-free reading of a CPU's ring and the merge of
 * all CPUs by time, on buffers in plain memory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "ktr.h"
#include "ktrfmt.h"
#include "opt.h"

/*
 * Parameters hold strings as arrays, not pointers: Criterion runs each case
 * in a fresh exec of the test binary, where a PIE's literals move.
 */
struct fmt_case {
	char fmt[48];
	uint64_t args[SPT_KTR_NARGS];
	unsigned int nargs;
	char want[96];
};

#define NEG(x) ((uint64_t)(int64_t)(x))

ParameterizedTestParameters(ktrfmt, conversions)
{
	static struct fmt_case cases[] = {
		{ "plain text", { 0 }, 0, "plain text" },
		{ "d=%d", { NEG(-42) }, 1, "d=-42" },
		{ "%d", { 0xffffffffULL }, 1, "-1" },
		{ "%d", { 0x100000005ULL }, 1, "5" },
		{ "%i", { 42 }, 1, "42" },
		{ "%u", { 0xffffffffULL }, 1, "4294967295" },
		{ "%u", { NEG(-1) }, 1, "4294967295" },
		{ "%x %X", { 0xbeef, 0xbeef }, 2, "beef BEEF" },
		{ "%o", { 8 }, 1, "10" },
		{ "%c%c", { 'K', 'T' }, 2, "KT" },
		{ "%c", { '\n' }, 1, "\\x0a" },
		{ "[%3c] [%-3c]", { 'a', 'b' }, 2, "[  a] [b  ]" },
		{ "%p", { 0xffff888012345678ULL }, 1, "0xffff888012345678" },
		{ "%p", { 0 }, 1, "0x0" },
		{ "[%20p]", { 0x1234 }, 1, "[              0x1234]" },
		{ "%s", { 0x1234 }, 1, "0x1234" },
		{ "100%%", { 0 }, 0, "100%" },
		{ "%ld %lld", { NEG(-1), NEG(-9000000000LL) }, 2, "-1 -9000000000" },
		{ "%lld", { 0x8000000000000000ULL }, 1, "-9223372036854775808" },
		{ "%lu", { ~0ULL }, 1, "18446744073709551615" },
		{ "%llx %jx %zu %td",
		  { 0x123456789abcULL, 1ULL << 40, 7, NEG(-3) },
		  4,
		  "123456789abc 10000000000 7 -3" },
		{ "%hd %hu", { 0x18000, 0x1ffff }, 2, "-32768 65535" },
		{ "%hhd %hhu %hhx", { 0x1ff, 0x1ff, 0xabc }, 3, "-1 255 bc" },
		{ "[%5d] [%-5d] [%05d]", { 42, 42, 42 }, 3, "[   42] [42   ] [00042]" },
		{ "[%05d] [%-05d]", { NEG(-42), 42 }, 2, "[-0042] [42   ]" },
		{ "[%+d] [% d] [%+d] [% d]", { 7, 7, NEG(-7), NEG(-7) }, 4, "[+7] [ 7] [-7] [-7]" },
		{ "[%#x] [%#x] [%#X]", { 255, 0, 255 }, 3, "[0xff] [0] [0XFF]" },
		{ "[%#o] [%#o] [%#.3o]", { 8, 0, 8 }, 3, "[010] [0] [010]" },
		{ "[%#010x]", { 255 }, 1, "[0x000000ff]" },
		{ "[%.3d] [%8.3x]", { 5, 0xa }, 2, "[005] [     00a]" },
		{ "[%.0d] [%5.0d] [%.d]", { 0, 0, 0 }, 3, "[] [     ] []" },
		{ "[%05.2d] [%-+6.3d]", { 3, 4 }, 2, "[   03] [+004  ]" },
		{ "five %d %d %d %d %d", { 1, 2, 3, 4, 5 }, 5, "five 1 2 3 4 5" },
		{ "%d and %d", { 1, 2 }, 1, "1 and (missing)" },
		{ "%f %n %5% %q", { 1, 2 }, 2, "%f %n %5% %q" },
		{ "%*d|%-*s|", { 1 }, 1, "%*d|%-*s|" },
		{ "tail %", { 1 }, 1, "tail %" },
		{ "tail %ll", { 1 }, 1, "tail %ll" },
	};
	return cr_make_param_array(struct fmt_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct fmt_case *c, ktrfmt, conversions)
{
	char out[128];
	size_t n = ktrfmt_format(out, sizeof(out), c->fmt, sizeof(c->fmt), c->args, c->nargs);

	cr_assert_str_eq(out, c->want, "format \"%s\" gave \"%s\", want \"%s\"", c->fmt, out,
			 c->want);
	cr_assert_eq(n, strlen(c->want));
}

Test(ktrfmt, bounds)
{
	uint64_t args[SPT_KTR_NARGS] = { 1 };
	char out[300];

	/* Output truncated like snprintf; the return value is the full length. */
	cr_assert_eq(ktrfmt_format(out, 4, "abcdef", 7, args, 0), 6);
	cr_assert_str_eq(out, "abc");
	cr_assert_eq(ktrfmt_format(NULL, 0, "abcdef", 7, args, 0), 6);
	cr_assert_eq(ktrfmt_format(out, 1, "abcdef", 7, args, 0), 6);
	cr_assert_str_eq(out, "");
	/* The format is read up to FMTLEN even without a NUL. */
	cr_assert_eq(ktrfmt_format(out, sizeof(out), "abcdef", 3, args, 0), 3);
	cr_assert_str_eq(out, "abc");
	/* A format cannot blow a field up past 256 characters. */
	cr_assert_eq(ktrfmt_format(out, sizeof(out), "%999999999d", 12, args, 1), 256);
	cr_assert_eq(out[254], ' ');
	cr_assert_eq(out[255], '1');
	/* Truncation in the middle of a padded number stays in bounds. */
	cr_assert_eq(ktrfmt_format(out, 3, "%08x", 5, args, 1), 8);
	cr_assert_str_eq(out, "00");
}

struct mask_case {
	char in[40];
	int ret;
	uint32_t mask;
};

ParameterizedTestParameters(ktrfmt, masks)
{
	static struct mask_case cases[] = {
		{ "BUF,SPEC", 0, SPT_KTR_BUF | SPT_KTR_SPEC },
		{ "buf|spec", 0, SPT_KTR_BUF | SPT_KTR_SPEC },
		{ "DISPATCH", 0, SPT_KTR_DISPATCH },
		{ "gen,drop,clean,fault,agg,test", 0, 0x80e9 },
		{ "0x3", 0, 3 },
		{ "12", 0, 12 },
		{ "0", 0, 0 },
		{ "ALL", 0, 0xffffffffU },
		{ "USER0", 0, 0x10000 },
		{ "user15", 0, 0x80000000U },
		{ "BUF,0x100", 0, 0x104 },
		{ "0xffffffff", 0, 0xffffffffU },
		{ "", -EINVAL, 0 },
		{ "BUF,", -EINVAL, 0 },
		{ ",BUF", -EINVAL, 0 },
		{ "BUF,,SPEC", -EINVAL, 0 },
		{ "NOPE", -EINVAL, 0 },
		{ "USER16", -EINVAL, 0 },
		{ "USER01", -EINVAL, 0 },
		{ "USER", -EINVAL, 0 },
		{ "0x100000000", -EINVAL, 0 },
		{ "0xg", -EINVAL, 0 },
		{ "3q", -EINVAL, 0 },
		{ " BUF", -EINVAL, 0 },
	};
	return cr_make_param_array(struct mask_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct mask_case *c, ktrfmt, masks)
{
	uint32_t m = 0xdeadbeef;
	int ret = ktrfmt_parse_mask(c->in, &m);

	cr_assert_eq(ret, c->ret, "ktrfmt_parse_mask(\"%s\") = %d, want %d", c->in, ret, c->ret);
	if (!ret)
		cr_assert_eq(m, c->mask, "ktrfmt_parse_mask(\"%s\") -> %#x", c->in, m);
	else
		cr_assert_eq(m, 0xdeadbeef, "a failed parse leaves the mask alone");
}

Test(ktrfmt, mask_names)
{
	char out[128];

	ktrfmt_mask_str(SPT_KTR_BUF | SPT_KTR_SPEC, out, sizeof(out));
	cr_assert_str_eq(out, "BUF,SPEC");
	ktrfmt_mask_str(0, out, sizeof(out));
	cr_assert_str_eq(out, "0");
	ktrfmt_mask_str(SPT_KTR_ALL, out, sizeof(out));
	cr_assert_str_eq(out, "ALL");
	ktrfmt_mask_str(SPT_KTR_BUF | SPT_KTR_USER(0), out, sizeof(out));
	cr_assert_str_eq(out, "BUF,USER0");
	ktrfmt_mask_str(SPT_KTR_USER(0) | SPT_KTR_USER(1), out, sizeof(out));
	cr_assert_str_eq(out, "USER0,USER1");
	ktrfmt_mask_str(0x104, out, sizeof(out));
	cr_assert_str_eq(out, "BUF,0x100");
	ktrfmt_mask_str(0x300, out, sizeof(out));
	cr_assert_str_eq(out, "0x300");
	/* Names round-trip through the parser. */
	for (uint32_t m = 1; m; m <<= 1) {
		uint32_t back = 0;

		ktrfmt_mask_str(m | SPT_KTR_DROP, out, sizeof(out));
		cr_assert_eq(ktrfmt_parse_mask(out, &back), 0, "%s", out);
		cr_assert_eq(back, m | SPT_KTR_DROP, "%s", out);
	}
}

struct cpus_case {
	char in[40];
	int ret;
	uint64_t set[KTR_CPUSET_WORDS];
};

ParameterizedTestParameters(ktrfmt, cpus)
{
	static struct cpus_case cases[] = {
		{ "0", 0, { 1 } },
		{ "1", 0, { 2 } },
		{ "0,2-3", 0, { 0xd } },
		{ "3,0", 0, { 0x9 } },
		{ "62-65", 0, { 3ULL << 62, 3 } },
		{ "255", 0, { 0, 0, 0, 1ULL << 63 } },
		{ "0x3", 0, { 3 } },
		{ "0X10", 0, { 0x10 } },
		{ "all", 0, { ~0ULL, ~0ULL, ~0ULL, ~0ULL } },
		{ "ALL", 0, { ~0ULL, ~0ULL, ~0ULL, ~0ULL } },
		{ "", -EINVAL, { 0 } },
		{ "256", -EINVAL, { 0 } },
		{ "3-1", -EINVAL, { 0 } },
		{ "1,", -EINVAL, { 0 } },
		{ ",1", -EINVAL, { 0 } },
		{ "1-", -EINVAL, { 0 } },
		{ "-1", -EINVAL, { 0 } },
		{ "a", -EINVAL, { 0 } },
		{ "0x", -EINVAL, { 0 } },
		{ "0x1g", -EINVAL, { 0 } },
		{ "1 2", -EINVAL, { 0 } },
	};
	return cr_make_param_array(struct cpus_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct cpus_case *c, ktrfmt, cpus)
{
	uint64_t set[KTR_CPUSET_WORDS] = { 7, 7, 7, 7 };
	int ret = ktrfmt_parse_cpus(c->in, set), i;

	cr_assert_eq(ret, c->ret, "ktrfmt_parse_cpus(\"%s\") = %d, want %d", c->in, ret, c->ret);
	for (i = 0; i < KTR_CPUSET_WORDS; i++)
		cr_assert_eq(set[i], ret ? 7 : c->set[i], "\"%s\": word %d is %#llx", c->in, i,
			     (unsigned long long)set[i]);
}

Test(ktrfmt, cpus_str)
{
	uint64_t set[KTR_CPUSET_WORDS] = { 0xd };
	char out[64];

	ktrfmt_cpus_str(set, out, sizeof(out));
	cr_assert_str_eq(out, "0,2-3");
	memset(set, 0, sizeof(set));
	ktrfmt_cpus_str(set, out, sizeof(out));
	cr_assert_str_eq(out, "none");
	set[3] = 1ULL << 63;
	set[1] = 1;
	set[0] = 1ULL << 63;
	ktrfmt_cpus_str(set, out, sizeof(out));
	cr_assert_str_eq(out, "63-64,255");
	memset(set, 0xff, sizeof(set));
	ktrfmt_cpus_str(set, out, sizeof(out));
	cr_assert_str_eq(out, "0-255");
}

Test(ktrfmt, options)
{
	struct opts o;
	char err[128] = "";

	opt_init(&o);
	cr_assert_eq(o.ktr.set, 0, "no KTR option by default: KTR stays off");
	cr_assert_eq(opt_set(&o, "ktr_mask", "BUF,SPEC", err, sizeof(err)), 0);
	cr_assert_eq(o.ktr.mask, SPT_KTR_BUF | SPT_KTR_SPEC);
	cr_assert_eq(opt_set(&o, "ktr_cpumask", "1", err, sizeof(err)), 0);
	cr_assert_eq(o.ktr.cpumask[0], 2);
	cr_assert_eq(opt_set(&o, "ktr_entries", "4k", err, sizeof(err)), 0);
	cr_assert_eq(o.ktr.entries, 4096);
	cr_assert_eq(opt_set(&o, "ktr_verbose", NULL, err, sizeof(err)), 0);
	cr_assert_eq(o.ktr.verbose, 1);
	cr_assert_eq(o.ktr.set, KTR_OPT_MASK | KTR_OPT_CPUMASK | KTR_OPT_ENTRIES | KTR_OPT_VERBOSE);

	cr_assert_eq(opt_set(&o, "ktr_mask", "BUF,NOPE", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "Invalid value for specified option");
	cr_assert_eq(o.ktr.mask, SPT_KTR_BUF | SPT_KTR_SPEC,
		     "a failed set leaves the option alone");
	cr_assert_eq(opt_set(&o, "ktr_entries", "65537", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "value exceeds the maximum of 65536");
	cr_assert_eq(opt_set(&o, "ktr_entries", "0", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "ktr_verbose", "2", err, sizeof(err)), -EINVAL);
	cr_assert_eq(opt_set(&o, "ktr_cpumask", "256", err, sizeof(err)), -EINVAL);
	cr_assert_eq(o.ktr.entries, 4096);
	cr_assert_eq(ktrfmt_set(&o.ktr, "ktr_nope", "1", err, sizeof(err)), -ENOENT);
}

/* Log event SEQ of CPU into REGION the way spt_ktr_log() does. */
static void put_event(struct spt_ktr_entry *region, uint64_t entries, uint64_t seq, uint64_t ts)
{
	struct spt_ktr_entry *e = &region[(seq - 1) % entries];

	memset(e, 0, sizeof(*e));
	e->ts = ts;
	e->fmt = 7;
	e->cls = SPT_KTR_TEST;
	e->args[0] = seq * 10;
	e->seq = seq;
}

Test(ktr, read_cpu_wraps)
{
	struct spt_ktr_entry region[8];
	struct ktr_event out[8];
	uint64_t seq, upto;
	size_t n, i;

	memset(region, 0, sizeof(region));
	for (seq = 1; seq <= 20; seq++)
		put_event(region, 8, seq, 1000 + seq);
	/* Exactly the 8 newest, oldest first. */
	n = ktr_read_cpu(region, 8, 20, 0, 3, out, NULL);
	cr_assert_eq(n, 8);
	for (i = 0; i < n; i++) {
		cr_assert_eq(out[i].seq, 13 + i);
		cr_assert_eq(out[i].ts, 1013 + i);
		cr_assert_eq(out[i].cpu, 3);
		cr_assert_eq(out[i].args[0], (13 + i) * 10);
		cr_assert_eq(out[i].fmt, 7);
		cr_assert_eq(out[i].cls, SPT_KTR_TEST);
	}
	/* Only the ones after AFTER. */
	n = ktr_read_cpu(region, 8, 20, 17, 3, out, &upto);
	cr_assert_eq(n, 3);
	cr_assert_eq(out[0].seq, 18);
	cr_assert_eq(upto, 20);
	/* Fewer events than entries: all of them. */
	n = ktr_read_cpu(region, 8, 5, 0, 0, out, NULL);
	cr_assert_eq(n, 0, "slots 1..5 hold newer events now: none matches");
	memset(region, 0, sizeof(region));
	for (seq = 1; seq <= 5; seq++)
		put_event(region, 8, seq, seq);
	cr_assert_eq(ktr_read_cpu(region, 8, 5, 0, 0, out, NULL), 5);
	cr_assert_eq(ktr_read_cpu(region, 8, 0, 0, 0, out, NULL), 0);
}

Test(ktr, read_cpu_skips_unpublished)
{
	struct spt_ktr_entry region[8];
	struct ktr_event out[8];
	uint64_t seq, upto;
	size_t n;

	memset(region, 0, sizeof(region));
	for (seq = 1; seq <= 20; seq++)
		put_event(region, 8, seq, seq);
	/* Event 18 is being written: seq zeroed, members half new. */
	region[(18 - 1) % 8].seq = 0;
	region[(18 - 1) % 8].args[0] = 999;
	n = ktr_read_cpu(region, 8, 20, 0, 0, out, NULL);
	cr_assert_eq(n, 7, "the dump skips the torn slot");
	cr_assert_eq(out[4].seq, 17);
	cr_assert_eq(out[5].seq, 19);
	/* The echo stops before it, to print it once it is published. */
	n = ktr_read_cpu(region, 8, 20, 12, 0, out, &upto);
	cr_assert_eq(n, 5);
	cr_assert_eq(upto, 17);
	/* Head moved on while we read: slot 20's event was overwritten by 28. */
	put_event(region, 8, 28, 28);
	region[(18 - 1) % 8].seq = 18;
	n = ktr_read_cpu(region, 8, 20, 12, 0, out, &upto);
	cr_assert_eq(n, 7);
	cr_assert_eq(out[6].seq, 19);
	cr_assert_eq(upto, 20);
}

Test(ktr, merge_order)
{
	static const uint64_t ts[2][3] = { { 10, 20, 30 }, { 15, 20, 25 } };
	static const uint32_t want_cpu[] = { 0, 1, 0, 1, 1, 0 };
	static const uint64_t want_ts[] = { 10, 15, 20, 20, 25, 30 };
	struct ktr_event *ev;
	struct ktr k;
	size_t n, i;
	uint32_t c;

	/* A recorder in plain memory: 2 CPUs, room for 4, 3 in use. */
	memset(&k, 0, sizeof(k));
	k.active = 1;
	k.pins.ncpus = 2;
	k.pins.capacity = 4;
	k.ctl = calloc(1, sizeof(*k.ctl));
	k.buf = calloc(8, sizeof(struct spt_ktr_entry));
	cr_assert(k.ctl && k.buf);
	k.ctl->entries = 3;
	for (c = 0; c < 2; c++) {
		struct spt_ktr_entry *region = (struct spt_ktr_entry *)k.buf + c * 4;

		/* Five events per CPU: the oldest two are overwritten. */
		put_event(region, 3, 1, 1);
		put_event(region, 3, 2, 2);
		for (i = 0; i < 3; i++)
			put_event(region, 3, 3 + i, ts[c][i]);
		k.ctl->cpu[c].head = 5;
	}
	cr_assert_eq(ktr_collect(&k, NULL, &ev, &n, NULL), 0);
	cr_assert_eq(n, 6);
	for (i = 0; i < n; i++) {
		cr_assert_eq(ev[i].ts, want_ts[i], "event %zu: ts %llu", i,
			     (unsigned long long)ev[i].ts);
		cr_assert_eq(ev[i].cpu, want_cpu[i], "event %zu: cpu %u", i, ev[i].cpu);
	}
	free(ev);

	/* Equal times on one CPU keep their order on that CPU. */
	put_event((struct spt_ktr_entry *)k.buf, 3, 6, 40);
	put_event((struct spt_ktr_entry *)k.buf, 3, 7, 40);
	k.ctl->cpu[0].head = 7;
	cr_assert_eq(ktr_collect(&k, NULL, &ev, &n, NULL), 0);
	cr_assert_eq(n, 6);
	cr_assert_eq(ev[4].seq, 6);
	cr_assert_eq(ev[5].seq, 7);
	free(ev);
	free(k.ctl);
	free((void *)k.buf);
}
