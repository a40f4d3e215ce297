/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D VM's per-CPU state (struct spt_vm): the kernel keeps it in its
 * per-CPU scratch map (abi/kenv.h), the loader sizes that map and reads it
 * back for the differential tests, the host VM (src/vmhost.c) runs on it.
 * The functions that step it are bpf/vm.h's.
 */
#ifndef SPT_ABI_VMSTATE_H
#define SPT_ABI_VMSTATE_H

#include "abi/isa.h"
#include "abi/limits.h"
#include "abi/spec.h"

#define SPT_DSIG_STOP 0x100 /* vm->dsig: stop() ran */

enum spt_vm_state {
	SPT_VM_RUN = 0, /* executing */
	SPT_VM_DONE,	/* RET reached: write the record */
	SPT_VM_SKIP,	/* predicate false: nothing recorded */
	SPT_VM_FAULT,	/* fault, fault_* say which */
};

/*
 * State of the string primitives' per-byte loops (SSUB, SFIND, LTOS, STOL).
 * It lives in the VM state, not on the stack, so no scalar links a loop's
 * callback to its caller and the verifier checks each callback once.
 */
struct spt_vm_sw {
	__s64 pos;     /* SFIND, LTOS: the position the next step looks at */
	__s64 step;    /* SFIND: +1 or -1 */
	__s64 res;     /* SFIND: the match, -1 if none */
	__u64 val;     /* LTOS: what is left to convert; STOL: the value */
	__u64 out;     /* the instruction's result */
	__u32 len;     /* length of the string in wk[0] */
	__u32 m;       /* SFIND: length of the needle in wk[1] */
	__u32 c;       /* SFIND: the character */
	__u32 mode;    /* SFIND: SPT_FIND_*; SSUB: SPT_SSUB_UPPER or LOWER */
	__u32 base;    /* LTOS, STOL */
	__u32 cat;     /* SSUB: length of the string in the slot it wrote last */
	__u32 slot;    /* SSUB: that slot */
	__u32 phase;   /* STOL: blanks, sign, prefix, digits */
	__u32 neg;     /* STOL: a '-' was seen */
	__u32 hit;     /* SFIND: the needle matched so far */
	__u32 j;       /* SCLEAN: the output's committed length; STOK: the token's start */
	__u32 o;       /* SCLEAN: where the component being read goes; STOK: its end */
	__u32 cs;      /* SCLEAN: where that component starts in the input */
	__u32 ncomp;   /* SCLEAN: components in the output */
	__u32 ups;     /* SCLEAN: how many of them are leading ".." */
	__u32 absl;    /* SCLEAN: 1 for an absolute path (the output starts with '/') */
	__u8 stk[128]; /* SCLEAN: the output's length before each of its components */
	__u8 dset[32]; /* STOK: the delimiters, one bit per byte value */
};
_Static_assert(sizeof(struct spt_vm_sw) == 264, "string primitives state layout");

/*
 * DPATH's walk (isa.h): the dentry and mount it is at, the process's root
 * it stops at, the kernel's member offsets it was given, and the
 * components found so far (their dentries in wk[1], innermost first).
 */
struct spt_vm_dp {
	__u64 d;     /* the dentry */
	__u64 vfs;   /* its struct vfsmount */
	__u64 rootd; /* the process's root: dentry and vfsmount */
	__u64 rootm;
	__u32 n;       /* components in wk[1] */
	__u32 pos;     /* bytes of the path written to wk[0] */
	__u32 err;     /* a read failed: BADADDR at fault */
	__u32 pad;     /* (alignment) */
	__u64 fault;   /* the address that could not be read */
	__u16 off[16]; /* SPT_DP_* offsets */
	__u8 fs[16];   /* the filesystem's name (here, not on the stack: Linux 6.1 */
	__u8 dig[32];  /* counts the deepest call chain's frames); an inode's digits */
};

/* DPATH's offsets, in spt_vm_dp.off: dentry, vfsmount and struct mount members. */
#define SPT_DP_PARENT 0	   /* dentry.d_parent */
#define SPT_DP_NAME 1	   /* dentry.d_name.name */
#define SPT_DP_LEN 2	   /* dentry.d_name.len */
#define SPT_DP_MNT_ROOT 3  /* vfsmount.mnt_root */
#define SPT_DP_MOUNT_MNT 4 /* mount.mnt, the vfsmount inside */
#define SPT_DP_MNT_PARENT 5
#define SPT_DP_MOUNTPOINT 6 /* mount.mnt_mountpoint */
#define SPT_DP_OP 7	    /* dentry.d_op */
#define SPT_DP_DNAME 8	    /* dentry_operations.d_dname */
#define SPT_DP_SB 9	    /* dentry.d_sb */
#define SPT_DP_STYPE 10	    /* super_block.s_type */
#define SPT_DP_FSNAME 11    /* file_system_type.name */
#define SPT_DP_INODE 12	    /* dentry.d_inode */
#define SPT_DP_INO 13	    /* inode.i_ino */
#define SPT_DP_NOFF 14	    /* offsets in all, two in each data instruction */
#define SPT_DP_NDATA 7	    /* DPATH's data instructions */
#define SPT_DP_MAX 64	    /* components kept (wk[1] holds 64 dentries) */

/* Per-CPU VM state; the kernel keeps it in a per-CPU scratch map. */
struct spt_vm {
	__u64 r[SPT_NREGS];
	__u32 base;		     /* first instruction of the running clause */
	__u32 pc;		     /* next instruction, relative to base */
	__u32 state;		     /* enum spt_vm_state */
	__u32 fault;		     /* SPT_FLT_* when state is SPT_VM_FAULT */
	__u32 fault_pc;		     /* instruction that faulted, relative to base */
	__u32 exiting;		     /* EXIT ran */
	__u32 dyndrop;		     /* stores into an associative array that found no space */
	__u32 aggdrop;		     /* an aggregation found no space for a new key */
	__u32 keydrop;		     /* the key being built lost its stack (a full stack store):
				 * the update it is for is an aggregation drop */
	__u32 specd;		     /* speculate() ran: the record goes to slot spec */
	__u32 specroom;		     /* and the bytes left in its part on this CPU */
	__u32 specdrop;		     /* SPECCHK ended the clause: a speculative drop */
	__u32 spec;		     /* its slot id (0: invalid, the record is discarded) */
	__u32 nspecops;		     /* commit/discard calls to make when the clause ends */
	__u32 dsig;		     /* raise(): the signal to send the current process when the
				 * clause ends, 0: none; stop() sets SPT_DSIG_STOP */
	__u64 specops[SPT_SPEC_OPS]; /* op (0 commit, 1 discard) << 32 | slot id */
	__u64 fault_val;	     /* address or value of the fault */
	__s64 exit_status;	     /* status given to exit() */
	__u8 rec[SPT_REC_MAX + SPT_STACK_SLACK];    /* record being built, header at 0 */
	__u8 thisv[SPT_THIS_MAX + SPT_STRSIZE];	    /* this-> variables */
	__u8 str[SPT_VMSTR_SIZE + SPT_STRSIZE];	    /* string slots */
	__u8 key[SPT_AGGKEY_MAX + SPT_STACK_SLACK]; /* associative-array or aggregation key
						 * being built (sized for the masks) */
	__u64 stk[SPT_STACK_MAX + 1];		    /* STACK: the frames the kernel gave */
	__u8 aval[SPT_AVAL_SIZE + 8];		    /* value being stored */
	struct spt_vm_sw sw;			    /* string primitives: loop state */
	__u8 wk[2][2 * SPT_STRSIZE]; /* and operands: a string, SPT_STRSIZE of slack */
	/*
	 * strtok()'s string, kept per CPU from one call to the next (as
	 * dtrace-utils keeps it), and the position its next token is looked
	 * for from.
	 */
	__u8 tok[2 * SPT_STRSIZE];
	__u32 tokpos;
	__u32 toklen;
	__u32 scr_used; /* scratch bytes allocated by the clause */
	__u64 scr_base; /* the address of scratch[], as a number */
	__u64 var_base; /* MCPY to a variable: the globals' address, as a number */
	__u8 scratch[2 * SPT_SCRATCH_MAX]; /* alloca() and copyin() areas, with slack */
	struct spt_vm_dp dp;		   /* DPATH */
};
_Static_assert(sizeof(struct spt_vm) == 24848 + 152, "VM state layout");

#endif /* SPT_ABI_VMSTATE_H */
