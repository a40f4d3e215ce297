/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The compile context: state of one D compilation, passed to every stage so
 * that nothing is global. The arena holds tokens and the AST, which live
 * until compile_ctx_fini.
 */
#ifndef SPT_COMPILE_H
#define SPT_COMPILE_H

#include <stdbool.h>
#include <stdlib.h>

#include "arena.h"
#include "diag.h"

/*
 * Bound on the parser's recursion and on the height of expression trees:
 * deeper input is an error rather than a stack overflow, in the parser or in
 * any later pass that recurses over the AST.
 */
#define COMPILE_MAX_NESTING_DEFAULT 1000

struct compile_ctx {
	struct arena arena;
	struct diag_list diags;

	/* Front-end options. */
	unsigned int max_nesting; /* 0: COMPILE_MAX_NESTING_DEFAULT */
	bool allow_empty;	  /* -x empty: a program may have nothing in it */
	/*
	 * Typedef names beyond D's built-in ones (int8_t ... ssize_t), e.g.
	 * from the kernel's BTF, so that "(u64)x" is a cast. NULL: none. It
	 * is asked only where a type may begin (after '(' before ')' or '*',
	 * in declarations, a bare top-level word), since answering may load
	 * the kernel's BTF; a name it accepts joins tdefs, a type name from
	 * then on.
	 */
	bool (*is_typedef)(const char *name, void *arg);
	void *is_typedef_arg;
	/* Names the programs' own typedefs declared, in the arena: type names from then on. */
	const char **tdefs;
	size_t ntdefs, captdefs;
};

static inline void compile_ctx_init(struct compile_ctx *cc)
{
	arena_init(&cc->arena);
	diag_list_init(&cc->diags);
	cc->max_nesting = 0;
	cc->allow_empty = false;
	cc->is_typedef = NULL;
	cc->is_typedef_arg = NULL;
	cc->tdefs = NULL;
	cc->ntdefs = cc->captdefs = 0;
}

/* Make NAME (kept by the caller, e.g. in the arena) a type name. 0 or -ENOMEM. */
static inline int compile_ctx_add_tdef(struct compile_ctx *cc, const char *name)
{
	if (cc->ntdefs == cc->captdefs) {
		size_t cap = cc->captdefs ? cc->captdefs * 2 : 8;
		const char **v = (const char **)realloc(cc->tdefs, cap * sizeof(*v));

		if (!v)
			return -12; /* -ENOMEM */
		cc->tdefs = v;
		cc->captdefs = cap;
	}
	cc->tdefs[cc->ntdefs++] = name;
	return 0;
}

static inline void compile_ctx_fini(struct compile_ctx *cc)
{
	arena_fini(&cc->arena);
	diag_list_fini(&cc->diags);
	free(cc->tdefs);
	cc->tdefs = NULL;
	cc->ntdefs = cc->captdefs = 0;
}

#endif /* SPT_COMPILE_H */
