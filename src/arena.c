/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Arena allocator.
 *
 * Memory comes in chunks chained newest first; allocations are carved from
 * the head chunk and never freed one by one. A request larger than a quarter
 * of the standard chunk gets a chunk of its own, pushed behind the head so the
 * head's free space is not abandoned.
 *
 * Invariants: every returned pointer is aligned to max_align_t and zeroed;
 * chunk->used never exceeds chunk->size.
 */
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define ARENA_CHUNK_SIZE (32 * 1024)
#define ARENA_ALIGN alignof(max_align_t)

struct arena_chunk {
	struct arena_chunk *next;
	size_t size; /* bytes in data[] */
	size_t used;
	max_align_t data[];
};

void arena_init(struct arena *a)
{
	a->head = NULL;
}

void arena_fini(struct arena *a)
{
	struct arena_chunk *c, *next;

	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}

static struct arena_chunk *chunk_new(size_t size)
{
	struct arena_chunk *c;

	if (size > SIZE_MAX - sizeof(*c))
		return NULL;
	c = malloc(sizeof(*c) + size);
	if (!c)
		return NULL;
	c->next = NULL;
	c->size = size;
	c->used = 0;
	return c;
}

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;
	size_t need;
	void *p;

	if (size == 0)
		size = 1;
	if (size > SIZE_MAX - ARENA_ALIGN)
		return NULL;
	need = (size + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1);

	if (need > ARENA_CHUNK_SIZE / 4) {
		c = chunk_new(need);
		if (!c)
			return NULL;
		if (a->head) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			a->head = c;
		}
	} else if (!c || c->size - c->used < need) {
		c = chunk_new(ARENA_CHUNK_SIZE);
		if (!c)
			return NULL;
		c->next = a->head;
		a->head = c;
	}
	p = (char *)c->data + c->used;
	c->used += need;
	memset(p, 0, size);
	return p;
}

void *arena_alloc_array(struct arena *a, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	return arena_alloc(a, n * size);
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *p;

	if (len == SIZE_MAX)
		return NULL;
	p = arena_alloc(a, len + 1);
	if (!p)
		return NULL;
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}
