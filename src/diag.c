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

const char *spt_progname = "spectrace";

void diag_list_init(struct diag_list *dl)
{
	dl->v = NULL;
	dl->n = 0;
	dl->cap = 0;
	dl->nomem = false;
	dl->errtags = false;
	dl->caret = false;
	dl->src = NULL;
	dl->srclen = 0;
}

void diag_list_fini(struct diag_list *dl)
{
	size_t i;

	for (i = 0; i < dl->n; i++) {
		free(dl->v[i].file);
		free(dl->v[i].filetag);
		free(dl->v[i].msg);
	}
	free(dl->v);
	diag_list_init(dl);
}

void diag_truncate(struct diag_list *dl, size_t n)
{
	while (dl->n > n) {
		struct diag *d = &dl->v[--dl->n];

		free(d->file);
		free(d->filetag);
		free(d->msg);
	}
}

__attribute__((format(printf, 1, 0))) static char *format_msg(const char *fmt, va_list ap)
{
	va_list aq;
	char *s;
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
	return s;
}

static const struct {
	const char *name;
	const char *shape;
	enum diag_at at;
} tags[DIAG_NTAGS] = {
#define DIAG_TAG_ROW(n, a, sh) [DIAG_##n] = { "D_" #n, sh, DIAG_AT_##a },
	DIAG_TAGS(DIAG_TAG_ROW)
#undef DIAG_TAG_ROW
};

const char *diag_tag_name(enum diag_tag tag)
{
	return (unsigned int)tag < DIAG_NTAGS ? tags[tag].name : tags[DIAG_UNKNOWN].name;
}

const char *diag_tag_shape(enum diag_tag tag)
{
	return (unsigned int)tag < DIAG_NTAGS ? tags[tag].shape : tags[DIAG_UNKNOWN].shape;
}

enum diag_at diag_tag_at(enum diag_tag tag)
{
	return (unsigned int)tag < DIAG_NTAGS ? tags[tag].at : tags[DIAG_UNKNOWN].at;
}

int diag_vadd(struct diag_list *dl, enum diag_tag tag, const char *file, unsigned int line,
	      unsigned int col, const char *fmt, va_list ap)
{
	struct diag d = {
		.tag = diag_tag_name(tag),
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

int diag_add(struct diag_list *dl, enum diag_tag tag, const char *file, unsigned int line,
	     unsigned int col, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = diag_vadd(dl, tag, file, line, col, fmt, ap);
	va_end(ap);
	return ret;
}

void diag_set_region(struct diag_list *dl, const char *region)
{
	if (dl->n)
		dl->v[dl->n - 1].region = region;
}

void diag_set_filetag(struct diag_list *dl, const char *filetag)
{
	struct diag *d;

	if (!dl->n || !filetag)
		return;
	d = &dl->v[dl->n - 1];
	free(d->filetag);
	d->filetag = strdup(filetag);
	if (!d->filetag)
		dl->nomem = true;
}

/*
 * The extra lines for a terminal: source line LINE of the text and a caret
 * under column COL (tabs kept, so the caret lines up), with the column.
 */
static void print_caret(FILE *fp, const struct diag_list *dl, const struct diag *d)
{
	const char *p = dl->src, *end = dl->src + dl->srclen, *eol;
	unsigned int n;

	for (n = 1; n < d->line && p < end; n++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return;
		p++;
	}
	if (n != d->line || p > end)
		return;
	eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	if (d->col > (size_t)(eol - p) + 1)
		return;
	fprintf(fp, "  %.*s\n  ", (int)(eol - p), p);
	for (n = 1; n < d->col; n++)
		fputc(p[n - 1] == '\t' ? '\t' : ' ', fp);
	fprintf(fp, "^ column %u\n", d->col);
}

static void print_one(FILE *fp, const struct diag_list *dl, const struct diag *d, const char *spec)
{
	fprintf(fp, "%s: ", spt_progname);
	if (d->file)
		fprintf(fp, "failed to compile script %s: ", d->file);
	else if (spec)
		fprintf(fp, "invalid probe specifier %s: ", spec);
	if (dl->errtags)
		fprintf(fp, "[%s] ", d->tag);
	/*
	 * dtrace's location: the line for a script, with the file when a line
	 * marker named one, the region for -n text.
	 */
	if (d->filetag && d->line)
		fprintf(fp, "\"%s\", line %u: ", d->filetag, d->line);
	else if (d->file && d->line)
		fprintf(fp, "line %u: ", d->line);
	else if (d->region)
		fprintf(fp, "%s: ", d->region);
	fprintf(fp, "%s\n", d->msg);
	if (dl->caret && dl->src && d->line && d->col && !d->filetag)
		print_caret(fp, dl, d);
}

int diag_print(FILE *fp, const struct diag_list *dl, const char *spec)
{
	size_t i;

	for (i = 0; i < dl->n; i++)
		print_one(fp, dl, &dl->v[i], spec);
	if (dl->nomem)
		fprintf(fp, "%s: out of memory while reporting errors\n", spt_progname);
	if (fflush(fp) || ferror(fp))
		return -EIO;
	return 0;
}
