/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The kernel<->user contract for principal buffers and the probe tables.
 *
 * Included by BPF code (after vmlinux.h) and by src/ (after <linux/types.h>);
 * it includes nothing itself and uses only fixed-width types.
 *
 * Principal buffers (switch policy):
 *
 *   map spt_buf: BPF_F_MMAPABLE array, 2 * ncpu entries of bufsize bytes
 *
 *   entry 2*cpu+0 | entry 2*cpu+1      one pair per CPU; spt_cpus[cpu].active
 *   +-----+-----+--------+-- - -+      names the one the probes write to
 *   | rec | rec |  free         |
 *   +-----+-----+--------+-- - -+
 *   ^0          ^off[i]
 *
 *   A record is a struct spt_rec header followed by the clause's data, its
 *   size a multiple of 8, so every header is 8-byte aligned. With
 *   -x temporal (spt_temporal) every record ends in SPT_REC_TS more bytes,
 *   its timestamp, counted in its size:
 *
 *   +-----+------+------+
 *   | hdr | data |  ts  |   ts: bpf_ktime_get_ns() of the firing (the
 *   +-----+------+------+   timestamp builtin's value), or of the commit
 *                           for a committed speculative record
 *
 * The consumer never writes a principal buffer and never touches the
 * active one: it asks the switch program to flip the pair *on that CPU*
 * (BPF_PROG_TEST_RUN with BPF_F_TEST_RUN_ON_CPU), then reads the inactive
 * buffer in place through its mmap.
 */
#ifndef SPT_ABI_BUF_H
#define SPT_ABI_BUF_H

#define SPT_MAX_CPUS 256	 /* spt_cpus[] length; more possible CPUs refuse to start */
#define SPT_NSYSCALLS 512	 /* x86_64 syscall numbers are below this */
#define SPT_MAX_EPROBES 1024	 /* enabled probes, index 0 unused (power of two) */
#define SPT_MAX_ECBS 4096	 /* enabling control blocks (probe x clause) (power of two) */
#define SPT_MAX_ECB_PER_PROBE 64 /* clauses one probe may run per firing */

/* Header of every record in a principal buffer. */
struct spt_rec {
	__u32 epid; /* enabled probe id, >= 1; writer: probe program; reader: consumer */
	__u32 size; /* bytes including this header, multiple of 8; writer: probe program */
};
_Static_assert(sizeof(struct spt_rec) == 8, "record header is 8 bytes");

/*
 * Per-CPU state of the principal buffers, spt_cpus[cpu] in .bss, one cache
 * line each so CPUs never share a line. Written only on its own CPU (by
 * probes and by the switch program, which runs there); the consumer reads
 * it through the .bss mmap after a switch completed.
 */
struct spt_cpu {
	__u32 active;	/* 0/1: buffer the probes write; writer: switch program */
	__u32 busy;	/* non-zero while a probe is writing a record; writer: probe */
	__u64 off[2];	/* bytes used in buffer 0/1; writer: probe (active), switch (reset) */
	__u64 drops;	/* records that did not fit, cumulative; writer: probe */
	__u64 switches; /* completed switches, cumulative; writer: switch program */
	__u64 nested;	/* firings dropped because a record was in flight on this
			 * CPU (NMI or preempted writer), also counted in drops */
	__u64 errors;	/* clauses that faulted; writer: probe */
	__u64 dyndrops; /* dynamic-variable stores that found no space; writer: probe */
	__u32 filled;	/* fill policy: a record did not fit, nothing more is written */
	/*
	 * ring policy, of the active buffer: valid records are
	 * [tail, lap_end) then [0, off) when wrapped, else [tail, off).
	 */
	__u32 wrapped;
	__u64 tail;
	__u64 lap_end;
	__u64 wraps; /* times writing wrapped to the start */
	/* the ring state of the buffer the last switch made inactive */
	__u64 r_tail;
	__u64 r_lap_end;
	__u32 r_wrapped;
	__u32 pad0;
	__u64 aggdrops; /* aggregation updates that found no space; writer: probe */
};
_Static_assert(sizeof(struct spt_cpu) == 128, "two cache lines per CPU");

/* -x temporal: bytes of the timestamp at the end of every record. */
#define SPT_REC_TS 8

/* Principal buffer policies (spt_policy). */
#define SPT_POLICY_SWITCH 0
#define SPT_POLICY_FILL 1
#define SPT_POLICY_RING 2

/*
 * A record with this EPID reports a fault (the consumer prints dtrace's
 * "error on enabled probe ID ..." message): 24 bytes after the header,
 *   u32 epid, u32 action (0: predicate, 1..: statements),
 *   u32 byte offset of the instruction in its action, u32 fault (SPT_FLT_*),
 *   u64 value (the address, for BADADDR).
 */
#define SPT_EPID_FAULT 0xfffffffeu

struct spt_fault_rec {
	struct spt_rec hdr;
	__u32 epid;
	__u32 action;
	__u32 offset;
	__u32 fault;
	__u64 value;
};
_Static_assert(sizeof(struct spt_fault_rec) == 32, "fault record layout");

/* Return values of the switch program (BPF_PROG_TEST_RUN retval). */
#define SPT_SWITCH_DONE 0
#define SPT_SWITCH_BUSY 1 /* a record is in flight on that CPU: try again */

/* An enabled probe: the ECBs to run, in program order. */
struct spt_eprobe {
	__u32 first; /* index of its first ECB in spt_ecbs[]; writer: loader */
	__u32 count; /* number of ECBs, <= SPT_MAX_ECB_PER_PROBE; writer: loader */
	__u32 vm;    /* non-zero when some ECB runs bytecode; writer: loader */
	__u32 pad;
};
_Static_assert(sizeof(struct spt_eprobe) == 16, "eprobe layout");

/* Enabling control block: one clause enabled on one probe. */
struct spt_ecb {
	__u32 epid;    /* id written in the record header; writer: loader */
	__u32 size;    /* record size in bytes, multiple of 8, 0: no record; writer: loader */
	__u32 prog;    /* first instruction of the clause in spt_insns, or SPT_ECB_NOPROG */
	__u32 probe;   /* probe id, for the id builtin; writer: loader */
	__u16 pstr[4]; /* string-table offsets of the probe's provider, module,
			 * function and name, for probeprov...probename; writer: loader */
	__u16 fpred;   /* fast predicate: 0 none, else SPT_FP_* << 8 | builtin (SPT_B_*) */
	__u16 fcount;  /* fast count: 0 none, else 1 + the id of a keyless aggregation
			 * the clause only count()s into (see below); writer: loader */
	__s32 fval;    /* the constant the fast predicate compares with */
	__u16 frec;    /* fast record: 0 none, else 1 + its row of spt_frecs; writer: loader */
	__u16 pad[3];
};
_Static_assert(sizeof(struct spt_ecb) == 40, "ECB layout");

/*
 * A fast predicate is `builtin == constant` or `!=` for a 32-bit builtin
 * (pid, tid, ppid, uid, gid, cpu) and a constant in [0, INT32_MAX]: the
 * probe program tests it before any VM setup; false ends the clause (the
 * VM would record nothing either), true runs the clause whole.
 */
#define SPT_FP_EQ 1
#define SPT_FP_NE 2

/*
 * A fast count is a clause whose whole body is `@a = count();` (keyless),
 * without predicate or with a fast one: the probe program adds one to the
 * aggregation's update word itself, without the VM. Its bytecode stays for
 * the host VM and -S; the kernel's result is the same.
 */

/*
 * A fast record is a clause whose whole body records builtins: after no
 * predicate or a fast one, only groups of `ldb; [sext|zext;] rec` (an
 * integer builtin) and `execn; recs` (execname, 16 bytes), then `ret`, as
 * trace() and printf() of those builtins compile. The probe program fills
 * the record with the VM's own builtin function and emits it, without the
 * VM's loop. A row of spt_frecs describes the fields, one word each
 * (SPT_FREC_*), up to SPT_FREC_FIELDS of them, a 0 word ending the row.
 */
#define SPT_FREC_FIELDS 4
#define SPT_FREC_ROWS 256
#define SPT_FREC_BUILTIN 1  /* kind: an integer builtin */
#define SPT_FREC_EXECNAME 2 /* kind: execname */
/* word: kind | ext << 2 (0 none, 1 sext, 2 zext) | extbits/8 << 4 |
 * log2(size) << 8 | builtin << 12 | offset << 20 (offset < SPT_REC_MAX) */
#define SPT_FREC_WORD(kind, ext, extbits, lsize, b, off)                                         \
	((__u32)(kind) | (__u32)(ext) << 2 | (__u32)((extbits) / 8) << 4 | (__u32)(lsize) << 8 | \
	 (__u32)(b) << 12 | (__u32)(off) << 20)
#define SPT_FREC_KIND(w) ((w)&3)
#define SPT_FREC_EXT(w) (((w) >> 2) & 3)
#define SPT_FREC_EXTBITS(w) ((((w) >> 4) & 15) * 8)
#define SPT_FREC_LSIZE(w) (((w) >> 8) & 3)
#define SPT_FREC_B(w) (((w) >> 12) & 0xff)
#define SPT_FREC_OFF(w) ((w) >> 20)

/* spt_ecb.prog of a clause without bytecode: it records its EPID only. */
#define SPT_ECB_NOPROG 0xffffffffu

/*
 * Principal buffer entries are this much larger than bufsize, so that the
 * verifier can check a record copy of up to SPT_REC_MAX bytes at any offset
 * below bufsize; records themselves never use the slack.
 */
#define SPT_BUF_SLACK 4096

/*
 * Largest bufsize: the verifier refuses an access to a map value whose
 * variable offset may reach BPF_MAX_VAR_OFF (1 << 29), and a record starts
 * below bufsize. The loader treats a larger bufsize as refused.
 */
#define SPT_BUFSIZE_MAX (1ULL << 29)

/* The dtrace provider's probes: index of spt_dtrace_eprobe, ctx[0] of spt_dtrace. */
#define SPT_DTRACE_BEGIN 0
#define SPT_DTRACE_END 1
#define SPT_DTRACE_ERROR 2

/* Directions of the syscall provider's probes, first index of spt_sys_eprobe. */
#define SPT_SYS_ENTRY 0
#define SPT_SYS_RETURN 1

#endif /* SPT_ABI_BUF_H */
