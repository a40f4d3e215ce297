/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The program image: what the code generator produces and all that the
 * loader and the consumer see of a D program. Plain data: bytecode for the
 * kernel, and per clause the layout of its record for the printer.
 *
 * A clause's record is its EPID header (struct spt_rec) followed by the
 * data of its data-recording actions at fixed offsets:
 *
 *   0        8        8+f0.size ...                  recsize (multiple of 8)
 *   +--------+--------+-------------------- ... ------+
 *   | header | field0 | field1 ...                     |
 *   +--------+--------+-------------------- ... ------+
 *
 * recsize 0 means the clause records nothing at all (only aggregations and
 * the like); a clause without actions records its header alone.
 */
#ifndef SPT_IMAGE_H
#define SPT_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "fmt.h"

enum img_ftype {
	IMG_INT,	/* signed integer of size 1, 2, 4, 8 */
	IMG_UINT,	/* unsigned integer */
	IMG_STR,	/* NUL-padded string of size bytes */
};

struct img_field {
	enum img_ftype type;
	uint32_t offset;	/* from the record's start */
	uint32_t size;
};

enum img_act {
	IMG_ACT_TRACE,	/* one field */
	IMG_ACT_PRINTF,	/* fmt.nargs fields */
	IMG_ACT_EXIT,	/* one field: the status (printed as nothing) */
};

struct img_action {
	enum img_act kind;
	uint32_t first;		/* index of its first field in the clause's fields */
	uint32_t nfields;
	struct fmt fmt;		/* IMG_ACT_PRINTF */
};

struct img_clause {
	const char **descs;	/* probe descriptions, as written */
	size_t ndescs;
	uint32_t prog;		/* first instruction; SPT_ECB_NOPROG: none */
	uint32_t recsize;	/* bytes, header included; 0: records nothing */
	struct img_action *acts;
	size_t nacts;
	struct img_field *fields;
	size_t nfields;
};

struct image {
	struct spt_insn *insns;
	uint32_t *insn_act;	/* per instruction: action << 16 | offset in the action */
	size_t ninsns;
	struct img_clause *clauses;
	size_t nclauses;
	uint32_t globals_size;	/* bytes of global variables used */
	uint8_t *strtab;	/* string literals, NUL-terminated; offsets are references */
	uint32_t strtab_len;
};

#endif /* SPT_IMAGE_H */
