/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * D's printf formats. Parsing turns a format into literal pieces and
 * conversions; each conversion keeps a C specifier without its length
 * modifier, and the modifier becomes a size that truncates (and, for
 * signed conversions, sign-extends) the value before C's printf sees it
 * as a long long. So "%hd" of 0x18000 prints -32768, as dtrace does.
 *
 * Flags, width and precision are read in any order and the C conversion
 * rebuilt in dtrace's order (dt_printf_format's rules: of '0' and '-' the
 * last wins, a precision of 0 is none, '?' is a pointer's width); %S and
 * %C escape as dtrace does, %T is RFC 822's date.
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
#include <wchar.h>

#include "fmt.h"
#include "ksym.h"
#include "stack.h"

__attribute__((format(printf, 3, 4))) static void set_err(char *err, size_t errlen, const char *fmt,
							  ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/*
 * The number dtrace gives the conversion starting at AT in FORMAT: the
 * '%' conversions before it counted from 1, "%%" included.
 */
static size_t conv_number(const char *format, const char *at)
{
	size_t n = 1;
	const char *p;

	for (p = format; p < at; p++)
		if (*p == '%') {
			n++;
			if (p[1] == '%')
				p++;
		}
	return n;
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
	case 'd':
	case 'i':
		return FMT_INT;
	case 'u':
	case 'o':
	case 'x':
	case 'X':
		return FMT_UINT;
	case 'c':
		return FMT_CHAR;
	case 'p':
		return FMT_PTR;
	case 'e':
	case 'E':
	case 'f':
	case 'g':
	case 'G':
		return FMT_FLOAT;
	case 's':
		return FMT_STR;
	case 'Y':
		return FMT_TIME;
	case 'S':
		return FMT_ESTR;
	case 'C':
		return FMT_ECHAR;
	case 'T':
		return FMT_RFC822;
	case 'a':
		return FMT_KADDR;
	case 'A':
		return FMT_UADDR;
	case 'k':
		return FMT_STACK;
	}
	return FMT_LIT;
}

/* One conversion being read: the format it is in, its '%', the cursor. */
struct conv_scan {
	const char *format;
	const char *start;
	const char *p;
	char *err;
	size_t errlen;
};

/* The literal text at F's cursor up to the next conversion, %% folded. */
static int parse_literal(struct fmt *f, size_t *cap, size_t *out, const char **pp)
{
	const char *p = *pp, *start = f->buf + *out;
	struct fmt_piece *pc;

	while (*p && (*p != '%' || p[1] == '%')) {
		f->buf[(*out)++] = *p;
		p += *p == '%' ? 2 : 1;
	}
	*pp = p;
	pc = add_piece(f, cap);
	if (!pc)
		return -ENOMEM;
	pc->kind = FMT_LIT;
	pc->text = start;
	pc->len = (size_t)(f->buf + *out - start);
	return 0;
}

/*
 * Flags, width and precision in any order, as dtrace reads them: of '0'
 * and '-' the last wins (%-08d zero-pads), '?' is the width of a pointer
 * (16), a precision of 0 is no precision. The C conversion is rebuilt in
 * PC's spec (and spec_np, without the dynamic precision) in dtrace's
 * order; returns the spec's length so far, or -EINVAL.
 */
static long parse_flags(struct conv_scan *s, struct fmt_piece *pc)
{
	int alt = 0, zero = 0, left = 0, plus = 0, quote = 0, blank = 0, dot = 0;
	long width = 0, prec = 0;
	char *o = pc->spec, *o_np;

	for (;; s->p++) {
		char c = *s->p;

		if (c == '#') {
			alt = 1;
		} else if (c == '0' && !dot && !width) {
			zero = 1;
			left = 0;
		} else if (c == '-') {
			left = 1;
			zero = 0;
		} else if (c == '+') {
			plus = 1;
		} else if (c == '\'') {
			quote = 1;
		} else if (c == ' ') {
			blank = 1;
		} else if (c == '@') {
			pc->agg = 1;
		} else if (c == '?') {
			width = 16;
		} else if (c == '.') {
			if (dot) {
				set_err(s->err, s->errlen,
					"format conversion #%zu has more than one '.' specified",
					conv_number(s->format, s->start));
				return -EINVAL;
			}
			dot = 1;
		} else if (c == '*') {
			if (dot ? pc->star_prec : pc->star_width) {
				set_err(s->err, s->errlen,
					"format conversion #%zu has more than one '*' specified for the output %s",
					conv_number(s->format, s->start),
					dot ? "precision" : "width");
				return -EINVAL;
			}
			if (dot)
				pc->star_prec = 1;
			else
				pc->star_width = 1;
		} else if (c >= '0' && c <= '9') {
			long *n = dot ? &prec : &width;

			*n = *n * 10 + (c - '0');
			if (*n > 99999)
				*n = 99999;
		} else {
			break;
		}
	}
	*o++ = '%';
	if (alt)
		*o++ = '#';
	if (zero)
		*o++ = '0';
	if (left)
		*o++ = '-';
	if (plus)
		*o++ = '+';
	if (quote)
		*o++ = '\'';
	if (blank)
		*o++ = ' ';
	if (pc->star_width)
		*o++ = '*';
	else if (width > 0)
		o += snprintf(o, 8, "%ld", width);
	o_np = o;
	if (pc->star_prec) {
		*o++ = '.';
		*o++ = '*';
	} else if (prec > 0) {
		o += snprintf(o, 8, ".%ld", prec);
	}
	memcpy(pc->spec_np, pc->spec, (size_t)(o_np - pc->spec));
	pc->spec_np[o_np - pc->spec] = 0;
	return o - pc->spec;
}

/*
 * The length modifier. dtrace's size letters are h, l, ll (and L for long
 * double): "%hhd" names no conversion in its dictionary, and j, z, t are
 * no letters of its at all but undefined conversions.
 */
static int parse_size(struct conv_scan *s, struct fmt_piece *pc)
{
	const char *p = s->p;

	if (*p == '$') {
		set_err(s->err, s->errlen,
			"format conversion #%zu uses unsupported positional format (%%n$)",
			conv_number(s->format, s->start));
		return -EINVAL;
	}
	if (p[0] == 'h' && p[1] == 'h') {
		set_err(s->err, s->errlen, "format conversion #%zu is undefined: %%%.*s",
			conv_number(s->format, s->start), p[2] ? 3 : 2, p);
		return -EINVAL;
	} else if (*p == 'h') {
		pc->size = 2;
		p++;
	} else if (p[0] == 'l' && p[1] == 'l') {
		pc->size = 8;
		p += 2;
	} else if (*p == 'l' || *p == 'L') {
		pc->size = 8;
		p++;
	} else if (p[0] == 'w' && (p[1] == 'c' || p[1] == 's')) {
		pc->size = 4; /* %wc, %ws: dtrace's other names for %lc, %ls */
		p++;
	}
	s->p = p;
	return 0;
}

/*
 * The conversion letter at the cursor, MSTART where its length modifier
 * began: its kind, and the C letters that end PC's spec at SL.
 */
static int parse_letter(struct conv_scan *s, struct fmt_piece *pc, const char *mstart, size_t sl)
{
	const char *p = s->p;

	if (!*p) {
		set_err(s->err, s->errlen,
			"format conversion #%zu name expected before end of format string",
			conv_number(s->format, s->start));
		return -EINVAL;
	}
	if (*p == '%') {
		/* a '%' after flags, width or precision: "%-%" */
		set_err(s->err, s->errlen,
			"format conversion #%zu cannot be combined with other format flags: %%%%",
			conv_number(s->format, s->start));
		return -EINVAL;
	}
	pc->conv = *p;
	pc->kind = conv_kind(*p);
	/* lc and wc (not llc): a wide character */
	if (pc->kind == FMT_CHAR && (*mstart == 'w' || (*mstart == 'l' && mstart[1] == 'c'))) {
		pc->kind = FMT_WCHAR;
		pc->size = 0;
	}
	/* ls and ws (not lls): a wide string, from an array of 32-bit integers */
	if (pc->kind == FMT_STR && (*mstart == 'w' || (*mstart == 'l' && mstart[1] == 's'))) {
		pc->kind = FMT_WSTR;
		pc->size = 0;
	}
	/* h, l, ll size integers, L floating point (Lf: long double) */
	if (pc->kind == FMT_LIT ||
	    (pc->size && (*mstart == 'L' ? pc->kind != FMT_FLOAT :
					   pc->kind != FMT_INT && pc->kind != FMT_UINT))) {
		set_err(s->err, s->errlen, "format conversion #%zu is undefined: %%%.*s",
			conv_number(s->format, s->start), (int)(p + 1 - mstart), mstart);
		return -EINVAL;
	}
	switch (pc->kind) {
	case FMT_INT:
	case FMT_UINT:
		/* Values reach C's printf as long long. */
		memcpy(pc->spec + sl, "ll", 2);
		pc->spec[sl + 2] = *p;
		break;
	case FMT_PTR:
		/* dtrace's %p: the hex digits alone (%#p adds the 0x) */
		memcpy(pc->spec + sl, "llx", 3);
		break;
	case FMT_TIME:
	case FMT_RFC822:
	case FMT_KADDR:
	case FMT_UADDR:
	case FMT_ESTR:
	case FMT_ECHAR:
		pc->spec[sl] = 's';
		break;
	case FMT_WCHAR:
		memcpy(pc->spec + sl, "lc", 3);
		break;
	case FMT_WSTR:
		memcpy(pc->spec + sl, "ls", 3);
		break;
	default:
		pc->spec[sl] = *p;
		break;
	}
	/* The same conversion without the dynamic precision. */
	memcpy(pc->spec_np + strlen(pc->spec_np), pc->spec + sl, strlen(pc->spec + sl) + 1);
	/* sl: the spec before the modifier, "%" alone when there is nothing else */
	pc->plain = sl == 1 && !pc->agg && (*p == 'd' || *p == 'i' || *p == 's');
	s->p = p + 1;
	return 0;
}

/* One conversion, its '%' at *PP: flags, size, letter. */
static int parse_conv(const char *format, struct fmt *f, size_t *cap, const char **pp, char *err,
		      size_t errlen)
{
	struct conv_scan s = { format, *pp, *pp + 1, err, errlen };
	struct fmt_piece *pc = add_piece(f, cap);
	const char *mstart;
	long sl;
	int ret;

	if (!pc)
		return -ENOMEM;
	sl = parse_flags(&s, pc);
	if (sl < 0)
		return (int)sl;
	mstart = s.p;
	ret = parse_size(&s, pc);
	if (!ret)
		ret = parse_letter(&s, pc, mstart, (size_t)sl);
	if (ret)
		return ret;
	f->nargs += 1 + (size_t)pc->star_width + (size_t)pc->star_prec;
	*pp = s.p;
	return 0;
}

int fmt_parse(const char *format, struct fmt *f, char *err, size_t errlen)
{
	size_t cap = 0, out = 0;
	const char *p = format;

	memset(f, 0, sizeof(*f));
	/* Literal text never grows when %% folds to %. */
	f->buf = malloc(strlen(format) + 1);
	if (!f->buf)
		return -ENOMEM;
	while (*p) {
		int ret;

		if (*p != '%' || p[1] == '%')
			ret = parse_literal(f, &cap, &out, &p);
		else
			ret = parse_conv(format, f, &cap, &p, err, errlen);
		if (ret) {
			fmt_free(f);
			return ret;
		}
	}
	return 0;
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
#define PRINT_STARS(out, spec, nstar, st, val)           \
	((nstar) == 0 ? fprintf(out, spec, val) :        \
	 (nstar) == 1 ? fprintf(out, spec, st[0], val) : \
			fprintf(out, spec, st[0], st[1], val))

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

/*
 * C's escape of byte C into D (at least 5 bytes), as dtrace's %S and %C
 * write it: the named escapes, '"' and '\\', a blank as it is, other bytes
 * outside '!'..'~' as three octal digits. Returns the length written.
 */
static size_t escape_char(char *d, unsigned char c)
{
	static const char named[] = "\0\a\b\f\n\r\t\v\"\\";
	static const char letter[] = "0abfnrtv\"\\";
	const char *k = c ? memchr(named + 1, c, sizeof(named) - 2) : named;

	if (k) {
		d[0] = '\\';
		d[1] = letter[k - named];
		return 2;
	}
	if (c == ' ' || (c >= '!' && c <= '~')) {
		d[0] = (char)c;
		return 1;
	}
	d[0] = '\\';
	d[1] = (char)('0' + ((c >> 6) & 7));
	d[2] = (char)('0' + ((c >> 3) & 7));
	d[3] = (char)('0' + (c & 7));
	return 4;
}

/* %S: the string escaped up to and with its NUL, which dtrace prints as \0. */
static void escape_str(char *d, size_t cap, const char *s)
{
	size_t o = 0;

	for (;; s++) {
		if (o + 5 > cap)
			break;
		o += escape_char(d + o, (unsigned char)*s);
		if (!*s)
			break;
	}
	d[o] = 0;
}

int fmt_print(FILE *out, const struct fmt *f, const struct fmt_arg *args, size_t nargs)
{
	size_t i, ai = 0;

	for (i = 0; i < f->n; i++) {
		const struct fmt_piece *pc = &f->pieces[i];
		const struct fmt_arg *a;
		int st[2] = { 0, 0 }, ns = 0;
		const char *spec = pc->spec;
		char tbuf[64], ebuf[4 * (SPT_FMT_STRMAX + 1) + 8], uspec[sizeof(pc->spec)];
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
		/* dtrace: a dynamic precision of 0 or less is no precision. */
		if (pc->star_prec && st[ns - 1] <= 0) {
			spec = pc->spec_np;
			ns--;
		}
		a = &args[ai++];
		if (a->stk && pc->kind != FMT_KADDR && pc->kind != FMT_UADDR &&
		    pc->kind != FMT_STACK && stack_is_mod(a->stk)) {
			/* a mod() or umod() key is its module's name whatever the conversion */
			size_t sl = strlen(spec) - 1;

			memcpy(uspec, spec, sl);
			while (sl > 1 && strchr("hlLjzt", uspec[sl - 1]))
				sl--; /* %lld's length modifier goes with its letter */
			uspec[sl] = 's';
			uspec[sl + 1] = 0;
			stack_sym_text(a->stk, a->stkdata, ebuf, sizeof(ebuf));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
			PRINT_STARS(out, uspec, ns, st, ebuf);
#pragma GCC diagnostic pop
			continue;
		}
		if (FMT_TAKES_STR(pc->kind) != !!a->is_str)
			return -EINVAL;
			/* The spec is built by fmt_parse, never taken from a record. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
		if (a->size && a->size < 8 &&
		    (pc->kind == FMT_UINT || pc->kind == FMT_PTR ||
		     (pc->kind == FMT_INT && !a->sign)))
			v = truncate_to(a->v, a->size, 0);
		else
			v = a->v;
		if (pc->kind == FMT_INT && a->size && !a->sign) {
			/* %d of an unsigned type is %u (dtrace's pfcheck_dint). */
			size_t sl = strlen(spec);

			memcpy(uspec, spec, sl + 1);
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
			PRINT_STARS(out, spec, ns, st, (long long)truncate_to(v, pc->size, 1));
			break;
		case FMT_UINT:
			PRINT_STARS(out, spec, ns, st,
				    (unsigned long long)truncate_to(v, pc->size, 0));
			break;
		case FMT_CHAR:
			PRINT_STARS(out, spec, ns, st, (int)(unsigned char)v);
			break;
		case FMT_PTR:
			PRINT_STARS(out, spec, ns, st, (unsigned long long)v);
			break;
		case FMT_FLOAT:
			PRINT_STARS(out, spec, ns, st, (double)(int64_t)v);
			break;
		case FMT_STR:
			if (pc->plain) {
				fputs(a->s, out);
				break;
			}
			PRINT_STARS(out, spec, ns, st, a->s);
			break;
		case FMT_TIME: {
			time_t t = (time_t)(a->v / 1000000000ULL);
			struct tm tm;

			if (!localtime_r(&t, &tm) ||
			    !strftime(tbuf, sizeof(tbuf), "%Y %b %e %T", &tm))
				snprintf(tbuf, sizeof(tbuf), "%llu", (unsigned long long)a->v);
			PRINT_STARS(out, spec, ns, st, tbuf);
			break;
		}
		case FMT_RFC822: {
			time_t t = (time_t)(a->v / 1000000000ULL);
			struct tm tm;

			if (!localtime_r(&t, &tm) ||
			    !strftime(tbuf, sizeof(tbuf), "%a, %d %b %G %T %Z", &tm))
				snprintf(tbuf, sizeof(tbuf), "%llu", (unsigned long long)a->v);
			PRINT_STARS(out, spec, ns, st, tbuf);
			break;
		}
		case FMT_ESTR:
			escape_str(ebuf, sizeof(ebuf), a->s ? a->s : "");
			PRINT_STARS(out, spec, ns, st, ebuf);
			break;
		case FMT_ECHAR:
			ebuf[escape_char(ebuf, (unsigned char)a->v)] = 0;
			PRINT_STARS(out, spec, ns, st, ebuf);
			break;
		case FMT_WCHAR:
			PRINT_STARS(out, spec, ns, st, (wint_t)(int32_t)v);
			break;
		case FMT_WSTR: {
			/* the array's 32-bit characters up to the first 0 or its end */
			static wchar_t ws[FMT_WSTR_MAX + 1];
			size_t n = 0;

			while (a->bytes && n < FMT_WSTR_MAX && (n + 1) * 4 <= a->nbytes) {
				int32_t w;

				memcpy(&w, a->bytes + 4 * n, 4);
				if (!w)
					break;
				ws[n++] = (wchar_t)w;
			}
			ws[n] = 0;
			PRINT_STARS(out, spec, ns, st, ws);
			break;
		}
		case FMT_KADDR:
		case FMT_UADDR:
			/* a symbol field (sym(), uaddr(), %A's pid and address), or an integer */
			if (a->stk)
				stack_sym_addr(a->stk, a->stkdata, ebuf, sizeof(ebuf));
			else
				ksym_addr2str((unsigned long long)a->v, ebuf, sizeof(ebuf));
			PRINT_STARS(out, spec, ns, st, ebuf);
			break;
		case FMT_STACK: {
			/*
			 * dtrace's pfprint_stack: the width pads each frame, or with
			 * '-' is the frames' indent (not padded); no indent otherwise.
			 */
			int w = 0, left = strchr(spec, '-') != NULL;
			const char *q = spec + 1;

			while (*q && strchr("-+ #0", *q))
				q++;
			w = atoi(q);
			if (a->stk)
				stack_print(out, a->stk, a->stkdata, left ? (unsigned int)w : 0,
					    left ? 0 : w);
			break;
		}
		case FMT_LIT:
			break;
		}
#pragma GCC diagnostic pop
	}
	return 0;
}
