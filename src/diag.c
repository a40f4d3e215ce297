/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Compile diagnostics.
 *
 * Entries live in a growable array owned by the list; each entry owns its
 * file and message strings. A failed allocation loses the entry but sets
 * nomem, which diag_print reports, so a failure is never silent.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

#define DIAG_PROGNAME "spectrace"

void diag_list_init(struct diag_list *dl)
{
	dl->v = NULL;
	dl->n = 0;
	dl->cap = 0;
	dl->nomem = false;
}

void diag_list_fini(struct diag_list *dl)
{
	size_t i;

	for (i = 0; i < dl->n; i++) {
		free(dl->v[i].file);
		free(dl->v[i].msg);
	}
	free(dl->v);
	diag_list_init(dl);
}

__attribute__((format(printf, 1, 0))) static char *format_msg(const char *fmt, va_list ap)
{
	va_list aq;
	char *s, *p;
	int len;

	va_copy(aq, ap);
	len = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (len < 0)
		return NULL;
	s = malloc((size_t)len + 1);
	if (!s)
		return NULL;
	vsnprintf(s, (size_t)len + 1, fmt, ap);

	while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		s[--len] = '\0';
	for (p = s; *p; p++) {
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	}
	return s;
}

int diag_vadd(struct diag_list *dl, const char *tag, const char *file, unsigned int line,
	      unsigned int col, const char *fmt, va_list ap)
{
	struct diag d = {
		.tag = tag ? tag : DIAG_UNKNOWN,
		.line = line,
		.col = line ? col : 0,
	};

	if (dl->n == dl->cap) {
		size_t cap = dl->cap ? dl->cap * 2 : 4;
		struct diag *v;

		if (cap > SIZE_MAX / sizeof(*v))
			goto nomem;
		v = realloc(dl->v, cap * sizeof(*v));
		if (!v)
			goto nomem;
		dl->v = v;
		dl->cap = cap;
	}
	d.msg = format_msg(fmt, ap);
	if (!d.msg)
		goto nomem;
	if (file) {
		d.file = strdup(file);
		if (!d.file) {
			free(d.msg);
			goto nomem;
		}
	}
	dl->v[dl->n++] = d;
	return 0;
nomem:
	dl->nomem = true;
	return -ENOMEM;
}

int diag_add(struct diag_list *dl, const char *tag, const char *file, unsigned int line,
	     unsigned int col, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = diag_vadd(dl, tag, file, line, col, fmt, ap);
	va_end(ap);
	return ret;
}

static void print_one(FILE *fp, const struct diag *d, const char *spec)
{
	fputs(DIAG_PROGNAME ": ", fp);
	if (d->file)
		fprintf(fp, "failed to compile script %s: ", d->file);
	else if (spec)
		fprintf(fp, "invalid probe specifier %s: ", spec);
	fprintf(fp, "[%s] ", d->tag);
	if (d->line && d->col)
		fprintf(fp, "line %u column %u: ", d->line, d->col);
	else if (d->line)
		fprintf(fp, "line %u: ", d->line);
	fprintf(fp, "%s\n", d->msg);
}

int diag_print(FILE *fp, const struct diag_list *dl, const char *spec)
{
	size_t i;

	for (i = 0; i < dl->n; i++)
		print_one(fp, &dl->v[i], spec);
	if (dl->nomem)
		fputs(DIAG_PROGNAME ": out of memory while reporting errors\n", fp);
	if (fflush(fp) || ferror(fp))
		return -EIO;
	return 0;
}
