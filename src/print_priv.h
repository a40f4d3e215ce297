/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Inside the output sink: the interface each format implements (struct
 * print_ops), the two formats (print_text.c, print_json.c), and what
 * print.c lends them. Only print*.c and the unit tests include this.
 */
#ifndef SPT_PRINT_PRIV_H
#define SPT_PRINT_PRIV_H

#include <stdint.h>

#include "image.h"
#include "jbuf.h"
#include "print.h"

/*
 * What a format does with each event. init allocates the format's own
 * state (pr->state, no one else's to read) and fini releases it;
 * flow_reset and end may be NULL: nothing to do.
 */
struct print_ops {
	int (*init)(struct printer *pr);
	void (*fini)(struct printer *pr);
	/* A record of EPID, fired by P on CPU; CL NULL: the default action. */
	void (*record)(struct printer *pr, int cpu, uint32_t epid, const struct probe *p,
		       const struct img_clause *cl, const uint8_t *data);
	/* Aggregation SNAP, sorted, printed with printa's format F (or NULL). */
	void (*agg)(struct printer *pr, const struct agg_snap *snap, const struct fmt *f,
		    uint64_t normal, enum print_agg_when when);
	void (*fault)(struct printer *pr, const struct print_fault *f);
	/* KIND grew by N on CPU (-1 for the counters of all CPUs). */
	void (*count)(struct printer *pr, enum print_count kind, int cpu, uint64_t n);
	/* -F: a pass over CPU's buffer starts. */
	void (*flow_reset)(struct printer *pr, int cpu);
	/* Tracing has stopped. */
	void (*end)(struct printer *pr);
};

extern const struct print_ops print_text_ops; /* dtrace(1)'s layout */
extern const struct print_ops print_json_ops; /* one object per line */

/* system() action A of a record: its command run through pr->system, output on FD. */
void print_system(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		  const uint8_t *data, int fd);

/*
 * The members "type" and "value" (no braces) of field F of DATA, as
 * trace() records it or an aggregation key holds it: "int" and "uint"
 * values as decimal numbers, "string" as a string cut at its NUL, plus
 * "hex" with the string's bytes when some were not valid UTF-8.
 */
void json_value(struct jbuf *b, const struct img_field *f, const uint8_t *data);

/* The names of the fault types (DTRACEFLT_* in lower case, "badaddr"). */
const char *json_fault_name(uint32_t fault);

#endif /* SPT_PRINT_PRIV_H */
