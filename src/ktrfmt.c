/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Text forms of KTR data: the dump's printf-style formatter, class masks,
 * CPU sets and the -x ktr_* options.
 *
 * Invariants: the formatter never reads past FMTLEN or ARGS[NARGS - 1],
 * never writes past LEN, and never interprets a conversion it does not know
 * (%n, %f, %*d are copied as text): formats come from kernel maps that any
 * root process can write. Parsers accept the whole string or nothing.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <linux/types.h>

#include "abi/ktr.h"
#include "ktrfmt.h"
#include "opt.h"

_Static_assert(KTR_CPUSET_WORDS == SPT_KTR_MAX_CPUS / 64, "one bit per CPU");

#define KTRFMT_MAX_WIDTH 256 /* wider fields are clamped: a format cannot blow up a line */

struct sink {
	char *buf;
	size_t len;
	size_t pos; /* characters produced, also past LEN */
};

static void put(struct sink *s, char c)
{
	if (s->pos + 1 < s->len)
		s->buf[s->pos] = c;
	s->pos++;
}

static void put_n(struct sink *s, char c, unsigned int n)
{
	while (n--)
		put(s, c);
}

static void put_str(struct sink *s, const char *p, size_t n)
{
	while (n--)
		put(s, *p++);
}

struct spec {
	unsigned int minus : 1, plus : 1, space : 1, hash : 1, zero : 1;
	unsigned int width;
	int prec;	   /* -1: none */
	unsigned int bits; /* 8, 16, 32 or 64 */
	char conv;
};

/* An integer conversion: d i u x X o p s. */
static void put_int(struct sink *s, const struct spec *sp, uint64_t v)
{
	char digits[32], prefix[3];
	unsigned int nd = 0, np = 0, zeros = 0, total, pad, base = 10;
	const char *set = "0123456789abcdef";
	uint64_t mag = v;
	int pointer = sp->conv == 'p' || sp->conv == 's';

	if (sp->bits < 64 && !pointer) {
		uint64_t m = (1ULL << sp->bits) - 1;

		mag = v & m;
		if ((sp->conv == 'd' || sp->conv == 'i') && (mag >> (sp->bits - 1)))
			mag |= ~m; /* sign-extend */
	}
	if (sp->conv == 'd' || sp->conv == 'i') {
		if ((int64_t)mag < 0) {
			prefix[np++] = '-';
			mag = 0 - mag;
		} else if (sp->plus) {
			prefix[np++] = '+';
		} else if (sp->space) {
			prefix[np++] = ' ';
		}
	} else if (sp->conv == 'o') {
		base = 8;
	} else if (sp->conv != 'u') {
		base = 16;
		if (sp->conv == 'X')
			set = "0123456789ABCDEF";
		if (pointer || (sp->hash && mag)) {
			prefix[np++] = '0';
			prefix[np++] = sp->conv == 'X' ? 'X' : 'x';
		}
	}
	if (mag || sp->prec != 0 || pointer) {
		do {
			digits[nd++] = set[mag % base];
			mag /= base;
		} while (mag);
	}
	if (sp->prec > 0 && (unsigned int)sp->prec > nd)
		zeros = (unsigned int)sp->prec - nd;
	if (sp->conv == 'o' && sp->hash && !zeros && (!nd || digits[nd - 1] != '0'))
		zeros = 1;
	total = np + zeros + nd;
	pad = sp->width > total ? sp->width - total : 0;
	if (!sp->minus && !(sp->zero && sp->prec < 0))
		put_n(s, ' ', pad);
	put_str(s, prefix, np);
	if (!sp->minus && sp->zero && sp->prec < 0)
		put_n(s, '0', pad);
	put_n(s, '0', zeros);
	while (nd)
		put(s, digits[--nd]);
	if (sp->minus)
		put_n(s, ' ', pad);
}

static void put_char(struct sink *s, const struct spec *sp, uint64_t v)
{
	unsigned char c = (unsigned char)v;
	char text[5];
	unsigned int n = 1, pad;

	if (c >= 0x20 && c < 0x7f) {
		text[0] = (char)c;
	} else {
		/* A control byte would garble the dump's lines. */
		snprintf(text, sizeof(text), "\\x%02x", c);
		n = 4;
	}
	pad = sp->width > n ? sp->width - n : 0;
	if (!sp->minus)
		put_n(s, ' ', pad);
	put_str(s, text, n);
	if (sp->minus)
		put_n(s, ' ', pad);
}

/* Digits at *P (bounded by END) as a number clamped to KTRFMT_MAX_WIDTH. */
static unsigned int read_num(const char **p, const char *end)
{
	unsigned int v = 0;

	while (*p < end && isdigit((unsigned char)**p)) {
		v = v * 10 + (unsigned int)(**p - '0');
		if (v > KTRFMT_MAX_WIDTH)
			v = KTRFMT_MAX_WIDTH;
		(*p)++;
	}
	return v;
}

size_t ktrfmt_format(char *out, size_t len, const char *fmt, size_t fmtlen, const uint64_t *args,
		     unsigned int nargs)
{
	struct sink s = { out, len, 0 };
	const char *p = fmt, *end = fmt + strnlen(fmt, fmtlen);
	unsigned int ai = 0;

	while (p < end) {
		const char *start = p;
		struct spec sp;

		if (*p != '%') {
			put(&s, *p++);
			continue;
		}
		p++;
		memset(&sp, 0, sizeof(sp));
		sp.prec = -1;
		sp.bits = 32;
		for (; p < end; p++) {
			if (*p == '-')
				sp.minus = 1;
			else if (*p == '+')
				sp.plus = 1;
			else if (*p == ' ')
				sp.space = 1;
			else if (*p == '#')
				sp.hash = 1;
			else if (*p == '0')
				sp.zero = 1;
			else
				break;
		}
		sp.width = read_num(&p, end);
		if (p < end && *p == '.') {
			p++;
			sp.prec = (int)read_num(&p, end);
		}
		if (p < end && *p == 'h') {
			p++;
			sp.bits = 16;
			if (p < end && *p == 'h') {
				p++;
				sp.bits = 8;
			}
		} else if (p < end && *p == 'l') {
			p++;
			sp.bits = 64;
			if (p < end && *p == 'l')
				p++;
		} else if (p < end && (*p == 'j' || *p == 'z' || *p == 't')) {
			p++;
			sp.bits = 64;
		}
		sp.conv = p < end ? *p++ : '\0';
		switch (sp.conv) {
		default:
			/* "%%" alone is a percent sign; "%5%", "%n", "%f"... stay text. */
			if (sp.conv == '%' && p - start == 2)
				put(&s, '%');
			else
				put_str(&s, start, (size_t)(p - start));
			break;
		case 'd':
		case 'i':
		case 'u':
		case 'x':
		case 'X':
		case 'o':
		case 'p':
		case 's':
		case 'c':
			if (ai >= nargs) {
				put_str(&s, "(missing)", 9);
				break;
			}
			if (sp.conv == 'c')
				put_char(&s, &sp, args[ai++]);
			else
				put_int(&s, &sp, args[ai++]);
			break;
		}
	}
	if (len)
		out[s.pos < len ? s.pos : len - 1] = '\0';
	return s.pos;
}

struct class_name {
	const char *name;
	uint32_t bit;
};

static const struct class_name class_names[] = {
	{ "GEN", SPT_KTR_GEN },	    { "DISPATCH", SPT_KTR_DISPATCH }, { "BUF", SPT_KTR_BUF },
	{ "DROP", SPT_KTR_DROP },   { "SPEC", SPT_KTR_SPEC },	      { "CLEAN", SPT_KTR_CLEAN },
	{ "FAULT", SPT_KTR_FAULT }, { "AGG", SPT_KTR_AGG },	      { "TEST", SPT_KTR_TEST },
};

#define NCLASS_NAMES (sizeof(class_names) / sizeof(class_names[0]))

static int parse_class(const char *tok, size_t n, uint32_t *bits)
{
	char word[16], *e;
	unsigned long long v;
	size_t i;

	if (n == 0 || n >= sizeof(word))
		return -EINVAL;
	memcpy(word, tok, n);
	word[n] = '\0';
	if (isdigit((unsigned char)word[0])) {
		errno = 0;
		v = strtoull(word, &e, 0);
		if (errno || *e || v > UINT32_MAX)
			return -EINVAL;
		*bits = (uint32_t)v;
		return 0;
	}
	if (!strcasecmp(word, "ALL")) {
		*bits = SPT_KTR_ALL;
		return 0;
	}
	for (i = 0; i < NCLASS_NAMES; i++) {
		if (!strcasecmp(word, class_names[i].name)) {
			*bits = class_names[i].bit;
			return 0;
		}
	}
	if (!strncasecmp(word, "USER", 4) && isdigit((unsigned char)word[4])) {
		errno = 0;
		v = strtoull(word + 4, &e, 10);
		if (errno || *e || v > 15 || (word[4] == '0' && word[5]))
			return -EINVAL;
		*bits = SPT_KTR_USER(v);
		return 0;
	}
	return -EINVAL;
}

int ktrfmt_parse_mask(const char *s, uint32_t *mask)
{
	uint32_t m = 0, bits;

	if (!s || !*s)
		return -EINVAL;
	for (;;) {
		size_t n = strcspn(s, ",|");

		if (parse_class(s, n, &bits))
			return -EINVAL;
		m |= bits;
		if (!s[n])
			break;
		s += n + 1;
	}
	*mask = m;
	return 0;
}

static void sink_printf_u(struct sink *s, const char *pre, unsigned long long v, int hex)
{
	char num[32];
	int n = snprintf(num, sizeof(num), hex ? "0x%llx" : "%llu", v);

	put_str(s, pre, strlen(pre));
	put_str(s, num, (size_t)n);
}

size_t ktrfmt_mask_str(uint32_t mask, char *out, size_t len)
{
	struct sink s = { out, len, 0 };
	const char *sep = "";
	uint32_t rest = mask;
	size_t i;

	if (mask == SPT_KTR_ALL) {
		put_str(&s, "ALL", 3);
		rest = 0;
	}
	for (i = 0; i < NCLASS_NAMES && rest; i++) {
		if (rest & class_names[i].bit) {
			put_str(&s, sep, strlen(sep));
			put_str(&s, class_names[i].name, strlen(class_names[i].name));
			rest &= ~class_names[i].bit;
			sep = ",";
		}
	}
	for (i = 0; i < 16 && rest; i++) {
		if (rest & SPT_KTR_USER(i)) {
			sink_printf_u(&s, *sep ? ",USER" : "USER", i, 0);
			rest &= ~SPT_KTR_USER(i);
			sep = ",";
		}
	}
	if (rest || (!mask))
		sink_printf_u(&s, sep, rest, rest != 0);
	if (len)
		out[s.pos < len ? s.pos : len - 1] = '\0';
	return s.pos;
}

static int parse_cpu(const char **p, unsigned int *cpu)
{
	unsigned long v;
	char *e;

	if (!isdigit((unsigned char)**p))
		return -EINVAL;
	errno = 0;
	v = strtoul(*p, &e, 10);
	if (errno || v >= SPT_KTR_MAX_CPUS)
		return -EINVAL;
	*p = e;
	*cpu = (unsigned int)v;
	return 0;
}

int ktrfmt_parse_cpus(const char *s, uint64_t *set)
{
	uint64_t tmp[KTR_CPUSET_WORDS] = { 0 };
	unsigned int lo, hi, c;

	if (!s || !*s)
		return -EINVAL;
	if (!strcasecmp(s, "all")) {
		memset(set, 0xff, sizeof(tmp));
		return 0;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		unsigned long long v;
		char *e;

		if (!isxdigit((unsigned char)s[2]))
			return -EINVAL;
		errno = 0;
		v = strtoull(s + 2, &e, 16);
		if (errno || *e)
			return -EINVAL;
		memset(set, 0, sizeof(tmp));
		set[0] = v;
		return 0;
	}
	for (;;) {
		if (parse_cpu(&s, &lo))
			return -EINVAL;
		hi = lo;
		if (*s == '-') {
			s++;
			if (parse_cpu(&s, &hi) || hi < lo)
				return -EINVAL;
		}
		for (c = lo; c <= hi; c++)
			tmp[c / 64] |= 1ULL << (c % 64);
		if (!*s)
			break;
		if (*s++ != ',')
			return -EINVAL;
	}
	memcpy(set, tmp, sizeof(tmp));
	return 0;
}

static int cpu_in(const uint64_t *set, unsigned int c)
{
	return c < SPT_KTR_MAX_CPUS && (set[c / 64] >> (c % 64)) & 1;
}

size_t ktrfmt_cpus_str(const uint64_t *set, char *out, size_t len)
{
	struct sink s = { out, len, 0 };
	const char *sep = "";
	unsigned int c = 0, lo;

	while (c < SPT_KTR_MAX_CPUS) {
		if (!cpu_in(set, c)) {
			c++;
			continue;
		}
		lo = c;
		while (cpu_in(set, c + 1))
			c++;
		sink_printf_u(&s, sep, lo, 0);
		if (c > lo)
			sink_printf_u(&s, "-", c, 0);
		sep = ",";
		c++;
	}
	if (!*sep)
		put_str(&s, "none", 4);
	if (len)
		out[s.pos < len ? s.pos : len - 1] = '\0';
	return s.pos;
}

static int bad_value(char *err, size_t errlen, const char *msg)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", msg);
	return -EINVAL;
}

int ktrfmt_set(struct ktr_opts *k, const char *name, const char *v, char *err, size_t errlen)
{
	uint64_t n;

	if (!strcmp(name, "ktr_mask")) {
		if (ktrfmt_parse_mask(v, &k->mask))
			return bad_value(err, errlen, OPT_E_VALUE);
		k->set |= KTR_OPT_MASK;
	} else if (!strcmp(name, "ktr_cpumask")) {
		if (ktrfmt_parse_cpus(v, k->cpumask))
			return bad_value(err, errlen, OPT_E_VALUE);
		k->set |= KTR_OPT_CPUMASK;
	} else if (!strcmp(name, "ktr_entries")) {
		if (opt_parse_size(v, &n) || !n)
			return bad_value(err, errlen, OPT_E_VALUE);
		if (n > SPT_KTR_MAX_ENTRIES)
			return bad_value(err, errlen, "value exceeds the maximum of 65536");
		k->entries = (uint32_t)n;
		k->set |= KTR_OPT_ENTRIES;
	} else if (!strcmp(name, "ktr_verbose")) {
		if (v && strcmp(v, "1") && strcmp(v, "0"))
			return bad_value(err, errlen, OPT_E_VALUE);
		k->verbose = !v || !strcmp(v, "1");
		k->set |= KTR_OPT_VERBOSE;
	} else {
		if (err && errlen)
			snprintf(err, errlen, OPT_E_NAME);
		return -ENOENT;
	}
	return 0;
}

int ktrfmt_opt_mask(struct opts *o, const char *v, char *err, size_t errlen)
{
	return ktrfmt_set(&o->ktr, "ktr_mask", v, err, errlen);
}

int ktrfmt_opt_cpumask(struct opts *o, const char *v, char *err, size_t errlen)
{
	return ktrfmt_set(&o->ktr, "ktr_cpumask", v, err, errlen);
}

int ktrfmt_opt_entries(struct opts *o, const char *v, char *err, size_t errlen)
{
	return ktrfmt_set(&o->ktr, "ktr_entries", v, err, errlen);
}

int ktrfmt_opt_verbose(struct opts *o, const char *v, char *err, size_t errlen)
{
	return ktrfmt_set(&o->ktr, "ktr_verbose", v, err, errlen);
}
