/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * JSON output (-x oformat=json): a growable byte buffer, JSON's string
 * escaping, and the renderers of the output sink's JSON format (json.c),
 * which writes one object per line for each record, aggregation, fault
 * and counter. The schema is documented in README.md.
 */
#ifndef SPT_JSON_H
#define SPT_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"

struct jbuf {
	char *p;
	size_t len;
	size_t cap;
	int oom;	/* an allocation failed: the contents are incomplete */
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

/*
 * The members "type" and "value" (no braces) of field F of DATA, as
 * trace() records it or an aggregation key holds it: "int" and "uint"
 * values as decimal numbers, "string" as a string cut at its NUL, plus
 * "hex" with the string's bytes when some were not valid UTF-8.
 */
void json_value(struct jbuf *b, const struct img_field *f, const uint8_t *data);

/* The names of the fault types (DTRACEFLT_* in lower case, "badaddr"). */
const char *json_fault_name(uint32_t fault);

#endif /* SPT_JSON_H */
