/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D virtual machine's instruction set: the contract between the code
 * generator (src/cg.c), the disassembler (src/dis.c) and the VM core
 * (bpf/vm.h), which runs in the kernel under bpf_loop and on the host in
 * tests.
 *
 * Every instruction is 8 bytes:
 *
 *   +------+------+------+------+-------------------------+
 *   |  op  | dst  |  a   |  b   |        imm (s32)        |
 *   +------+------+------+------+-------------------------+
 *
 * dst, a and b name registers r0..r15 (64-bit, zero at clause start).
 * Branch offsets in imm count instructions from the next one. There is one
 * addressing mode per operand kind, so the interpreter decodes with a
 * switch and masks, which the verifier follows without state explosion.
 *
 * A clause is a run of instructions ending in RET: the predicate (if any)
 * ends with PRED, the actions follow. Records are built in the VM's record
 * area at offsets fixed by the code generator (REC*), then written whole to
 * the principal buffer at RET. Strings are values of at most strsize bytes;
 * a string register holds a string reference (SPT_SREF_*), never a pointer.
 */
#ifndef SPT_ABI_ISA_H
#define SPT_ABI_ISA_H

/* SPT_OP_KSTRX's b: an unreadable (non-NULL) address is the empty string */
#define SPT_KSTRX_SOFT 0x80

struct spt_insn {
	__u8 op;   /* enum spt_op */
	__u8 dst;  /* destination register */
	__u8 a;	   /* first source register */
	__u8 b;	   /* second source register, or a small operand */
	__s32 imm; /* immediate: constant, offset, id */
};
_Static_assert(sizeof(struct spt_insn) == 8, "instructions are 8 bytes");

#define SPT_NREGS 16

enum spt_op {
	SPT_OP_NOP = 0,
	SPT_OP_RET,   /* end of clause: write the record */
	SPT_OP_PRED,  /* predicate: r[a] == 0 ends the clause, nothing recorded */
	SPT_OP_JMP,   /* pc += imm */
	SPT_OP_JZ,    /* if (r[a] == 0) pc += imm */
	SPT_OP_JNZ,   /* if (r[a] != 0) pc += imm */
	SPT_OP_LDI,   /* r[dst] = (s64)imm */
	SPT_OP_LDI64, /* r[dst] = (u32)imm | (u64)next.imm << 32; two instructions */
	SPT_OP_MOV,   /* r[dst] = r[a] */
	SPT_OP_ADD,   /* r[dst] = r[a] op r[b], 64-bit, wrapping */
	SPT_OP_SUB,
	SPT_OP_MUL,
	SPT_OP_SDIV, /* signed, on magnitudes, sign a xor b; divisor 0 faults DIVZERO */
	SPT_OP_UDIV, /* divisor 0 gives 0, no fault (dtrace-utils) */
	SPT_OP_SREM, /* |a| % |b|, sign a xor b: 7 % -2 is -1; 0 faults DIVZERO */
	SPT_OP_UREM, /* divisor 0 gives a, no fault */
	SPT_OP_AND,
	SPT_OP_OR,
	SPT_OP_XOR,
	SPT_OP_SHL, /* shift counts are taken modulo 64 */
	SPT_OP_LSR,
	SPT_OP_ASR,
	SPT_OP_NEG,  /* r[dst] = -r[a] */
	SPT_OP_NOT,  /* r[dst] = ~r[a] */
	SPT_OP_LNOT, /* r[dst] = !r[a] */
	SPT_OP_EQ,   /* r[dst] = r[a] op r[b] ? 1 : 0 */
	SPT_OP_NE,
	SPT_OP_SLT,
	SPT_OP_SLE,
	SPT_OP_ULT,
	SPT_OP_ULE,
	SPT_OP_SEXT,   /* r[dst] = sign-extend the low b bits (8, 16, 32) of r[a] */
	SPT_OP_ZEXT,   /* r[dst] = zero-extend the low b bits of r[a] */
	SPT_OP_LDB,    /* r[dst] = builtin variable imm (SPT_B_*) */
	SPT_OP_LDG,    /* r[dst] = global integer at byte offset imm */
	SPT_OP_STG,    /* global integer at byte offset imm = r[a] */
	SPT_OP_LDT,    /* r[dst] = this-> integer at byte offset imm */
	SPT_OP_STT,    /* this-> integer at byte offset imm = r[a] */
	SPT_OP_REC,    /* record area at offset imm = low b bytes (1, 2, 4, 8) of r[a] */
	SPT_OP_EXIT,   /* stop tracing with status r[a] (also REC'd by cg) */
	SPT_OP_LDS,    /* r[dst] = self-> variable imm of this thread, 0 if unset */
	SPT_OP_STS,    /* self-> variable imm = r[a]; storing 0 deletes it */
	SPT_OP_LDX,    /* r[dst] = b bytes (1, 2, 4, 8) at kernel address r[a] + imm,
			 * zero-extended; r[a] == 0 faults BADADDR at 0 (D checks the base
			 * pointer of a member access first), an unreadable address faults
			 * BADADDR at it */
	SPT_OP_SCMP,   /* r[dst] = strcmp(string r[a], string r[b]): <0, 0, >0 */
	SPT_OP_SLEN,   /* r[dst] = strlen(string r[a]) */
	SPT_OP_SCPY,   /* the string storage at reference imm = string r[a] */
	SPT_OP_RECS,   /* record area at offset imm = string r[a] in a field of 8 * b bytes
			 * (1 <= b <= SPT_STRSIZE / 8): cut there, always with a NUL */
	SPT_OP_CPYIN,  /* r[dst] = copyinstr(user address r[a]) in string slot b */
	SPT_OP_EXECN,  /* r[dst] = execname (string slot 0) */
	SPT_OP_KINIT,  /* start the key of associative array imm: zeroed, id at 0 */
	SPT_OP_KINT,   /* key at offset imm = r[a], 8 bytes */
	SPT_OP_KSTR,   /* key at offset imm = string r[a], SPT_STRSIZE bytes */
	SPT_OP_ALDI,   /* r[dst] = integer element of the key, 0 if absent */
	SPT_OP_ALDS,   /* r[dst] = string element of the key copied to slot b, NULL if absent */
	SPT_OP_ASTI,   /* element of the key = r[a]; storing 0 deletes it */
	SPT_OP_ASTS,   /* element of the key = string r[a]; storing NULL deletes it */
	SPT_OP_AGG,    /* aggregation imm: apply its function to value r[a] with
			 * increment r[b] (histograms); keyed ones use the key */
	SPT_OP_SPECN,  /* r[dst] = speculation(): a free slot's id, 0 if none */
	SPT_OP_SPEC,   /* speculate(r[a]): the clause's record goes to that slot */
	SPT_OP_COMMIT, /* commit(r[a]) when the clause ends (b = 0), discard (b = 1) */
	/*
	 * String primitives (D's string subroutines are built from these).
	 * Positions are signed 64-bit; a string's bytes are [0, strlen).
	 */
	SPT_OP_SSUB,  /* string slot imm & SPT_SSUB_SLOT = bytes [r[b], r[dst]) of string
			 * r[a], clipped to [0, strlen]; after the slot's string of the last
			 * SSUB when imm & SPT_SSUB_APPEND; case-mapped when imm & UPPER/LOWER;
			 * r[dst] = the slot's reference */
	SPT_OP_SFIND, /* r[dst] = first (last: imm & SPT_FIND_BACK) position from r[dst] on
			 * (back: down) where string r[a] holds the character r[b] & 0xff
			 * (SPT_FIND_NOT: any other), or the string r[b] (SPT_FIND_STR); -1
			 * if none; SPT_FIND_REF: r[a] + position, 0 (NULL) if none */
	SPT_OP_LTOS,  /* r[dst] = string slot imm: lltostr(r[a], base r[b]) */
	SPT_OP_STOL,  /* r[dst] = strtoll(string r[a], base r[b]) */
	/*
	 * Destructive actions, performed by the kernel when the clause ends
	 * (and only if it ends without a fault): raise(r[a]) (b = 0; a signal
	 * outside [1, SPT_SIG_MAX] is illegal) or stop() (b = 1, SIGSTOP).
	 */
	SPT_OP_RAISE,
	/*
	 * More string primitives: strtok() and cleanpath(), results in string
	 * slot imm & SPT_SSUB_SLOT. STOK: the next token of string r[a] (with
	 * imm & SPT_STOK_CONT: of the string of the previous STOK on this CPU)
	 * delimited by any byte of string r[b]; r[dst] = its reference, 0
	 * (NULL) when none is left. SCLEAN: r[dst] = string r[a] without "//",
	 * "/./" and "name/.." components.
	 */
	SPT_OP_STOK,
	SPT_OP_SCLEAN,
	/*
	 * After speculate(): the record up to the data about to be written
	 * (imm bytes) would not fit in what the speculation's part on this
	 * CPU has left: end the clause there, nothing recorded, and count a
	 * speculative drop, as dtrace-utils stops a clause whose data goes
	 * beyond specsize. Emitted before each field of a speculative clause.
	 */
	SPT_OP_SPECCHK,
	/*
	 * A stack: the user stack with b & SPT_STK_USER, else the kernel's.
	 * With SPT_STK_REC it fills the stack field at offset imm of the
	 * record area: word 0 the depth, every frame the kernel found even
	 * beyond the field; word 1 the pid for a user stack (a kernel stack:
	 * r[a] >> 16, the frames to show, in the upper half); then r[a] &
	 * 0xffff (1..SPT_STACK_MAX) frame words, zero after the stack's end.
	 * With SPT_STK_KEY the key area gets words 0 and 1 and, for the
	 * frames, their stack-store key (SPT_STACK_KFIELD): the first
	 * min(depth, frames) words are stored once in the stack store under
	 * a key made of their hash and count (a different stack with the
	 * same hash takes the next of SPT_STKSTORE_PROBES keys); when none
	 * can be had the update is an aggregation drop (spt_vm.keydrop).
	 * r[dst] = the depth, or with SPT_STK_CALLER frame 1 (0 if there is
	 * none). A stack the kernel cannot take has depth 0.
	 */
	SPT_OP_STACK,
	/*
	 * r[dst] = string slot b: the string at kernel address r[a] (a char
	 * array of a kernel structure), at most imm bytes with its NUL (cut at
	 * strsize); r[a] == 0 or an unreadable address faults BADADDR. With
	 * SPT_KSTRX_SOFT in b, an unreadable address reads as "" (strlen()).
	 */
	SPT_OP_KSTRX,
	/*
	 * Scratch memory (alloca, copyin, copyinto, bcopy), by imm & 3:
	 * SPT_MCPY_ALLOCA  r[dst] = a new scratch area of r[b] bytes
	 * SPT_MCPY_COPYIN  the same, filled from user address r[a]
	 * SPT_MCPY_COPYINTO  r[b] bytes from user address r[a] to scratch r[dst]
	 * SPT_MCPY_BCOPY   r[b] bytes from kernel address r[a] to scratch r[dst]
	 * With SPT_MCPY_TOVAR, COPYINTO and BCOPY write to a variable's storage
	 * instead (r[dst] from VADDR, checked to lie in the globals or the
	 * this-> variables): a struct, union or array value assigned whole.
	 * Areas are 8-byte aligned and freed when the clause ends; a size over
	 * SPT_SCRATCH_MAX faults BADSIZE, an area that does not fit NOSCRATCH,
	 * a destination outside the allocated scratch or an unreadable source
	 * BADADDR.
	 */
	SPT_OP_MCPY,
	/*
	 * r[dst] = string slot imm: the user bytes [r[a], r[b]) of the current
	 * process (its argument area), at most SPT_PSARGS_MAX - 1, each NUL
	 * between two arguments a blank (curpsinfo->pr_psargs); an unreadable
	 * area faults BADADDR.
	 */
	SPT_OP_PSARGS,
	/*
	 * tracemem(): record area at offset imm & 0xfff = the number of bytes
	 * copied (8 bytes), then (imm >> 16) & 0x1fff bytes of kernel memory
	 * at r[a] (SPT_RECM_DYN in imm: only r[b] of them when r[b] is not
	 * negative and smaller); an unreadable address faults BADADDR.
	 */
	SPT_OP_RECM,
	/*
	 * A store through a pointer (*p = v, p->m = v, p[i] = v): the low imm
	 * bytes (1, 2, 4, 8) of r[b] at address r[a], which must lie in the
	 * clause's allocated scratch memory (alloca, copyin), else BADADDR.
	 */
	SPT_OP_STX,
	/*
	 * d_path(): r[dst] = string slot imm, the path of dentry r[a] on
	 * vfsmount r[b] from the process's root (dentry and vfsmount in the
	 * registers named by the next instruction's a and b), crossing mount
	 * points, at most SPT_DP_MAX components and SPT_STRSIZE - 1 bytes,
	 * "/" for the root; a dentry that names itself (d_op->d_dname, as
	 * the kernel's d_path() asks it) named as the kernel names pipes
	 * ("pipe:[ino]"), sockets ("socket:[ino]") and anonymous inodes
	 * ("anon_inode:name"). The next SPT_DP_NDATA instructions are data
	 * (op NOP): their imm hold the SPT_DP_* offsets (vmstate.h), two
	 * 16-bit ones each, the lower first. An unreadable dentry or mount
	 * faults BADADDR.
	 */
	SPT_OP_DPATH,
	/*
	 * r[dst] = the address of the storage of variable reference imm (a
	 * global's or a this-> variable's bytes, SPT_SREF_GLOBALS..END): a
	 * struct, union or array value in a variable is read through it.
	 */
	SPT_OP_VADDR,
	/*
	 * A non-constant index into an array of imm elements: r[a], taken
	 * as unsigned, at or past imm faults BADINDEX with the index as its
	 * value, as dtrace-utils checks such an index at run time.
	 */
	SPT_OP_BOUND,
	SPT_OP_NOPS /* number of opcodes */
};

/* RECM imm: the length given at run time in r[b] */
#define SPT_RECM_DYN 0x40000000

/* STACK b. */
#define SPT_STK_USER 0x1
#define SPT_STK_REC 0x2
#define SPT_STK_KEY 0x4
#define SPT_STK_CALLER 0x8
/*
 * STACK b with SPT_STK_REC | SPT_STK_USER: after the frames, the user
 * registers (SPT_UREGS words of struct pt_regs), a word with the bytes
 * copied, then that many bytes of the user stack from its sp (r[a] >> 16
 * bytes asked, a multiple of 8); word 1's upper half holds the frame count
 * (r[a] & 0xffff). The consumer unwinds them with DWARF CFI.
 */
#define SPT_STK_REGS 0x10
#define SPT_UREGS 21
#define SPT_STACK_WINDOW_MAX 2048
/* Bytes of such a field: the stack field, registers, length, window. */
#define SPT_STACK_RFIELD(n, w) (SPT_STACK_FIELD(n) + 8 * SPT_UREGS + 8 + (w))
/* Most frames a stack keeps (the kernel's perf_event_max_stack default). */
#define SPT_STACK_MAX 127
/* Bytes of a stack field of N frames: depth, pid, the frames. */
#define SPT_STACK_FIELD(n) (16 + 8 * (n))
/* Bytes of a stack in an aggregation key: depth, pid, stack-store key. */
#define SPT_STACK_KFIELD 24
/* A stack-store key: bit 63 set, the frame count in bits 56-62, a hash below. */
#define SPT_STKSTORE_KEY(h, n) \
	((1ULL << 63) | ((__u64)((n)&127) << 56) | ((h) & ((1ULL << 56) - 1)))
/* Keys a stack may take when its hash's is another stack's. */
#define SPT_STKSTORE_PROBES 4

/* MCPY imm. */
#define SPT_MCPY_ALLOCA 0
#define SPT_MCPY_COPYIN 1
#define SPT_MCPY_COPYINTO 2
#define SPT_MCPY_BCOPY 3
#define SPT_MCPY_TOVAR 4

/* STOK imm: continue the previous string (strtok(NULL, delimiters)). */
#define SPT_STOK_CONT 0x100

/* SSUB imm: slot number, flags. */
#define SPT_SSUB_SLOT 0xff
#define SPT_SSUB_APPEND 0x100
#define SPT_SSUB_UPPER 0x200
#define SPT_SSUB_LOWER 0x400

/* SFIND imm. */
#define SPT_FIND_BACK 0x1 /* search backwards from r[dst] */
#define SPT_FIND_STR 0x2  /* r[b] is a string (else a character) */
#define SPT_FIND_NOT 0x4  /* a character other than r[b] */
#define SPT_FIND_REF 0x8  /* the result is a string reference, NULL if none */
#define SPT_FIND_AT \
	0x10 /* no search: r[dst] = the byte at position r[dst] of string
				 * r[a], 0 outside [0, strlen) (D's s[i]) */

/*
 * KINIT imm with this bit: the key of a self-> string variable (its id in
 * the low bits), stored in the associative-array map keyed by (id, tid).
 */
#define SPT_KEY_SELF 0x40000000
/* KINIT imm with this bit: an aggregation key longer than SPT_KEY_SIZE (zeroed whole). */
#define SPT_KEY_BIG 0x20000000

/* Builtin variables (LDB imm). */
enum spt_builtin {
	SPT_B_ARG0 = 0, /* ..SPT_B_ARG9 = 9: probe arguments */
	SPT_B_PID = 10,
	SPT_B_TID,
	SPT_B_PPID,
	SPT_B_UID,
	SPT_B_GID,
	SPT_B_TIMESTAMP,
	SPT_B_VTIMESTAMP,
	SPT_B_WALLTIMESTAMP,
	SPT_B_CPU,
	SPT_B_ERRNO,
	SPT_B_EPID,
	SPT_B_ID,
	SPT_B_PROBEPROV, /* string references to the probe's names */
	SPT_B_PROBEMOD,
	SPT_B_PROBEFUNC,
	SPT_B_PROBENAME,
	SPT_B_RAND,	 /* rand(): 32 random bits, sign-extended */
	SPT_B_CURTHREAD, /* the current task_struct's address */
	SPT_B_UPID,	 /* pid, its process noted for its user symbols (spt_upids) */
	SPT_B_NBUILTINS
};

#endif /* SPT_ABI_ISA_H */
