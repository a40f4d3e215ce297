/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Enablings: which clause runs on which probe, and the EPIDs that name
 * each (clause, probe) pair in the records.
 */
#ifndef SPT_ENAB_H
#define SPT_ENAB_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"
#include "probe.h"

/* One clause enabled on one probe. */
struct enab_ecb {
	uint32_t epid; /* 1-based, dense: ecbs[epid - 1] */
	const struct probe *probe;
	unsigned int clause; /* index in program order */
	unsigned int stmt;   /* statement (clause and description) number, dtrace's dt_clause_N */
	uint32_t size;	     /* record size in bytes, header included; 0: none */
	uint32_t prog;	     /* first instruction of the clause, or SPT_ECB_NOPROG */
};

struct enabling {
	struct enab_ecb *ecbs; /* in EPID order */
	size_t n;
	size_t cap;
	int with_vmtest; /* also load the differential-test program */
	/* the program enabled (bytecode, strings, aggregations, clauses), owned by the caller */
	const struct image *img;
};

/*
 * Enable clause CLAUSE on every probe of T matching DESC. Returns the
 * number of probes matched (0 is not an error here), -EINVAL for a
 * malformed description, -ENOMEM.
 */
int enab_add(struct enabling *e, const struct probe_table *t, const char *desc, unsigned int clause,
	     uint32_t size, uint32_t prog);

const struct enab_ecb *enab_lookup(const struct enabling *e, uint32_t epid);
void enab_free(struct enabling *e);

#endif /* SPT_ENAB_H */
