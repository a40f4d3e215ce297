/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Speculations: the contract between the VM (SPECN, SPEC, COMMIT, DISCARD),
 * the probe programs, the cleaner program and the consumer.
 *
 * nspec slots, ids 1..nspec (0 is never a slot). Each slot has one part
 * per CPU in the array map spt_spec, entry (id - 1) * ncpus + cpu:
 *
 *   +------------------+----------------------------------+---------+
 *   | struct spt_part  | records: header + data, as in a  | slack   |
 *   | (off = bytes)    | principal buffer                 |         |
 *   +------------------+----------------------------------+---------+
 *   0                  16                     16 + specsize
 *
 * A slot's state (spt_slots[id], .bss) moves with compare-and-swap:
 *
 *   INACTIVE --speculation()--> ACTIVE --commit()--> COMMITTING --+
 *      ^                           |                              |
 *      |                           +--discard()--> DISCARDING ----+
 *      +---- when no other CPU holds a part: at once; else the ----+
 *            consumer, after the cleaner ran on every CPU
 *
 * A part is written only on its own CPU (by the probes, and by commit,
 * discard and the cleaner, which run there); cpus[] has a bit for every
 * CPU that appended to the slot since it became ACTIVE.
 */
#ifndef SPT_ABI_SPEC_H
#define SPT_ABI_SPEC_H

#define SPT_NSPEC_MAX 64 /* slots (power of two) */
#define SPT_SPEC_OPS 4	 /* commit/discard calls one clause may make */

#define SPT_SPEC_INACTIVE 0
#define SPT_SPEC_ACTIVE 1
#define SPT_SPEC_COMMITTING 2
#define SPT_SPEC_DISCARDING 3

struct spt_slot {
	__u32 state; /* SPT_SPEC_*; writers: probes (CAS), consumer (free) */
	__u32 pad;
	__u64 cpus[4]; /* CPUs holding a part (256 bits); writer: probes (atomic or) */
	__u64 pad2[3];
};
_Static_assert(sizeof(struct spt_slot) == 64, "a slot per cache line");

struct spt_part {
	__u64 off;  /* bytes of records in the part */
	__u64 nrec; /* records in the part: a commit under -x temporal
				 * adds SPT_REC_TS bytes to each */
};
_Static_assert(sizeof(struct spt_part) == 16, "a part: two words");

/* Failure and drop counters (.bss, atomic adds; the consumer reports growth). */
struct spt_spec_stats {
	__u64 unavail; /* speculation(): no slot free */
	__u64 busy;    /* speculation(): free ones still committing/discarding */
	__u64 drops;   /* records that did not fit in a part */
};
_Static_assert(sizeof(struct spt_spec_stats) == 24, "speculation counters layout");

#endif /* SPT_ABI_SPEC_H */
