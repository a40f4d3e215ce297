/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Compile diagnostics: what the D compiler reports, kept in a list the
 * compile context owns, printed in dtrace(1)'s shape:
 *
 *   spectrace: failed to compile script FILE: [TAG] line N: MESSAGE
 *   spectrace: invalid probe specifier TEXT: [TAG] REGION: MESSAGE
 *
 * as in: spectrace: failed to compile script foo.d: line 7: syntax error
 * near "}". The first form is for scripts (-s), the second for -n text,
 * where dtrace shows no line: an error found while type-checking a clause's
 * predicate or actions says "in predicate: " or "in action list: ", any
 * other (lexing, parsing, code generation) no location at all.
 *
 * "[TAG] " appears only with -xerrtags (diag_list.errtags), as in dtrace.
 * A message may hold dtrace's embedded "\n\t" continuation lines; only its
 * trailing newlines are dropped. When diag_list.caret is set (stderr is a
 * terminal) and the source text is known, two extra lines follow each
 * entry: the source line and a caret under the column, with the column's
 * number; scripts and tests (not terminals) see dtrace's bytes alone.
 * Columns count bytes from 1, so a tab is one column.
 *
 * Messages are lower case, without a final period.
 */
#ifndef SPT_DIAG_H
#define SPT_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Tags: dtrace's names where dtrace has one for the condition. D_UNSUPPORTED
 * is spectrace's own: its messages read "not supported: ..." and name a
 * construct spectrace recognises and rejects (C statements D lacks, struct
 * definitions, translators, ...). The C preprocessor directives dtrace would
 * run through cpp get dtrace's D_PRAGCTL_INVAL, as dtrace without -C does.
 */
#define DIAG_UNKNOWN		"D_UNKNOWN"		/* also: out of memory */
#define DIAG_SYNTAX		"D_SYNTAX"
#define DIAG_EMPTY		"D_EMPTY"
#define DIAG_INT_OFLOW		"D_INT_OFLOW"
#define DIAG_INT_DIGIT		"D_INT_DIGIT"
#define DIAG_STR_NL		"D_STR_NL"
#define DIAG_CHR_NL		"D_CHR_NL"
#define DIAG_CHR_NULL		"D_CHR_NULL"
#define DIAG_CHR_OFLOW		"D_CHR_OFLOW"
#define DIAG_PRAGERR		"D_PRAGERR"
#define DIAG_PRAGCTL_INVAL	"D_PRAGCTL_INVAL"
#define DIAG_PRAGMA_INVAL	"D_PRAGMA_INVAL"
#define DIAG_PRAGMA_MALFORM	"D_PRAGMA_MALFORM"
#define DIAG_DECL_COMBO		"D_DECL_COMBO"
#define DIAG_DECL_ARRNULL	"D_DECL_ARRNULL"
#define DIAG_UNSUPPORTED	"D_UNSUPPORTED"

/* Where dtrace says an error of a -n program arose (type checking only). */
#define DIAG_REGION_PRED	"in predicate"
#define DIAG_REGION_ACTS	"in action list"

struct diag {
	const char *tag;	/* static string, e.g. DIAG_SYNTAX */
	char *file;		/* script name, NULL for -n text */
	unsigned int line;	/* from 1; 0: no position */
	unsigned int col;	/* from 1; 0: unknown */
	const char *region;	/* DIAG_REGION_*, NULL: none */
	char *filetag;		/* a line marker's file ("FILE", line N), NULL: the script */
	char *msg;
};

struct diag_list {
	struct diag *v;		/* in the order reported */
	size_t n;
	size_t cap;
	bool nomem;		/* an entry was lost for want of memory */
	/* How diag_print shows them (set by the caller; false/NULL by default). */
	bool errtags;		/* -xerrtags: "[TAG] " before the location */
	bool caret;		/* add the source line and a caret (a terminal) */
	const char *src;	/* the source text the lines and columns are in */
	size_t srclen;
};

void diag_list_init(struct diag_list *dl);
void diag_list_fini(struct diag_list *dl);

/*
 * Append an entry. TAG must outlive the list (use the DIAG_* strings); FILE
 * is copied. Trailing newlines of the formatted message are dropped. Returns
 * 0 or -ENOMEM, in which case dl->nomem is set.
 */
int diag_add(struct diag_list *dl, const char *tag, const char *file, unsigned int line,
	     unsigned int col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
int diag_vadd(struct diag_list *dl, const char *tag, const char *file, unsigned int line,
	      unsigned int col, const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));

/* Set the region (DIAG_REGION_*) of the last entry, if there is one. */
void diag_set_region(struct diag_list *dl, const char *region);

/*
 * The file a line marker named for the last entry's line (an #include'd
 * file under -C), copied; NULL leaves the script's plain "line N".
 */
void diag_set_filetag(struct diag_list *dl, const char *filetag);

/*
 * Print every entry to FP, as described above. SPEC is the -n text shown for
 * entries without a file (may be NULL). Returns 0 or -EIO.
 */
int diag_print(FILE *fp, const struct diag_list *dl, const char *spec);

#endif /* SPT_DIAG_H */
