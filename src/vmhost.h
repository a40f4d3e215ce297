/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The host build of the D virtual machine (bpf/vm.h): runs bytecode in
 * userspace with builtins supplied by the caller, for unit tests and for
 * the differential test against the kernel VM.
 */
#ifndef SPT_VMHOST_H
#define SPT_VMHOST_H

#include <stdint.h>
#include <linux/types.h>

#include "abi/agg.h"
#include "abi/fault.h"
#include "abi/isa.h"
#include "abi/limits.h"
#include "abi/spec.h"
#include "abi/vmstate.h"

/* What a probe firing would supply: builtin values and global storage. */
#define VMHOST_TLS_MAX 64
#define VMHOST_ASSOC_MAX 16
#define VMHOST_AGG_MAX 8
#define VMHOST_AGG_WORDS 256
#define VMHOST_STK_MAX 8

struct spt_env {
	uint64_t builtin[SPT_B_NBUILTINS];
	uint8_t globals[SPT_GLOBALS_MAX + SPT_STRSIZE];
	const uint8_t *strtab; /* SPT_STRTAB_MAX + SPT_STRSIZE bytes */
	char comm[16];	       /* execname */
	uint32_t strcap;       /* bytes a string keeps with its NUL (strsize + 1); 0: SPT_STRSIZE */
	uint32_t scratch;      /* scratch bytes of a clause (scratchsize - 8); 0: SPT_SCRATCH_MAX */
	/* self-> variables of the one thread a test runs: var -> value, 0 unset */
	uint64_t tls[VMHOST_TLS_MAX];
	/* kernel memory a test lets LDX read: [mem_base, mem_base + mem_len) */
	uint64_t mem_base;
	const uint8_t *mem;
	size_t mem_len;
	/* associative-array elements, in a small table */
	struct {
		uint8_t key[SPT_KEY_SIZE];
		uint8_t val[SPT_AVAL_SIZE];
		uint64_t used; /* 8 bytes: keeps every val 8-byte aligned */
	} assoc[VMHOST_ASSOC_MAX];
	/* aggregations: descriptors and edges as the loader would set them */
	const struct spt_aggdesc *aggs; /* SPT_AGG_MAX entries, NULL: none */
	const int64_t *edges;		/* SPT_AGG_EDGES_MAX entries */
	uint32_t agg_words;		/* <= VMHOST_AGG_WORDS */
	struct {
		uint32_t used;
		uint32_t keyed;
		uint32_t id;
		uint8_t key[SPT_AGGKEY_MAX];
		uint64_t w[VMHOST_AGG_WORDS];
	} agg[VMHOST_AGG_MAX];
	/* speculations: slots 1..nspec, non-zero when taken */
	uint32_t nspec;
	uint8_t spec_taken[SPT_NSPEC_MAX + 1];
	uint32_t specroom; /* bytes every part has left, for SPECCHK */
	/* the stack STACK takes: NFRAMES of FRAMES, or the kernel test runs' three */
	const uint64_t *frames;
	uint32_t nframes;
	/* the stack store: NSTK entries, at most STK_MAX (0: VMHOST_STK_MAX) */
	struct {
		uint64_t key;
		uint64_t frames[SPT_STACK_MAX];
	} stk[VMHOST_STK_MAX];
	uint32_t nstk;
	uint32_t stk_max;
};

/*
 * Run the clause at instruction BASE of INSNS (SPT_MAX_INSNS entries) to
 * its end, at most MAX_STEPS instructions. Returns vm->state.
 */
int vmhost_run(struct spt_vm *vm, const struct spt_insn *insns, uint32_t base, struct spt_env *env,
	       uint32_t max_steps);

#endif /* SPT_VMHOST_H */
