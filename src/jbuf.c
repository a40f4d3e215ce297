/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The JSON format's string buffer (jbuf.h): a growable byte buffer that
 * remembers a failed allocation, and JSON's string escaping.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jbuf.h"

void jbuf_free(struct jbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

static bool jbuf_grow(struct jbuf *b, size_t n)
{
	size_t cap;
	char *np;

	if (b->oom)
		return false;
	if (b->cap - b->len >= n)
		return true;
	cap = b->cap ? b->cap : 256;
	while (cap - b->len < n) {
		if (cap > SIZE_MAX / 2) {
			b->oom = 1;
			return false;
		}
		cap *= 2;
	}
	np = realloc(b->p, cap);
	if (!np) {
		b->oom = 1;
		return false;
	}
	b->p = np;
	b->cap = cap;
	return true;
}

void jbuf_put(struct jbuf *b, const void *s, size_t n)
{
	if (!n || !jbuf_grow(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

void jbuf_puts(struct jbuf *b, const char *s)
{
	jbuf_put(b, s, strlen(s));
}

void jbuf_printf(struct jbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !jbuf_grow(b, (size_t)n + 1)) {
		b->oom = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/*
 * The length of the well-formed UTF-8 sequence of more than one byte at S
 * (N bytes available), or 0. Unicode's table of well-formed byte
 * sequences: the second byte's range depends on the first, which rules
 * out overlong forms, surrogates and code points above U+10FFFF.
 */
static size_t utf8_len(const uint8_t *s, size_t n)
{
	uint8_t lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

size_t json_str(struct jbuf *b, const char *s, size_t n)
{
	const uint8_t *u = (const uint8_t *)s;
	size_t i = 0, bad = 0;

	jbuf_put(b, "\"", 1);
	while (i < n) {
		size_t run = i, len;

		/* Printable ASCII but '"' and '\' goes out as it is, in runs. */
		while (run < n && u[run] >= 0x20 && u[run] < 0x7f && u[run] != '"' &&
		       u[run] != '\\')
			run++;
		jbuf_put(b, u + i, run - i);
		i = run;
		if (i == n)
			break;
		/* clang-format off */
		switch (u[i]) {
		case '"': jbuf_puts(b, "\\\""); break;
		case '\\': jbuf_puts(b, "\\\\"); break;
		case '\b': jbuf_puts(b, "\\b"); break;
		case '\f': jbuf_puts(b, "\\f"); break;
		case '\n': jbuf_puts(b, "\\n"); break;
		case '\r': jbuf_puts(b, "\\r"); break;
		case '\t': jbuf_puts(b, "\\t"); break;
		default:
			if (u[i] < 0x80) {
				jbuf_printf(b, "\\u%04x", u[i]);
				break;
			}
			len = utf8_len(u + i, n - i);
			if (!len) {
				jbuf_puts(b, "\\ufffd");
				bad++;
				break;
			}
			jbuf_put(b, u + i, len);
			i += len;
			continue;
		}
		/* clang-format on */
		i++;
	}
	jbuf_put(b, "\"", 1);
	return bad;
}
