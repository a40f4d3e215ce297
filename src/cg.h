/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The code generator: a parsed D program to a program image (bytecode and
 * record layouts), with D's type and scope rules checked on the way.
 * Errors go to the compile context's diagnostics with DTrace's tags.
 */
#ifndef SPT_CG_H
#define SPT_CG_H

#include <stddef.h>
#include <stdint.h>

#include "ast.h"
#include "compile.h"
#include "image.h"
#include "opt.h"

struct cg;

/*
 * Start compiling into IMG. Pragmas will set options in O; MACROS are the
 * values of $1..$n. Returns NULL when out of memory.
 */
struct cg *cg_new(struct compile_ctx *cc, struct opts *o, char *const *macros, size_t nmacros,
		  struct image *img);

/*
 * Compile one program (a script, or one -n text) into the image, after
 * those added before: later programs see earlier programs' variables.
 * Returns 0, or -EINVAL after reporting to CC, or -ENOMEM.
 */
int cg_add(struct cg *g, const struct ast_program *prog);

/* $0 of programs given with -n (a script's $0 is its path): argv[0]. */
void cg_set_argv0(struct cg *g, const char *argv0);

/*
 * Finish: returns 0 with the image complete (free it with cg_image_free),
 * or an error, the image then freed. Frees G either way.
 */
int cg_finish(struct cg *g);

void cg_image_free(struct image *img);

/*
 * One program on its own, the whole sequence: parse TEXT (LEN bytes, from
 * script FILE; NULL: -n text), then cg_new, cg_set_argv0 (ARGV0 NULL: not
 * set), cg_add and cg_finish into IMG with O and MACROS. Returns 0 with IMG
 * complete (free it with cg_image_free), or -EINVAL after errors reported
 * to CC, or -ENOMEM; IMG then holds nothing to free.
 */
int cg_compile(struct compile_ctx *cc, struct opts *o, char *const *macros, size_t nmacros,
	       const char *argv0, const char *file, const char *text, size_t len,
	       struct image *img);

/* The D name of an aggregating function (enum spt_agg_func). */
const char *cg_agg_func_name(uint32_t func);

#endif /* SPT_CG_H */
