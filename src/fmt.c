/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * D's printf formats. Parsing turns a format into literal pieces and
 * conversions; each conversion keeps a C specifier without its length
 * modifier, and the modifier becomes a size that truncates (and, for
 * signed conversions, sign-extends) the value before C's printf sees it
 * as a long long. So "%hhd" of 0x1ff prints -1, as dtrace does.
 *
 * Departures from dtrace, documented in README: %e %f %g %E %G accept
 * integers (D has no floating-point values of its own) and print them as
 * doubles; %Y prints a nanosecond wall-clock time as dtrace's
 * "2026 Nov 30 22:31:46".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fmt.h"

__attribute__((format(printf, 3, 4))) static void set_err(char *err, size_t errlen,
							  const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static struct fmt_piece *add_piece(struct fmt *f, size_t *cap)
{
	if (f->n == *cap) {
		size_t nc = *cap ? *cap * 2 : 8;
		struct fmt_piece *np = realloc(f->pieces, nc * sizeof(*np));

		if (!np)
			return NULL;
		f->pieces = np;
		*cap = nc;
	}
	memset(&f->pieces[f->n], 0, sizeof(f->pieces[0]));
	return &f->pieces[f->n++];
}

static enum fmt_kind conv_kind(char c)
{
	switch (c) {
	case 'd': case 'i':
		return FMT_INT;
	case 'u': case 'o': case 'x': case 'X':
		return FMT_UINT;
	case 'c':
		return FMT_CHAR;
	case 'p':
		return FMT_PTR;
	case 'e': case 'E': case 'f': case 'g': case 'G':
		return FMT_FLOAT;
	case 's':
		return FMT_STR;
	case 'Y':
		return FMT_TIME;
	}
	return FMT_LIT;
}

int fmt_parse(const char *format, struct fmt *f, char *err, size_t errlen)
{
	size_t cap = 0, flen = strlen(format), out = 0;
	const char *p = format;
	struct fmt_piece *pc;

	memset(f, 0, sizeof(*f));
	/* Literal text never grows when %% folds to %. */
	f->buf = malloc(flen + 1);
	if (!f->buf)
		return -ENOMEM;
	while (*p) {
		const char *start;
		size_t sl;

		if (*p != '%' || p[1] == '%') {
			start = f->buf + out;
			while (*p && (*p != '%' || p[1] == '%')) {
				f->buf[out++] = *p;
				p += *p == '%' ? 2 : 1;
			}
			pc = add_piece(f, &cap);
			if (!pc)
				goto nomem;
			pc->kind = FMT_LIT;
			pc->text = start;
			pc->len = (size_t)(f->buf + out - start);
			continue;
		}
		pc = add_piece(f, &cap);
		if (!pc)
			goto nomem;
		start = p++;
		while (*p && strchr("-+ #0'@", *p))
			p++;
		if (*p == '*') {
			pc->star_width = 1;
			p++;
		} else {
			while (*p >= '0' && *p <= '9')
				p++;
		}
		if (*p == '.') {
			p++;
			if (*p == '*') {
				pc->star_prec = 1;
				p++;
			} else {
				while (*p >= '0' && *p <= '9')
					p++;
			}
		}
		sl = (size_t)(p - start);
		if (sl + 4 > sizeof(pc->spec)) {
			set_err(err, errlen, "format conversion too long");
			goto inval;
		}
		/* The '@' flag (printa) is ours, not C's: keep it out of the spec. */
		{
			size_t k, o = 0;

			for (k = 0; k < sl; k++) {
				if (start[k] == '@')
					pc->agg = 1;
				else
					pc->spec[o++] = start[k];
			}
			sl = o;
		}
		if (p[0] == 'h' && p[1] == 'h') {
			pc->size = 1;
			p += 2;
		} else if (*p == 'h') {
			pc->size = 2;
			p++;
		} else if (p[0] == 'l' && p[1] == 'l') {
			pc->size = 8;
			p += 2;
		} else if (*p == 'l' || *p == 'L' || *p == 'j' || *p == 'z' || *p == 't') {
			pc->size = 8;
			p++;
		}
		if (!*p) {
			set_err(err, errlen, "format ends in the middle of a conversion");
			goto inval;
		}
		pc->conv = *p;
		pc->kind = conv_kind(*p);
		if (pc->kind == FMT_LIT) {
			set_err(err, errlen, "invalid conversion %%%c", *p);
			goto inval;
		}
		if (pc->size && pc->kind != FMT_INT && pc->kind != FMT_UINT) {
			set_err(err, errlen, "length modifier not allowed with %%%c", *p);
			goto inval;
		}
		switch (pc->kind) {
		case FMT_INT: case FMT_UINT:
			/* Values reach C's printf as long long. */
			pc->spec[sl] = 'l';
			pc->spec[sl + 1] = 'l';
			pc->spec[sl + 2] = *p;
			break;
		case FMT_PTR:
			pc->spec[sl] = '#';
			pc->spec[sl + 1] = 'l';
			pc->spec[sl + 2] = 'l';
			pc->spec[sl + 3] = 'x';
			break;
		case FMT_TIME:
			pc->spec[sl] = 's';
			break;
		default:
			pc->spec[sl] = *p;
			break;
		}
		/* sl: the spec before the modifier, "%" alone when there is nothing else */
		pc->plain = sl == 1 && !pc->agg && (*p == 'd' || *p == 'i' || *p == 's');
		f->nargs += 1 + (size_t)pc->star_width + (size_t)pc->star_prec;
		p++;
	}
	return 0;
nomem:
	fmt_free(f);
	return -ENOMEM;
inval:
	fmt_free(f);
	return -EINVAL;
}

void fmt_free(struct fmt *f)
{
	free(f->pieces);
	free(f->buf);
	memset(f, 0, sizeof(*f));
}

static uint64_t truncate_to(uint64_t v, unsigned int size, int sign)
{
	unsigned int sh;

	if (!size || size >= 8)
		return v;
	sh = 64 - 8 * size;
	if (sign)
		return (uint64_t)((int64_t)(v << sh) >> sh);
	return (v << sh) >> sh;
}

/* printf with 0..2 leading int arguments for '*' width and precision. */
#define PRINT_STARS(out, spec, nstar, st, val)                                                 \
	((nstar) == 0 ? fprintf(out, spec, val)                                                \
	 : (nstar) == 1 ? fprintf(out, spec, st[0], val)                                      \
			: fprintf(out, spec, st[0], st[1], val))

/* V in decimal, as printf's %lld writes it. */
static void print_plain_int(FILE *out, int64_t v)
{
	char buf[24], *p = buf + sizeof(buf);
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	fwrite(p, 1, (size_t)(buf + sizeof(buf) - p), out);
}

int fmt_print(FILE *out, const struct fmt *f, const struct fmt_arg *args, size_t nargs)
{
	size_t i, ai = 0;

	for (i = 0; i < f->n; i++) {
		const struct fmt_piece *pc = &f->pieces[i];
		const struct fmt_arg *a;
		int st[2] = { 0, 0 }, ns = 0;
		char tbuf[64], uspec[sizeof(pc->spec)];
		uint64_t v;

		if (pc->kind == FMT_LIT) {
			fwrite(pc->text, 1, pc->len, out);
			continue;
		}
		if (ai + (size_t)pc->star_width + (size_t)pc->star_prec >= nargs)
			return -EINVAL;
		if (pc->star_width)
			st[ns++] = (int)args[ai++].v;
		if (pc->star_prec)
			st[ns++] = (int)args[ai++].v;
		a = &args[ai++];
		if ((pc->kind == FMT_STR) != !!a->is_str)
			return -EINVAL;
		/* The spec is built by fmt_parse, never taken from a record. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
		if (a->size && a->size < 8 && (pc->kind == FMT_UINT || pc->kind == FMT_PTR ||
						(pc->kind == FMT_INT && !a->sign)))
			v = truncate_to(a->v, a->size, 0);
		else
			v = a->v;
		if (pc->kind == FMT_INT && a->size && !a->sign) {
			/* %d of an unsigned type is %u (dtrace's pfcheck_dint). */
			size_t sl = strlen(pc->spec);

			memcpy(uspec, pc->spec, sl + 1);
			uspec[sl - 1] = 'u';
			PRINT_STARS(out, uspec, ns, st,
				    (unsigned long long)truncate_to(v, pc->size, 0));
			continue;
		}
		switch (pc->kind) {
		case FMT_INT:
			if (pc->plain) {
				/* The common plain %d, without printf's parsing. */
				print_plain_int(out, (int64_t)truncate_to(v, pc->size, 1));
				break;
			}
			PRINT_STARS(out, pc->spec, ns, st,
				    (long long)truncate_to(v, pc->size, 1));
			break;
		case FMT_UINT:
			PRINT_STARS(out, pc->spec, ns, st,
				    (unsigned long long)truncate_to(v, pc->size, 0));
			break;
		case FMT_CHAR:
			PRINT_STARS(out, pc->spec, ns, st, (int)(unsigned char)v);
			break;
		case FMT_PTR:
			PRINT_STARS(out, pc->spec, ns, st, (unsigned long long)v);
			break;
		case FMT_FLOAT:
			PRINT_STARS(out, pc->spec, ns, st, (double)(int64_t)v);
			break;
		case FMT_STR:
			if (pc->plain) {
				fputs(a->s, out);
				break;
			}
			PRINT_STARS(out, pc->spec, ns, st, a->s);
			break;
		case FMT_TIME: {
			time_t t = (time_t)(a->v / 1000000000ULL);
			struct tm tm;

			if (!localtime_r(&t, &tm) ||
			    !strftime(tbuf, sizeof(tbuf), "%Y %b %e %T", &tm))
				snprintf(tbuf, sizeof(tbuf), "%llu", (unsigned long long)a->v);
			PRINT_STARS(out, pc->spec, ns, st, tbuf);
			break;
		}
		case FMT_LIT:
			break;
		}
#pragma GCC diagnostic pop
	}
	return 0;
}
