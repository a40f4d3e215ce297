/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Enablings: which clause runs on which probe, and the EPIDs that name
 * each (clause, probe) pair in the records.
 */
#ifndef SPT_ENAB_H
#define SPT_ENAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* What enab_build needs of each program (a -s script or a -n text). */
struct enab_src {
	const char *text; /* the script's file name, or the -n text */
	bool is_file;
	bool zdefs;   /* -x zdefs (or its pragma) held for it */
	bool errtags; /* -x errtags (or its pragma) held for it */
	int matched;  /* out: the probes its descriptions matched */
};

/* How the command line asks for the enabling. */
struct enab_how {
	bool zdefs;	   /* -Z: descriptions may match nothing, all of them */
	bool list;	   /* -l: a description matching nothing is reported, not fatal */
	bool compile_only; /* -e */
	FILE *err;	   /* dtrace's messages, as "spectrace: ..." lines */
};

/*
 * Enable every clause of IMG on the probes of T its descriptions match,
 * program by program (SRCS[c->src] is clause c's program), creating the
 * profile probes the clauses name first. EPIDs and dtrace's statement
 * numbers follow program order. A description that matches nothing is
 * dtrace's D_PDESC_ZERO unless -Z, -x zdefs or -l allows it; no match at
 * all is "no probes matched". Writes dtrace's message to HOW->err and
 * returns -ENOENT or -EINVAL on an error, -ENOMEM, or 0.
 */
int enab_build(struct enabling *e, struct probe_table *t, const struct image *img,
	       struct enab_src *srcs, size_t nsrcs, const struct enab_how *how);

const struct enab_ecb *enab_lookup(const struct enabling *e, uint32_t epid);
void enab_free(struct enabling *e);

#endif /* SPT_ENAB_H */
