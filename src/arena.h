/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Arena allocator: many small allocations released all at once. The D front
 * end puts tokens' text and the whole AST in the compile context's arena, so
 * no error path has anything to free.
 */
#ifndef SPT_ARENA_H
#define SPT_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head; /* newest chunk first */
};

void arena_init(struct arena *a);

/* Release every allocation; the arena may be used again afterwards. */
void arena_fini(struct arena *a);

/*
 * SIZE bytes of zeroed memory aligned for any object type, or NULL when out
 * of memory. A zero SIZE still returns a unique pointer.
 */
void *arena_alloc(struct arena *a, size_t size);

/* Room for N objects of SIZE bytes each; NULL on overflow or out of memory. */
void *arena_alloc_array(struct arena *a, size_t n, size_t size);

/* A NUL-terminated copy of the LEN bytes at S (which may hold NULs). */
char *arena_strndup(struct arena *a, const char *s, size_t len);

#endif /* SPT_ARENA_H */
