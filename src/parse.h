/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D parser: tokens to AST, syntax only.
 */
#ifndef SPT_PARSE_H
#define SPT_PARSE_H

#include <stddef.h>

#include "ast.h"

struct compile_ctx;

/*
 * Parse a D program: the contents of script FILE, or -n text when FILE is
 * NULL (then a probe description alone is a clause; in a file it needs a
 * predicate or a body, as with dtrace). TEXT need not be NUL-terminated and
 * must outlive the AST. Returns the program, in CC's arena, or NULL after
 * reporting the first error to CC's diagnostics.
 */
struct ast_program *parse_program(struct compile_ctx *cc, const char *file, const char *text,
				  size_t len);

/*
 * Parse TEXT as one D expression, such as a predicate's. Same conventions as
 * parse_program; FILE only names the source in diagnostics.
 */
struct ast_expr *parse_expression(struct compile_ctx *cc, const char *file, const char *text,
				  size_t len);

#endif /* SPT_PARSE_H */
