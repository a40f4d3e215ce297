/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D VM's limits and the layout of its string space and keys: what the
 * compiler (offsets, sizes), the loader (map and table sizes), the consumer
 * (string fields) and both VMs agree on. The VM itself is bpf/vm.h; its
 * per-CPU state is abi/vmstate.h.
 *
 * Included by BPF code and by src/; it includes nothing itself.
 */
#ifndef SPT_ABI_LIMITS_H
#define SPT_ABI_LIMITS_H

#define SPT_MAX_INSNS 8192    /* bytecode of all clauses (power of two) */
#define SPT_REC_MAX 4096      /* record area: largest record (power of two) */
#define SPT_THIS_MAX 2048     /* this-> variables of a clause (power of two) */
#define SPT_GLOBALS_MAX 16384 /* global variables (power of two) */
#define SPT_PSARGS_MAX 80     /* pr_psargs with its NUL (PRARGSZ) */
#define SPT_SCRATCH_MAX \
	256 /* alloca/copyin scratch of a clause: dtrace-utils' default
				 * scratchsize (264) less its 8-byte header */

/*
 * Strings. A string value is at most SPT_STRSIZE bytes with its NUL. A
 * string register holds a reference: an offset into the string space,
 * which is the concatenation of
 *   [0, SPT_STRTAB_MAX)              the string table (literals, probe names)
 *   [SPT_SREF_VM, + SPT_VMSTR_SIZE)  the VM's string slots (slot 0: execname)
 *   [SPT_SREF_GLOBALS, + GLOBALS)    global variables
 *   [SPT_SREF_THIS, + THIS)          this-> variables
 * Every region has SPT_STRSIZE bytes of slack after it, so a string read
 * of SPT_STRSIZE bytes at any masked offset stays inside. Reference 0 is
 * NULL (what strchr() returns when it finds nothing): the string table's
 * first byte is a NUL no literal uses, so NULL reads as the empty string.
 * A reference plus a position inside its string (strchr's result) is a
 * reference to the rest of that string.
 */
#define SPT_STRSIZE 256
#define SPT_STRTAB_MAX 16384
#define SPT_NSTR 16
#define SPT_VMSTR_SIZE (SPT_NSTR * SPT_STRSIZE)
#define SPT_SREF_VM SPT_STRTAB_MAX
#define SPT_SREF_GLOBALS (SPT_SREF_VM + SPT_VMSTR_SIZE)
#define SPT_SREF_THIS (SPT_SREF_GLOBALS + SPT_GLOBALS_MAX)
#define SPT_SREF_END (SPT_SREF_THIS + SPT_THIS_MAX)

/*
 * Associative arrays: one hash map for all of them, keyed by SPT_KEY_SIZE
 * bytes (array id, then the tuple: 8 bytes per integer, SPT_STRSIZE per
 * string, zero-filled so equal tuples are equal keys) with SPT_STRSIZE-byte
 * values (an integer in the first 8, or a string).
 */
#define SPT_KEY_SIZE 576
/*
 * Aggregation keys may be longer (a stack is up to SPT_STACK_FIELD(127)
 * bytes); the map's key is the program's longest key. KINIT with
 * SPT_KEY_BIG zeroes all of them.
 */
#define SPT_AGGKEY_MAX 2048
/* A stack field's room after a masked offset (SPT_STACK_FIELD(127), rounded up). */
#define SPT_STACK_SLACK 4096 /* >= SPT_STACK_RFIELD(127, SPT_STACK_WINDOW_MAX) */
#define SPT_AVAL_SIZE SPT_STRSIZE

/* Destructive actions (SPT_OP_RAISE): Linux's signals are 1.._NSIG (64). */
#define SPT_SIG_MAX 64

#endif /* SPT_ABI_LIMITS_H */
