/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Enablings. EPIDs are dense and assigned in program order (clause by
 * clause, probes of a clause in probe-id order), so the consumer finds an
 * EPID's description by index and every clause's records keep their order.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "enab.h"

int enab_add(struct enabling *e, const struct probe_table *t, const char *desc, unsigned int clause,
	     uint32_t size, uint32_t prog)
{
	struct probe_desc pd;
	size_t i;
	int n = 0;

	if (probe_desc_parse(desc, &pd))
		return -EINVAL;
	for (i = 0; i < t->n; i++) {
		struct enab_ecb *ecb;

		if (!probe_desc_match(&pd, &t->probes[i]))
			continue;
		if (e->n == e->cap) {
			size_t cap = e->cap ? e->cap * 2 : 64;
			struct enab_ecb *ne = realloc(e->ecbs, cap * sizeof(*ne));

			if (!ne)
				return -ENOMEM;
			e->ecbs = ne;
			e->cap = cap;
		}
		ecb = &e->ecbs[e->n];
		ecb->epid = (uint32_t)++e->n;
		ecb->probe = &t->probes[i];
		ecb->clause = clause;
		ecb->size = size;
		ecb->prog = prog;
		n++;
	}
	return n;
}

const struct enab_ecb *enab_lookup(const struct enabling *e, uint32_t epid)
{
	if (epid == 0 || epid > e->n)
		return NULL;
	return &e->ecbs[epid - 1];
}

void enab_free(struct enabling *e)
{
	free(e->ecbs);
	memset(e, 0, sizeof(*e));
}
