/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The JSON format's string buffer: a growable byte buffer whose failed
 * allocations are remembered (the line it holds is then dropped, never
 * written cut), and JSON's escaping of a string into it.
 */
#ifndef SPT_JBUF_H
#define SPT_JBUF_H

#include <stddef.h>
#include <stdint.h>

struct jbuf {
	char *p;
	size_t len;
	size_t cap;
	int oom; /* an allocation failed: the contents are incomplete */
};

void jbuf_free(struct jbuf *b);
void jbuf_put(struct jbuf *b, const void *s, size_t n);
void jbuf_puts(struct jbuf *b, const char *s);
__attribute__((format(printf, 2, 3))) void jbuf_printf(struct jbuf *b, const char *fmt, ...);

/*
 * The N bytes at S as a JSON string, quotes included: '"' and '\' escaped,
 * control bytes as \b \f \n \r \t or \u00XX (DEL too, as \u007f), valid
 * UTF-8 copied as it is, and each byte that is not part of a valid UTF-8
 * sequence (a stray continuation byte, a truncated or overlong sequence,
 * a surrogate, a code point above U+10FFFF) written as \ufffd. Returns
 * how many bytes were replaced.
 */
size_t json_str(struct jbuf *b, const char *s, size_t n);

#endif /* SPT_JBUF_H */
