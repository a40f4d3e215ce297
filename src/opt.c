/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The option table: every option dtrace(1) has (dtrace-utils' table, plus
 * spectrace's own: oformat, temporal, ktr_*), each with DTrace's value
 * grammar (opt.h) and DTrace's error texts. An option spectrace has no use
 * for on Linux is parsed all the same, so a bad value is an error as in
 * DTrace, and then has no effect (README lists them); one whose feature
 * spectrace lacks is refused with "not supported".
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abi/limits.h"
#include "ktrfmt.h"
#include "opt.h"

void opt_init(struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->bufsize = OPT_DEFAULT_BUFSIZE;
	o->bufpolicy = OPT_BUF_SWITCH;
	o->switchrate_ns = OPT_NSEC_PER_SEC; /* DTrace's default: 1hz */
	/* DTrace polls at 1hz; exit() should not take a second to show. */
	o->statusrate_ns = OPT_NSEC_PER_SEC / 100;
	o->dynvarsize = 1ULL << 20;
	o->aggsize = 4ULL << 20;
	o->scratchsize = 8 + SPT_SCRATCH_MAX;
	o->aggrate_ns = OPT_NSEC_PER_SEC;
	o->nspec = 1;
	o->stackindent = 14;
	o->specsize = 256ULL << 10;
	o->cleanrate_ns = OPT_NSEC_PER_SEC / 101; /* DTrace's 101 Hz */
	o->strsize = 256;
	o->stdc = 'a';
}

void opt_fini(struct opts *o)
{
	size_t i;

	for (i = 0; i < o->ncppv; i++)
		free(o->cppv[i].arg);
	free(o->cppv);
	free(o->cpppath);
	free(o->cppargs);
	o->cppv = NULL;
	o->ncppv = 0;
	o->cpppath = o->cppargs = NULL;
}

/* strtoull base 0 over all of S, which must not be negative. */
static int parse_c_int(const char *s, const char *end_at, uint64_t *v)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '-' || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &e, 0);
	if (errno || e != end_at)
		return -EINVAL;
	return 0;
}

int opt_parse_runtime(const char *s, int64_t *out)
{
	static const char *const on[] = { "yes", "enable", "enabled", "true", "on", "set" };
	static const char *const off[] = { "no", "disable", "disabled", "false", "off", "unset" };
	uint64_t v;
	size_t i;

	if (!s) {
		*out = 0;
		return 0;
	}
	if (!*s) {
		*out = OPT_UNSET;
		return 0;
	}
	for (i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		if (!strcasecmp(s, on[i])) {
			*out = 1;
			return 0;
		}
		if (!strcasecmp(s, off[i])) {
			*out = OPT_UNSET;
			return 0;
		}
	}
	if (parse_c_int(s, s + strlen(s), &v) || v > INT64_MAX)
		return -EINVAL;
	*out = (int64_t)v;
	return 0;
}

int opt_parse_size(const char *s, uint64_t *out)
{
	uint64_t v, mul = 1;
	size_t len;

	if (!s || !*s) {
		*out = 0;
		return 0;
	}
	len = strlen(s);
	switch (s[len - 1]) {
	case 't':
	case 'T':
		mul = 1ULL << 40;
		break;
	case 'g':
	case 'G':
		mul = 1ULL << 30;
		break;
	case 'm':
	case 'M':
		mul = 1ULL << 20;
		break;
	case 'k':
	case 'K':
		mul = 1ULL << 10;
		break;
	default:
		break;
	}
	if (parse_c_int(s, s + len - (mul > 1), &v) || v > (uint64_t)INT64_MAX / mul)
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
	uint64_t ns; /* interval of one unit; 0 means hz */
};

static const struct rate_unit rate_units[] = {
	{ "", 0 }, /* the seeds: a bare number is per second */
	{ "hz", 0 },
	{ "ns", 1 },
	{ "nsec", 1 },
	{ "us", 1000 },
	{ "usec", 1000 },
	{ "ms", 1000000 },
	{ "msec", 1000000 },
	{ "s", OPT_NSEC_PER_SEC },
	{ "sec", OPT_NSEC_PER_SEC },
	{ "m", 60 * OPT_NSEC_PER_SEC },
	{ "min", 60 * OPT_NSEC_PER_SEC },
	{ "h", 3600 * OPT_NSEC_PER_SEC },
	{ "hour", 3600 * OPT_NSEC_PER_SEC },
	{ "d", 86400 * OPT_NSEC_PER_SEC },
	{ "day", 86400 * OPT_NSEC_PER_SEC },
};

int opt_parse_rate(const char *s, uint64_t *interval_ns)
{
	const char *p = s;
	char *end;
	uint64_t v;
	size_t i;

	if (!s || !*s) {
		*interval_ns = 0;
		return 0;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '-' || !isdigit((unsigned char)*p))
		return -EINVAL;
	/* As strtoull reads it: "0x1d" is hex 0x1d, "0x1day" 0x1da then "y". */
	errno = 0;
	v = strtoull(p, &end, 0);
	if (errno)
		return -EINVAL;
	for (i = 0; i < sizeof(rate_units) / sizeof(rate_units[0]); i++) {
		const struct rate_unit *u = &rate_units[i];

		if (strcasecmp(end, u->name))
			continue;
		if (!u->ns) {
			*interval_ns = v ? OPT_NSEC_PER_SEC / v : 0;
		} else {
			if (v > UINT64_MAX / u->ns)
				return -EINVAL;
			*interval_ns = v * u->ns;
		}
		return 0;
	}
	return -EINVAL;
}

static int fail(char *err, size_t errlen, int ret, const char *msg)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", msg);
	return ret;
}

#define BADVAL() fail(err, errlen, -EINVAL, OPT_E_VALUE)

/* An option's setter: the slot it writes (see the table), the value given. */
struct opt_def;
typedef int (*opt_setter)(struct opts *o, const struct opt_def *d, const char *v, char *err,
			  size_t errlen);

enum {
	OPT_F_NOPRAGMA = 1, /* "Option cannot be used from within a D program" */
};

struct opt_def {
	const char *name;
	opt_setter set;
	size_t off; /* offsetof the field in struct opts, for the generic setters */
	unsigned int flags;
	const char *words; /* keyword options: the accepted words, '|'-separated */
};

#define FIELD(o, d, type) ((type *)(void *)((char *)(o) + (d)->off))

/* Boolean run-time options: on unless the value says unset. */
static int set_bool(struct opts *o, const struct opt_def *d, const char *v, char *err,
		    size_t errlen)
{
	int64_t n;

	if (opt_parse_runtime(v, &n))
		return BADVAL();
	*FIELD(o, d, bool) = n != OPT_UNSET;
	return 0;
}

/* Integer run-time options spectrace stores: unset reads as 0. */
static int set_u32(struct opts *o, const struct opt_def *d, const char *v, char *err, size_t errlen)
{
	int64_t n;

	if (opt_parse_runtime(v, &n))
		return BADVAL();
	*FIELD(o, d, uint32_t) = n == OPT_UNSET ? 0 : n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
	return 0;
}

/* cpu: the one CPU clauses run on; unset: all (no range check against the CPUs, as dtrace). */
static int set_cpu(struct opts *o, const struct opt_def *d, const char *v, char *err, size_t errlen)
{
	int64_t n;

	(void)d;
	if (opt_parse_runtime(v, &n))
		return BADVAL();
	o->cpu1 = n == OPT_UNSET ? 0 : n >= UINT32_MAX ? UINT32_MAX : (uint32_t)n + 1;
	return 0;
}

/* Integer and boolean options that have nothing to tune in spectrace: checked only. */
static int set_runtime_check(struct opts *o, const struct opt_def *d, const char *v, char *err,
			     size_t errlen)
{
	int64_t n;

	(void)o;
	(void)d;
	return opt_parse_runtime(v, &n) ? BADVAL() : 0;
}

/* Compiler flags: given alone, never with a value (not even an empty one). */
static int set_cflag(struct opts *o, const struct opt_def *d, const char *v, char *err,
		     size_t errlen)
{
	if (v)
		return BADVAL();
	if (d->off != (size_t)-1)
		*FIELD(o, d, bool) = true;
	return 0;
}

/* Flags whose value DTrace reads not at all (droptags, lazyload, linknommap). */
static int set_anyflag(struct opts *o, const struct opt_def *d, const char *v, char *err,
		       size_t errlen)
{
	(void)v;
	(void)err;
	(void)errlen;
	if (d->off != (size_t)-1)
		*FIELD(o, d, bool) = true;
	return 0;
}

static int set_size_check(struct opts *o, const struct opt_def *d, const char *v, char *err,
			  size_t errlen)
{
	uint64_t sz;

	(void)o;
	(void)d;
	return opt_parse_size(v, &sz) ? BADVAL() : 0;
}

static int set_size(struct opts *o, const struct opt_def *d, const char *v, char *err,
		    size_t errlen)
{
	uint64_t sz;

	if (opt_parse_size(v, &sz))
		return BADVAL();
	*FIELD(o, d, uint64_t) = sz;
	return 0;
}

static int set_rate(struct opts *o, const struct opt_def *d, const char *v, char *err,
		    size_t errlen)
{
	uint64_t ns;

	if (opt_parse_rate(v, &ns))
		return BADVAL();
	*FIELD(o, d, uint64_t) = ns;
	return 0;
}

/* Keyword options: one of d->words, exactly (case matters but for linktype). */
static int word_index(const struct opt_def *d, const char *v, bool anycase)
{
	const char *w = d->words;
	size_t len;
	int i = 0;

	if (!v)
		return -1;
	len = strlen(v);
	while (*w) {
		size_t n = strcspn(w, "|");

		if (n == len && (anycase ? !strncasecmp(w, v, n) : !strncmp(w, v, n)))
			return i;
		w += n + (w[n] == '|');
		i++;
	}
	return -1;
}

static int set_word_check(struct opts *o, const struct opt_def *d, const char *v, char *err,
			  size_t errlen)
{
	(void)o;
	return word_index(d, v, !strcmp(d->name, "linktype")) < 0 ? BADVAL() : 0;
}

/* String options: a value is required; the ones spectrace uses are kept. */
static int set_string_check(struct opts *o, const struct opt_def *d, const char *v, char *err,
			    size_t errlen)
{
	(void)o;
	(void)d;
	return v ? 0 : BADVAL();
}

static int set_string(struct opts *o, const struct opt_def *d, const char *v, char *err,
		      size_t errlen)
{
	char *s, **slot = FIELD(o, d, char *);

	if (!v)
		return BADVAL();
	s = strdup(v);
	if (!s)
		return fail(err, errlen, -ENOMEM, "out of memory");
	free(*slot);
	*slot = s;
	return 0;
}

/* -D, -U, -I and -x define, undef, incdir: kept in order for cpp. */
static int set_cpparg(struct opts *o, const struct opt_def *d, const char *v, char *err,
		      size_t errlen)
{
	struct opt_cpparg *nv;
	char *s;

	if (!v)
		return BADVAL();
	nv = realloc(o->cppv, (o->ncppv + 1) * sizeof(*nv));
	if (!nv)
		return fail(err, errlen, -ENOMEM, "out of memory");
	o->cppv = nv;
	s = strdup(v);
	if (!s)
		return fail(err, errlen, -ENOMEM, "out of memory");
	nv[o->ncppv].flag = d->name[0] == 'd' ? 'D' : d->name[0] == 'u' ? 'U' : 'I';
	nv[o->ncppv++].arg = s;
	return 0;
}

static int set_bufsize(struct opts *o, const struct opt_def *d, const char *v, char *err,
		       size_t errlen)
{
	uint64_t sz;

	(void)d;
	if (opt_parse_size(v, &sz))
		return BADVAL();
	/* Records are 8-byte aligned; the kernel decides what it grants (bufresize). */
	o->bufsize = sz > UINT64_MAX - 7 ? sz : (sz + 7) & ~7ULL;
	return 0;
}

static int set_bufpolicy(struct opts *o, const struct opt_def *d, const char *v, char *err,
			 size_t errlen)
{
	static const enum opt_bufpolicy pol[] = { OPT_BUF_RING, OPT_BUF_FILL, OPT_BUF_SWITCH };
	int i = word_index(d, v, false);

	if (i < 0)
		return BADVAL();
	o->bufpolicy = pol[i];
	return 0;
}

static int set_bufresize(struct opts *o, const struct opt_def *d, const char *v, char *err,
			 size_t errlen)
{
	int i = word_index(d, v, false);

	if (i < 0)
		return BADVAL();
	o->bufresize = i == 0 ? OPT_RESIZE_AUTO : OPT_RESIZE_MANUAL;
	return 0;
}

static int set_sysattach(struct opts *o, const struct opt_def *d, const char *v, char *err,
			 size_t errlen)
{
	int i = word_index(d, v, false);

	if (i < 0)
		return BADVAL();
	o->sysattach = (enum opt_sysattach)i;
	return 0;
}

static int set_nspec(struct opts *o, const struct opt_def *d, const char *v, char *err,
		     size_t errlen)
{
	int64_t n;

	(void)d;
	if (opt_parse_runtime(v, &n))
		return BADVAL();
	/* The seeds' slots live in the kernel: at least one, at most 64. */
	if (n < 1 || n > 64)
		return fail(err, errlen, -EINVAL, OPT_E_VALUE " (1 to 64 slots)");
	o->nspec = (uint32_t)n;
	return 0;
}

static int set_specsize(struct opts *o, const struct opt_def *d, const char *v, char *err,
			size_t errlen)
{
	uint64_t sz;

	(void)d;
	if (opt_parse_size(v, &sz))
		return BADVAL();
	if (sz < 8 || sz > (64ULL << 20))
		return fail(err, errlen, -EINVAL, OPT_E_VALUE " (8 bytes to 64m)");
	o->specsize = (sz + 7) & ~7ULL;
	return 0;
}

static int set_strsize(struct opts *o, const struct opt_def *d, const char *v, char *err,
		       size_t errlen)
{
	uint64_t sz;

	(void)d;
	if (opt_parse_size(v, &sz) || sz < 2)
		return BADVAL();
	if (sz > UINT32_MAX)
		return fail(err, errlen, -EOVERFLOW, strerror(EOVERFLOW));
	/* Kept as asked; the loader lowers it to what the kernel side holds, and says so. */
	o->strsize = sz;
	return 0;
}

static int set_lockmem(struct opts *o, const struct opt_def *d, const char *v, char *err,
		       size_t errlen)
{
	/* dtrace-utils ignores a bad lockmem value; the syntax is checked here all the same */
	if (v && !strcmp(v, "unlimited"))
		return 0;
	return set_size_check(o, d, v, err, errlen);
}

/*
 * dtrace stores n > 0 as roundup(n + 8, 8): 8 bytes of header and the
 * space alloca() and copyin() may use. The kernel side has at most
 * SPT_SCRATCH_MAX of it: more is refused as not supported.
 */
static int set_scratchsize(struct opts *o, const struct opt_def *d, const char *v, char *err,
			   size_t errlen)
{
	uint64_t sz;

	(void)d;
	if (opt_parse_size(v, &sz))
		return BADVAL();
	if (sz > SPT_SCRATCH_MAX) {
		if (err && errlen)
			snprintf(err, errlen, "not supported: scratch space above %d bytes",
				 SPT_SCRATCH_MAX);
		return -ENOTSUP;
	}
	o->scratchsize = sz ? (sz + 8 + 7) & ~7ULL : 0;
	return 0;
}

uint64_t opt_scratch_bytes(const struct opts *o)
{
	return o->scratchsize > 8 ? o->scratchsize - 8 : 0;
}

static int set_iregs(struct opts *o, const struct opt_def *d, const char *v, char *err,
		     size_t errlen)
{
	int64_t n;

	(void)o;
	(void)d;
	if (opt_parse_runtime(v, &n))
		return BADVAL();
	if (n >= 0 && n < 8)
		return fail(err, errlen, -EINVAL, "Insufficient registers to generate code");
	return n == 8 ? 0 : BADVAL();
}

static int set_positive(struct opts *o, const struct opt_def *d, const char *v, char *err,
			size_t errlen)
{
	int64_t n;

	(void)o;
	(void)d;
	if (!v || opt_parse_runtime(v, &n) || n == OPT_UNSET)
		return BADVAL();
	if (n <= 0 && (!strcmp(d->name, "tregs") || !strcmp(d->name, "tree")))
		return BADVAL();
	return 0;
}

/* version: x.y or x.y.z, no higher than the D version spectrace speaks (2.0). */
static int set_version(struct opts *o, const struct opt_def *d, const char *v, char *err,
		       size_t errlen)
{
	unsigned int maj = 0, min = 0, mic = 0;
	int n = 0;

	(void)o;
	(void)d;
	if (!v || (sscanf(v, "%u.%u%n", &maj, &min, &n) != 2) ||
	    (v[n] && (sscanf(v + n, ".%u%n", &mic, &n) != 1 || v[strlen(v) - 1] == '.')))
		return fail(err, errlen, -EINVAL, "Invalid version string");
	if (maj > 2 || (maj == 2 && (min || mic)))
		return fail(err, errlen, -EINVAL,
			    "Requested version is greater than the current version");
	if (maj == 0 || (maj == 1 && min > 14))
		return fail(err, errlen, -EINVAL, "Undefined version requested");
	return 0;
}

static int set_stdc(struct opts *o, const struct opt_def *d, const char *v, char *err,
		    size_t errlen)
{
	(void)d;
	if (!v || strlen(v) != 1 || !strchr("acst", v[0]))
		return BADVAL();
	o->stdc = v[0];
	return 0;
}

/* Options DTrace has but whose feature spectrace lacks: refused, never pretended. */
static int set_unsupported(struct opts *o, const struct opt_def *d, const char *v, char *err,
			   size_t errlen)
{
	(void)o;
	(void)v;
	if (err && errlen)
		snprintf(err, errlen, "not supported: option %s", d->name);
	return -ENOTSUP;
}

/* FreeBSD's dtrace also has xml and html (through libxo). */
static int set_oformat(struct opts *o, const struct opt_def *d, const char *v, char *err,
		       size_t errlen)
{
	(void)d;
	if (v && !strcmp(v, "text")) {
		o->oformat = OPT_OFMT_TEXT;
		return 0;
	}
	if (v && !strcmp(v, "json")) {
		o->oformat = OPT_OFMT_JSON;
		return 0;
	}
	if (v && (!strcmp(v, "xml") || !strcmp(v, "html")))
		return fail(err, errlen, -ENOTSUP, "not supported: only text and json");
	return BADVAL();
}

static int set_ktr(struct opts *o, const struct opt_def *d, const char *v, char *err, size_t errlen)
{
	if (!strcmp(d->name, "ktr_cpumask"))
		return ktrfmt_opt_cpumask(o, v, err, errlen);
	if (!strcmp(d->name, "ktr_entries"))
		return ktrfmt_opt_entries(o, v, err, errlen);
	if (!strcmp(d->name, "ktr_mask"))
		return ktrfmt_opt_mask(o, v, err, errlen);
	return ktrfmt_opt_verbose(o, v, err, errlen);
}

#define F(field) offsetof(struct opts, field)
#define NOF ((size_t)-1)

/*
 * dtrace-utils' options (dt_options.c), compile-time ones first as there,
 * then spectrace's. An entry without a field has nothing to set in
 * spectrace: README says why for each.
 */
/* clang-format off */
static const struct opt_def opt_defs[] = {
	/* compile-time */
	{ "amin", set_string_check, NOF, 0, NULL },
	{ "argref", set_cflag, F(argref), 0, NULL },
	{ "core", set_cflag, NOF, 0, NULL },
	{ "cpp", set_cflag, F(cpp), 0, NULL },
	{ "cpphdrs", set_cflag, F(cpphdrs), OPT_F_NOPRAGMA, NULL },
	{ "cpppath", set_string, F(cpppath), OPT_F_NOPRAGMA, NULL },
	{ "cppargs", set_string, F(cppargs), OPT_F_NOPRAGMA, NULL },
	{ "ctfpath", set_string_check, NOF, OPT_F_NOPRAGMA, NULL },
	{ "ctypes", set_unsupported, NOF, 0, NULL },
	{ "debug", set_cflag, NOF, 0, NULL },
	{ "debugassert", set_word_check, NOF, 0, "mutexes" },
	{ "defaultargs", set_cflag, F(defaultargs), 0, NULL },
	{ "define", set_cpparg, NOF, OPT_F_NOPRAGMA, NULL },
	{ "disasm", set_positive, NOF, 0, NULL },
	{ "dofstashpath", set_string_check, NOF, 0, NULL },
	{ "droptags", set_anyflag, F(droptags), 0, NULL },
	{ "dtypes", set_unsupported, NOF, 0, NULL },
	{ "empty", set_cflag, F(empty), 0, NULL },
	{ "errtags", set_cflag, F(errtags), 0, NULL },
	{ "evaltime", set_word_check, NOF, 0, "exec|preinit|postinit|main" },
	{ "incdir", set_cpparg, NOF, OPT_F_NOPRAGMA, NULL },
	{ "iregs", set_iregs, NOF, 0, NULL },
	{ "kdefs", set_cflag, NOF, 0, NULL },
	{ "knodefs", set_cflag, NOF, 0, NULL },
	{ "late", set_word_check, NOF, 0, "dynamic|static" },
	{ "lazyload", set_anyflag, NOF, 0, NULL },
	{ "ldpath", set_string_check, NOF, OPT_F_NOPRAGMA, NULL },
	{ "libdir", set_string_check, NOF, 0, NULL },
	{ "linkmode", set_word_check, NOF, 0, "kernel|dynamic|static" },
	{ "linknommap", set_anyflag, NOF, 0, NULL },
	{ "linktype", set_word_check, NOF, 0, "elf|dof" },
	{ "modpath", set_string_check, NOF, OPT_F_NOPRAGMA, NULL },
	{ "nolibs", set_cflag, NOF, 0, NULL },
	{ "pgmax", set_positive, NOF, 0, NULL },
	{ "preallocate", set_size_check, NOF, 0, NULL },
	{ "procfspath", set_string_check, NOF, OPT_F_NOPRAGMA, NULL },
	{ "pspec", set_cflag, NOF, 0, NULL },
	{ "stdc", set_stdc, NOF, OPT_F_NOPRAGMA, NULL },
	{ "strip", set_cflag, NOF, 0, NULL },
	{ "syslibdir", set_string_check, NOF, 0, NULL },
	{ "sysslice", set_string_check, NOF, 0, NULL },
	{ "tree", set_positive, NOF, 0, NULL },
	{ "tregs", set_positive, NOF, 0, NULL },
	{ "udefs", set_cflag, NOF, 0, NULL },
	{ "undef", set_cpparg, NOF, OPT_F_NOPRAGMA, NULL },
	{ "unodefs", set_cflag, NOF, 0, NULL },
	{ "useruid", set_positive, NOF, 0, NULL },
	{ "verbose", set_cflag, F(verbose), 0, NULL },
	{ "version", set_version, NOF, 0, NULL },
	{ "zdefs", set_cflag, F(zdefs), 0, NULL },
	/* dynamic run-time */
	{ "aggpercpu", set_cflag, F(aggpercpu), 0, NULL },
	{ "aggrate", set_rate, F(aggrate_ns), 0, NULL },
	{ "aggsortkey", set_bool, F(aggsortkey), 0, NULL },
	{ "aggsortkeypos", set_u32, F(aggsortkeypos), 0, NULL },
	{ "aggsortpos", set_u32, F(aggsortpos), 0, NULL },
	{ "aggsortrev", set_bool, F(aggsortrev), 0, NULL },
	{ "flowindent", set_bool, F(flowindent), 0, NULL },
	{ "printsize", set_size_check, NOF, 0, NULL },
	{ "quiet", set_bool, F(quiet), 0, NULL },
	{ "quietresize", set_bool, F(quietresize), 0, NULL },
	{ "rawbytes", set_bool, F(rawbytes), 0, NULL },
	{ "stackindent", set_u32, F(stackindent), 0, NULL },
	{ "switchrate", set_rate, F(switchrate_ns), 0, NULL },
	/* run-time */
	{ "aggsize", set_size, F(aggsize), 0, NULL },
	{ "bpflog", set_bool, F(bpflog), 0, NULL },
	{ "bpflogsize", set_size_check, NOF, 0, NULL },
	{ "bufpolicy", set_bufpolicy, NOF, 0, "ring|fill|switch" },
	{ "bufresize", set_bufresize, NOF, 0, "auto|manual" },
	{ "bufsize", set_bufsize, NOF, 0, NULL },
	{ "cleanrate", set_rate, F(cleanrate_ns), 0, NULL },
	{ "cpu", set_cpu, NOF, 0, NULL },
	{ "destructive", set_bool, F(destructive), 0, NULL },
	{ "dynvarsize", set_size, F(dynvarsize), 0, NULL },
	{ "grabanon", set_runtime_check, NOF, 0, NULL },
	{ "jstackframes", set_runtime_check, NOF, 0, NULL },
	{ "jstackstrsize", set_size_check, NOF, 0, NULL },
	{ "lockmem", set_lockmem, NOF, OPT_F_NOPRAGMA, NULL },
	{ "maxframes", set_u32, F(maxframes), 0, NULL },
	{ "noresolve", set_bool, F(noresolve), 0, NULL },
	{ "nspec", set_nspec, NOF, 0, NULL },
	{ "pcapsize", set_size_check, NOF, 0, NULL },
	{ "scratchsize", set_scratchsize, NOF, 0, NULL },
	{ "specsize", set_specsize, NOF, 0, NULL },
	{ "stackframes", set_u32, F(stackframes), 0, NULL },
	{ "statusrate", set_rate, F(statusrate_ns), 0, NULL },
	{ "strsize", set_strsize, NOF, 0, NULL },
	{ "ustackframes", set_u32, F(ustackframes), 0, NULL },
	/* spectrace's own (temporal is illumos's) */
	{ "ktr_cpumask", set_ktr, NOF, 0, NULL },
	{ "ktr_entries", set_ktr, NOF, 0, NULL },
	{ "ktr_mask", set_ktr, NOF, 0, NULL },
	{ "ktr_verbose", set_ktr, NOF, 0, NULL },
	{ "oformat", set_oformat, NOF, 0, NULL },
	{ "sysattach", set_sysattach, NOF, 0, "auto|raw|tracepoint" },
	{ "temporal", set_bool, F(temporal), 0, NULL },
	{ "ustackwindow", set_size, F(ustackwindow), 0, NULL },
};
/* clang-format on */

#define NDEFS (sizeof(opt_defs) / sizeof(opt_defs[0]))

size_t opt_count(void)
{
	return NDEFS;
}

const char *opt_name(size_t i)
{
	return i < NDEFS ? opt_defs[i].name : NULL;
}

bool opt_flag_only(const char *name)
{
	size_t i;

	for (i = 0; i < NDEFS; i++)
		if (!strcmp(opt_defs[i].name, name))
			return opt_defs[i].set == set_cflag;
	return false;
}

int opt_set_in(struct opts *o, const char *name, const char *value, enum opt_ctx ctx, char *err,
	       size_t errlen)
{
	size_t i;

	for (i = 0; i < NDEFS; i++) {
		const struct opt_def *d = &opt_defs[i];

		if (strcmp(d->name, name))
			continue;
		if (ctx == OPT_CTX_PRAGMA && (d->flags & OPT_F_NOPRAGMA))
			return fail(err, errlen, -EPERM, OPT_E_CTX);
		return d->set(o, d, value, err, errlen);
	}
	return fail(err, errlen, -ENOENT, OPT_E_NAME);
}

int opt_set(struct opts *o, const char *name, const char *value, char *err, size_t errlen)
{
	return opt_set_in(o, name, value, OPT_CTX_CMDLINE, err, errlen);
}

void opt_set_env(struct opts *o, char *(*getenv_fn)(const char *))
{
	char var[64];
	size_t i, j;

	for (i = 0; i < NDEFS; i++) {
		const char *name = opt_defs[i].name, *v;

		j = (size_t)snprintf(var, sizeof(var), "DTRACE_OPT_");
		for (; *name && j < sizeof(var) - 1; name++)
			var[j++] = (char)toupper((unsigned char)*name);
		var[j] = '\0';
		v = getenv_fn(var);
		if (v)
			opt_set_in(o, opt_defs[i].name, v, OPT_CTX_ENV, NULL, 0);
	}
}
