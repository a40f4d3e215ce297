/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Compile diagnostics: what the D compiler reports, kept in a list the
 * compile context owns, printed in dtrace(1)'s shape, one line each:
 *
 *   spectrace: failed to compile script FILE: [TAG] line N column C: MESSAGE
 *   spectrace: invalid probe specifier TEXT: [TAG] line N column C: MESSAGE
 *
 * as in: spectrace: failed to compile script foo.d: [D_SYNTAX] line 7
 * column 12: syntax error near "}". The first form is for scripts (-s), the
 * second for -n text.
 *
 * The tag is always shown (dtrace shows it only with -xerrtags). "line N" is
 * dtrace's; spectrace adds " column C" when the column is known. An entry
 * whose line is 0 has no position and prints as "[TAG] MESSAGE". Columns
 * count bytes from 1, so a tab is one column.
 *
 * Messages are lower case, without a final period, one line each.
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

struct diag {
	const char *tag;	/* static string, e.g. DIAG_SYNTAX */
	char *file;		/* script name, NULL for -n text */
	unsigned int line;	/* from 1; 0: no position */
	unsigned int col;	/* from 1; 0: unknown */
	char *msg;
};

struct diag_list {
	struct diag *v;		/* in the order reported */
	size_t n;
	size_t cap;
	bool nomem;		/* an entry was lost for want of memory */
};

void diag_list_init(struct diag_list *dl);
void diag_list_fini(struct diag_list *dl);

/*
 * Append an entry. TAG must outlive the list (use the DIAG_* strings); FILE
 * is copied. Newlines in the formatted message become spaces. Returns 0 or
 * -ENOMEM, in which case dl->nomem is set.
 */
int diag_add(struct diag_list *dl, const char *tag, const char *file, unsigned int line,
	     unsigned int col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
int diag_vadd(struct diag_list *dl, const char *tag, const char *file, unsigned int line,
	      unsigned int col, const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));

/*
 * Print every entry on its own line to FP. SPEC is the -n text shown for
 * entries without a file (may be NULL). Returns 0 or -EIO.
 */
int diag_print(FILE *fp, const struct diag_list *dl, const char *spec);

#endif /* SPT_DIAG_H */
