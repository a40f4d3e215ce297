/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The option table. Parsing is strict: trailing garbage, zero sizes and
 * overflow are errors, so a typo never silently becomes a default.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ktrfmt.h"
#include "opt.h"

void opt_init(struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->bufsize = OPT_DEFAULT_BUFSIZE;
	o->bufpolicy = OPT_BUF_SWITCH;
	o->switchrate_ns = OPT_NSEC_PER_SEC;	/* DTrace's default: 1hz */
	/* DTrace polls at 1hz; exit() should not take a second to show. */
	o->statusrate_ns = OPT_NSEC_PER_SEC / 100;
	o->dynvarsize = 1ULL << 20;
	o->aggsize = 4ULL << 20;
	o->aggrate_ns = OPT_NSEC_PER_SEC;
	o->nspec = 1;
	o->specsize = 256ULL << 10;
	o->cleanrate_ns = OPT_NSEC_PER_SEC / 101;	/* DTrace's 101 Hz */
	o->strsize = 256;
}

/* Parse the leading unsigned decimal number of S; *END points past it. */
static int parse_num(const char *s, uint64_t *v, const char **end)
{
	char *e;

	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &e, 10);
	if (errno)
		return -EINVAL;
	*end = e;
	return 0;
}

int opt_parse_size(const char *s, uint64_t *out)
{
	const char *end;
	uint64_t v, mul = 1;

	if (!s || parse_num(s, &v, &end))
		return -EINVAL;
	if (*end) {
		switch (tolower((unsigned char)*end)) {
		case 'k': mul = 1ULL << 10; break;
		case 'm': mul = 1ULL << 20; break;
		case 'g': mul = 1ULL << 30; break;
		case 't': mul = 1ULL << 40; break;
		default: return -EINVAL;
		}
		end++;
		if (*end == 'b' || *end == 'B')
			end++;
		if (*end)
			return -EINVAL;
	}
	if (v == 0 || v > UINT64_MAX / mul)
		return -EINVAL;
	*out = v * mul;
	return 0;
}

void opt_format_size(uint64_t size, char *buf, size_t len)
{
	static const char suffix[] = "tgmk";
	int i;

	for (i = 0; i < 4; i++) {
		unsigned int shift = (unsigned int)(40 - 10 * i);

		if (size && size % (1ULL << shift) == 0) {
			snprintf(buf, len, "%llu%c", (unsigned long long)(size >> shift),
				 suffix[i]);
			return;
		}
	}
	snprintf(buf, len, "%llu", (unsigned long long)size);
}

struct rate_unit {
	const char *name;
	uint64_t ns;	/* interval of one unit; 0 means hz */
};

static const struct rate_unit rate_units[] = {
	{ "hz", 0 },
	{ "ns", 1 }, { "nsec", 1 },
	{ "us", 1000 }, { "usec", 1000 },
	{ "ms", 1000000 }, { "msec", 1000000 },
	{ "s", OPT_NSEC_PER_SEC }, { "sec", OPT_NSEC_PER_SEC },
	{ "m", 60 * OPT_NSEC_PER_SEC }, { "min", 60 * OPT_NSEC_PER_SEC },
	{ "h", 3600 * OPT_NSEC_PER_SEC }, { "hour", 3600 * OPT_NSEC_PER_SEC },
	{ "d", 86400 * OPT_NSEC_PER_SEC }, { "day", 86400 * OPT_NSEC_PER_SEC },
};

int opt_parse_rate(const char *s, uint64_t *interval_ns)
{
	const char *end;
	uint64_t v;
	size_t i;

	if (!s || parse_num(s, &v, &end) || v == 0)
		return -EINVAL;
	if (!*end) {
		if (v > OPT_NSEC_PER_SEC)
			return -EINVAL;
		*interval_ns = OPT_NSEC_PER_SEC / v;
		return 0;
	}
	for (i = 0; i < sizeof(rate_units) / sizeof(rate_units[0]); i++) {
		const struct rate_unit *u = &rate_units[i];

		if (strcasecmp(end, u->name))
			continue;
		if (!u->ns) {
			if (v > OPT_NSEC_PER_SEC)
				return -EINVAL;
			*interval_ns = OPT_NSEC_PER_SEC / v;
		} else {
			if (v > UINT64_MAX / u->ns)
				return -EINVAL;
			*interval_ns = v * u->ns;
		}
		return 0;
	}
	return -EINVAL;
}

static void set_err(char *err, size_t errlen, const char *msg)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", msg);
}

static int set_bufsize(struct opts *o, const char *v, char *err, size_t errlen)
{
	uint64_t sz;

	if (opt_parse_size(v, &sz)) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	/*
	 * Records are 8-byte aligned. The kernel decides how much it grants
	 * (bufresize); beyond a terabyte per CPU is a typo.
	 */
	if (sz > OPT_MAX_BUFSIZE) {
		set_err(err, errlen, "value exceeds the maximum of 1t");
		return -EINVAL;
	}
	o->bufsize = (sz + 7) & ~7ULL;
	return 0;
}

static int set_bufpolicy(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (v && !strcmp(v, "switch")) {
		o->bufpolicy = OPT_BUF_SWITCH;
		return 0;
	}
	if (v && !strcmp(v, "fill")) {
		o->bufpolicy = OPT_BUF_FILL;
		return 0;
	}
	if (v && !strcmp(v, "ring")) {
		o->bufpolicy = OPT_BUF_RING;
		return 0;
	}
	set_err(err, errlen, "invalid value for specified option");
	return -EINVAL;
}

static int set_bufresize(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (v && !strcmp(v, "auto")) {
		o->bufresize = OPT_RESIZE_AUTO;
		return 0;
	}
	if (v && !strcmp(v, "manual")) {
		o->bufresize = OPT_RESIZE_MANUAL;
		return 0;
	}
	set_err(err, errlen, "invalid value for specified option");
	return -EINVAL;
}

static int set_sysattach(struct opts *o, const char *v, char *err, size_t errlen)
{
	static const char *const names[] = { "auto", "raw", "tracepoint" };
	size_t i;

	for (i = 0; v && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(v, names[i])) {
			o->sysattach = (enum opt_sysattach)i;
			return 0;
		}
	set_err(err, errlen, "invalid value for specified option");
	return -EINVAL;
}

static int set_switchrate(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (opt_parse_rate(v, &o->switchrate_ns)) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	return 0;
}

static int set_statusrate(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (opt_parse_rate(v, &o->statusrate_ns)) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	return 0;
}

static int set_dynvarsize(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (opt_parse_size(v, &o->dynvarsize) || o->dynvarsize > (1ULL << 32)) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	return 0;
}

static int set_aggsize(struct opts *o, const char *v, char *err, size_t errlen)
{
	uint64_t sz;

	if (opt_parse_size(v, &sz) || !sz || sz > (1ULL << 32)) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	o->aggsize = sz;
	return 0;
}

static int set_aggrate(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (opt_parse_rate(v, &o->aggrate_ns)) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	return 0;
}

static int set_flag(bool *f, const char *v, char *err, size_t errlen)
{
	if (v && strcmp(v, "1") && strcmp(v, "0")) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	*f = !v || !strcmp(v, "1");
	return 0;
}

static int set_aggsortkey(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->aggsortkey, v, err, errlen);
}

static int set_aggsortrev(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->aggsortrev, v, err, errlen);
}

static int set_pos(uint32_t *p, const char *v, char *err, size_t errlen)
{
	char *end;
	unsigned long n;

	if (!v || !*v)
		goto bad;
	errno = 0;
	n = strtoul(v, &end, 0);
	if (*end || errno || n > 255)
		goto bad;
	*p = (uint32_t)n;
	return 0;
bad:
	set_err(err, errlen, "invalid value for specified option");
	return -EINVAL;
}

static int set_aggsortkeypos(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_pos(&o->aggsortkeypos, v, err, errlen);
}

static int set_aggsortpos(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_pos(&o->aggsortpos, v, err, errlen);
}

static int set_nspec(struct opts *o, const char *v, char *err, size_t errlen)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = v ? strtoul(v, &end, 0) : 0;
	if (!v || !*v || *end || errno || *v == '-' || n < 1 || n > 64) {
		set_err(err, errlen, "invalid value for specified option (1 to 64 slots)");
		return -EINVAL;
	}
	o->nspec = (uint32_t)n;
	return 0;
}

static int set_specsize(struct opts *o, const char *v, char *err, size_t errlen)
{
	uint64_t sz;

	if (opt_parse_size(v, &sz) || sz < 8 || sz > (64ULL << 20)) {
		set_err(err, errlen, "invalid value for specified option (8 bytes to 64m)");
		return -EINVAL;
	}
	o->specsize = (sz + 7) & ~7ULL;
	return 0;
}

static int set_cleanrate(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (opt_parse_rate(v, &o->cleanrate_ns)) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	return 0;
}

static int set_temporal(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->temporal, v, err, errlen);
}

static int set_flowindent(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (v && strcmp(v, "1") && strcmp(v, "0")) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	o->flowindent = !v || !strcmp(v, "1");
	return 0;
}

/* FreeBSD's dtrace also has xml and html (through libxo). */
static int set_oformat(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (v && !strcmp(v, "text")) {
		o->oformat = OPT_OFMT_TEXT;
		return 0;
	}
	if (v && !strcmp(v, "json")) {
		o->oformat = OPT_OFMT_JSON;
		return 0;
	}
	if (v && (!strcmp(v, "xml") || !strcmp(v, "html"))) {
		set_err(err, errlen, "not supported: only text and json");
		return -ENOTSUP;
	}
	set_err(err, errlen, "invalid value for specified option");
	return -EINVAL;
}

static int set_destructive(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->destructive, v, err, errlen);
}

static int set_quiet(struct opts *o, const char *v, char *err, size_t errlen)
{
	if (v && strcmp(v, "1") && strcmp(v, "0")) {
		set_err(err, errlen, "invalid value for specified option");
		return -EINVAL;
	}
	o->quiet = !v || !strcmp(v, "1");
	return 0;
}

/* Compiler flags (dtrace's cflags): no value, or 0/1 as set_flag takes. */
static int set_errtags(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->errtags, v, err, errlen);
}

static int set_defaultargs(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->defaultargs, v, err, errlen);
}

static int set_argref(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->argref, v, err, errlen);
}

/* dtrace-utils ignores droptags' value: -x droptags=0 sets it too. */
static int set_droptags(struct opts *o, const char *v, char *err, size_t errlen)
{
	(void)v;
	(void)err;
	(void)errlen;
	o->droptags = true;
	return 0;
}

static int set_quietresize(struct opts *o, const char *v, char *err, size_t errlen)
{
	return set_flag(&o->quietresize, v, err, errlen);
}

struct opt_def {
	const char *name;
	int (*set)(struct opts *o, const char *v, char *err, size_t errlen);
};

static const struct opt_def opt_defs[] = {
	{ "aggrate", set_aggrate },
	{ "aggsize", set_aggsize },
	{ "aggsortkey", set_aggsortkey },
	{ "aggsortkeypos", set_aggsortkeypos },
	{ "aggsortpos", set_aggsortpos },
	{ "aggsortrev", set_aggsortrev },
	{ "argref", set_argref },
	{ "bufpolicy", set_bufpolicy },
	{ "bufresize", set_bufresize },
	{ "bufsize", set_bufsize },
	{ "cleanrate", set_cleanrate },
	{ "defaultargs", set_defaultargs },
	{ "destructive", set_destructive },
	{ "droptags", set_droptags },
	{ "dynvarsize", set_dynvarsize },
	{ "errtags", set_errtags },
	{ "flowindent", set_flowindent },
	{ "ktr_cpumask", ktrfmt_opt_cpumask },
	{ "ktr_entries", ktrfmt_opt_entries },
	{ "ktr_mask", ktrfmt_opt_mask },
	{ "ktr_verbose", ktrfmt_opt_verbose },
	{ "nspec", set_nspec },
	{ "oformat", set_oformat },
	{ "quiet", set_quiet },
	{ "quietresize", set_quietresize },
	{ "specsize", set_specsize },
	{ "statusrate", set_statusrate },
	{ "switchrate", set_switchrate },
	{ "sysattach", set_sysattach },
	{ "temporal", set_temporal },
};

int opt_set(struct opts *o, const char *name, const char *value, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < sizeof(opt_defs) / sizeof(opt_defs[0]); i++)
		if (!strcmp(opt_defs[i].name, name))
			return opt_defs[i].set(o, value, err, errlen);
	set_err(err, errlen, "invalid option name");
	return -ENOENT;
}
