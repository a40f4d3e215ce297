/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * -C: running the system's C preprocessor on a script, as dtrace(1) does.
 */
#ifndef SPT_CPP_H
#define SPT_CPP_H

#include <stddef.h>

#include "opt.h"

/*
 * The preprocessor's argument vector from the options: cpppath (default
 * "cpp"), -std=c99 (-X a, c, t) or -traditional-cpp (-X s), -H (cpphdrs),
 * the -D/-U/-I arguments in order, then cppargs split at blanks. V gets
 * up to CAP entries and a NULL, STORE the texts. Returns the count, 0 if
 * there was not room.
 */
size_t cpp_argv(const struct opts *o, char **v, size_t cap, char *store, size_t storelen);

/*
 * Preprocess TEXT (LEN bytes, a "#!" first line left out): *OUT gets the
 * output (malloc'd, NUL-terminated), *OUTLEN its length. Returns 0, or
 * -errno with ERR set ("preprocessor failed" when cpp reported errors, on
 * stderr).
 */
int cpp_run(const struct opts *o, const char *text, size_t len, char **out, size_t *outlen,
	    char *err, size_t errlen);

#endif /* SPT_CPP_H */
