/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The kernel VM's per-CPU scratch: VM state plus what the builtins of the
 * current firing read. Shared so the loader and the differential tests can
 * read spt_test_out.
 */
#ifndef SPT_ABI_KENV_H
#define SPT_ABI_KENV_H

#include "abi/vmstate.h"

struct spt_kenv {
	__u64 args[16]; /* arg0..arg9 (index masked with 15); writer: probe program */
	__u64 ts;	/* timestamp: 0 at each firing, read at its first use, then kept
			 * for the firing (DTrace reads it once per firing) */
	__u32 epid;	/* ECB running; writer: spt_run_ecb */
	__u32 probe;	/* its probe id */
	__u64 err;	/* errno of the firing */
	__u32 fixed;	/* non-zero in test runs: builtins from fixed_b[] */
	__u32 pstr[4];	/* probeprov..probename string references */
	__u32 flt_epid; /* last fault: the EPID whose clause faulted */
	__u32 flt_act;	/* and spt_insn_act[] of the faulting instruction */
	__u32 pad;
	__u64 fixed_b[32]; /* SPT_B_NBUILTINS used (index masked with 31); writer: differential test */
	__u64 err_saved[6]; /* spt_fire_error: the probe's arguments, restored after ERROR */
	__u64 err_rec[4];   /* spt_fire_error: the fault record (not on its stack: Linux
				 * 6.1 counts every frame of the deepest call chain) */
};
_Static_assert(sizeof(struct spt_kenv) == 520, "kernel environment layout");

struct spt_scratch {
	struct spt_vm vm;
	struct spt_kenv env;
};
_Static_assert(sizeof(struct spt_scratch) == 25368 + 152, "per-CPU scratch layout");

#endif /* SPT_ABI_KENV_H */
