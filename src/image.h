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
#include <linux/types.h>

#include "abi/buf.h"

#include "fmt.h"

enum img_ftype {
	IMG_INT,    /* signed integer of size 1, 2, 4, 8 */
	IMG_UINT,   /* unsigned integer */
	IMG_STR,    /* string of at most size - 1 bytes and a NUL, in size bytes
			 * (as long as the string can be, rounded up to 8) */
	IMG_STACK,  /* kernel stack (abi/isa.h SPT_OP_STACK): depth, 0, frames;
			 * size SPT_STACK_FIELD(frames) */
	IMG_USTACK, /* user stack: depth, pid, frames */
	IMG_SYM,    /* sym(), func(): a kernel address, 8 bytes */
	IMG_MOD,    /* mod(): a kernel address */
	IMG_USYM,   /* usym(), ufunc(): pid and a user address, 16 bytes */
	IMG_UADDR,  /* uaddr(), printf's %A: pid and a user address */
	IMG_UMOD,   /* umod(): pid and a user address */
	IMG_BYTES,  /* tracemem(): the bytes copied (8 bytes), then size - 8 bytes */
};

struct img_field {
	enum img_ftype type;
	uint32_t offset; /* from the record's start */
	uint32_t size;
};

enum img_act {
	IMG_ACT_TRACE,	     /* one field */
	IMG_ACT_PRINTF,	     /* fmt.nargs fields */
	IMG_ACT_EXIT,	     /* one field: the status (printed as nothing) */
	IMG_ACT_PRINTA,	     /* no field: print aggregation agg (with fmt when has_fmt) */
	IMG_ACT_CLEAR,	     /* no field: zero agg's values, keep its keys */
	IMG_ACT_TRUNC,	     /* one field: keep the top N (bottom -N) of agg; all gone if none */
	IMG_ACT_NORMALIZE,   /* one field: print agg's values divided by it */
	IMG_ACT_DENORMALIZE, /* no field: undo normalize */
	IMG_ACT_SYSTEM,	     /* fmt.nargs fields: the command's printf arguments */
	IMG_ACT_FREOPEN,     /* fmt.nargs fields: the file's name; "" restores the output */
	IMG_ACT_FTRUNCATE,   /* no field: truncate the output file */
	IMG_ACT_SETOPT,	     /* one or two string fields: an option's name and value */
};

struct img_action {
	enum img_act kind;
	uint32_t first; /* index of its first field in the clause's fields */
	uint32_t nfields;
	struct fmt fmt; /* IMG_ACT_PRINTF, IMG_ACT_SYSTEM, IMG_ACT_PRINTA with has_fmt */
	uint32_t agg;	/* aggregation actions: its id (printa: the first listed) */
	int has_fmt;
	uint32_t naggs;	  /* printa: aggregations listed, 1..IMG_PRINTA_MAX */
	uint32_t aggs[8]; /* printa: their ids, in order (aggs[0] == agg) */
};

#define IMG_PRINTA_MAX 8

#define IMG_AGG_KEYS 8

/* An aggregation variable (bpf/abi/agg.h has its data layout). */
struct img_agg {
	const char *name; /* without '@'; "_" for the anonymous @ */
	uint32_t func;	  /* enum spt_agg_func */
	uint32_t flags;	  /* SPT_AGGF_* */
	uint32_t nkeys;
	struct img_field keys[IMG_AGG_KEYS]; /* type, printed size, offset in the key */
	uint32_t keysize;		     /* bytes of the key: 8 (id) + the elements */
	/*
	 * The key as the kernel stores it. It differs from keys[] where an
	 * element is a probe's name (probefunc...): the kernel stores that
	 * name's string-table offset (8 bytes, one offset per distinct name);
	 * and where it is a stack: the kernel stores its depth, pid and the
	 * key its frames have in the stack store (SPT_STACK_KFIELD). The
	 * consumer puts the names and frames back when it reads the map.
	 */
	uint32_t kkeysize;
	uint32_t koff[IMG_AGG_KEYS];  /* each element's offset in the kernel's key */
	uint8_t kpname[IMG_AGG_KEYS]; /* 1: a probe name's string-table offset there */
	uint8_t kstack[IMG_AGG_KEYS]; /* 1: a stack as depth, pid, stack-store key */
	uint32_t nwords;	      /* value words (abi/agg.h) */
	uint32_t edge0;		      /* histograms: first edge in image.edges */
	uint32_t nedges;
	uint32_t line;	   /* where it was first used, for D_AGG_REDEF */
	int64_t params[4]; /* lquantize: base, base + levels * step, step;
				 * llquantize: factor, lmag, hmag, steps */
};

struct img_clause {
	const char **descs;   /* probe descriptions, as written */
	uint32_t *desc_lines; /* the line each description is on */
	size_t ndescs;
	unsigned int src; /* the program (cg_add call, from 0) the clause is in */
	uint32_t prog;	  /* first instruction; SPT_ECB_NOPROG: none */
	uint32_t recsize; /* bytes, header included; 0: records nothing */
	uint32_t fpred;	  /* fast predicate (spt_ecb.fpred), 0: none */
	int32_t fval;
	uint32_t fcount;		/* fast count (spt_ecb.fcount), 0: none */
	uint32_t frec[SPT_FREC_FIELDS]; /* fast record (abi/buf.h): its field words */
	uint32_t nfrec;			/* 0: not a fast record */
	struct img_action *acts;
	size_t nacts;
	struct img_field *fields;
	size_t nfields;
};

struct image {
	struct spt_insn *insns;
	uint32_t *insn_act; /* per instruction: action << 16 | offset in the action */
	size_t ninsns;
	struct img_clause *clauses;
	size_t nclauses;
	uint32_t globals_size; /* bytes of global variables used */
	uint8_t *strtab;       /* string literals, NUL-terminated; offsets are references */
	uint32_t strtab_len;
	struct img_agg *aggs; /* index: aggregation id */
	size_t naggs;
	int64_t *edges; /* histogram bucket edges of all aggregations */
	uint32_t nedges;
	int uses_spec;	 /* speculation(), speculate(), commit() or discard() */
	int destructive; /* has a destructive action: tracing needs -w */
};

#endif /* SPT_IMAGE_H */
