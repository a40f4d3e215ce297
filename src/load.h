/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The loader: sizes the BPF maps from the options, writes the probe tables
 * of an enabling, loads and attaches the programs, and maps the principal
 * buffers for the consumer.
 */
#ifndef SPT_LOAD_H
#define SPT_LOAD_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include "enab.h"
#include "ktr.h"
#include "opt.h"

struct spectrace_bpf;
struct bpf_link;

struct tracer {
	struct spectrace_bpf *skel;
	int ncpus;	     /* possible CPUs */
	uint64_t bufsize;    /* bytes per buffer, multiple of 8: bufsize, or less
				 * when the kernel refused it (bufresize=auto) */
	uint64_t stride;     /* bytes between buffers in the map: bufsize + slack */
	int buf_fd;	     /* spt_buf, created by the loader; -1: none */
	const uint8_t *bufs; /* read-only mmap of spt_buf */
	size_t bufs_len;
	struct bpf_link **links; /* the syscall programs' links */
	int nlinks;
	/* enabled syscall probes: attached one tracepoint each when sys_tp */
	struct load_sysprobe {
		int dir;
		const char *func;
		uint32_t ep;
	} * sysp;
	int nsysp;
	int sys_tp;	      /* syscalls:sys_{enter,exit}_NAME, not tp_btf */
	int switch_fd;	      /* the switch program */
	struct ktr ktr;	      /* the KTR flight recorder, when joined */
	int clean_fd;	      /* the speculation cleaner, -1 when not loaded */
	uint32_t nspec;	      /* speculation slots, 0 when unused */
	uint32_t agg_words;   /* u64 words of every aggregation value */
	uint32_t agg_keysize; /* bytes of the keyed aggregations' keys */
	/* the profile provider: profile-N probes (attached per CPU), tick timers */
	struct {
		uint32_t probe, ep;
		uint64_t period;
	} prof[64];
	int nprof;
	uint32_t tick_probe[64];    /* probe id of each spt_ticks[] entry */
	struct bpf_link **plinks;   /* profile-N: nprof * ncpus, NULL for offline CPUs */
	struct bpf_link *tick_link; /* spt_tick_ctl */
	uint32_t only_cpu;	    /* -x cpu: that CPU + 1, 0: all */
};

/*
 * bufresize=auto lowers a refused bufsize down to this, or to the size
 * asked if it is smaller: below it a buffer holds too few records between
 * switches to be worth tracing with (a record may take 4k).
 */
#define LOAD_BUFSIZE_FLOOR (64ULL << 10)

/* DTrace's message for a size option too small for the program. */
#define LOAD_E_TOOSMALL "Enabling exceeds size of buffer"

/*
 * Refuse a bufsize below the largest record the enabling writes (with
 * ERR set to LOAD_E_TOOSMALL): -ENOSPC, else 0.
 */
int load_check_sizes(const struct opts *o, const struct enabling *e, char *err, size_t errlen);

/*
 * bufpolicy=fill's END reservation: the bytes every END clause of E
 * records (with -x temporal's timestamp each when TEMPORAL), which each
 * principal buffer keeps free for END.
 */
uint64_t load_end_reserve(const struct enabling *e, bool temporal);

/*
 * sysattach=auto: enablings of at most this many syscall probes (entry and
 * return counted apart) attach one tracepoint each; more use the raw
 * tp_btf programs (ARCHITECTURE.md, "Syscall probes": the crossover).
 */
#define LOAD_NARROW_MAX 8

/* The attach mode for NSYSP enabled syscall probes under option MODE. */
int load_sys_tp(int mode, int nsysp);

/*
 * The size to try after SIZE was refused: half of it, a multiple of 8, not
 * below FLOOR; 0 when SIZE is FLOOR or less (nothing left to try).
 */
uint64_t load_bufsize_next(uint64_t size, uint64_t floor);

/*
 * What the kernel VM of enabling E may execute, for the verifier to skip
 * the rest: the opcodes of the bytecode of every enabled clause that is not
 * a fast count, as a bitmask of NWORDS words in OPS, and the aggregating
 * functions (enum spt_agg_func) of its aggregations in AGGFNS when it
 * aggregates. Everything when E also loads the differential test.
 */
void load_ops_used(const struct enabling *e, uint64_t *ops, size_t nwords, uint32_t *aggfns);

/*
 * Whether enabling E's clauses read task_struct members (ppid,
 * vtimestamp), whose offsets the loader then looks up in the kernel's BTF.
 */
int load_reads_task(const struct enabling *e);

/*
 * Open, size, fill and load. Returns 0 or -errno with ERR set. The
 * principal buffers may be smaller than O's bufsize (tr->bufsize says)
 * under bufresize=auto.
 */
int load_tracer(struct tracer *tr, const struct opts *o, const struct enabling *e, char *err,
		size_t errlen);

/* Attach the probe programs. The gate stays closed. */
int load_attach(struct tracer *tr, char *err, size_t errlen);

/* Open (1) or close (0) the gate that lets probes record. */
void load_gate(struct tracer *tr, int open);

/*
 * Fire dtrace:::BEGIN or END (SPT_DTRACE_*) on CPU, whatever the gate: the
 * caller runs BEGIN before it opens the gate and END after it closed it.
 * Returns 0 or -errno; a probe nobody enabled does nothing.
 */
int load_dtrace_probe(struct tracer *tr, int which, int cpu);

struct spt_vm;

/*
 * Differential tests (the enabling asked for with_vmtest): run the clause
 * of ECB number ECB (its index in the kernel's table, i.e. EPID - 1 when
 * every probe has one clause) in the kernel VM with BUILTINS
 * (SPT_B_NBUILTINS values) and copy the VM's final state to OUT.
 */
int load_vm_test(struct tracer *tr, uint32_t ecb, const uint64_t *builtins, struct spt_vm *out);

/*
 * Run the switch program on CPU. Returns SPT_SWITCH_DONE, SPT_SWITCH_BUSY,
 * or -errno (-ENXIO: CPU offline).
 */
int load_switch(struct tracer *tr, int cpu);

/* Buffer IDX (0/1) of CPU, bufsize bytes. */
const uint8_t *load_buffer(const struct tracer *tr, int cpu, int idx);

/* Per-CPU state as last published by the kernel. */
const struct spt_cpu *load_cpu_state(const struct tracer *tr, int cpu);

/*
 * Kernel time (CLOCK_MONOTONIC ns, as bpf_ktime_get_ns()) of CPU's last
 * switch: every record the buffer it made inactive holds is older.
 */
uint64_t load_switched_at(const struct tracer *tr, int cpu);

/* fill policy: some CPU's buffer is filled. */
int load_filled(const struct tracer *tr);

/* exit() was called: returns 1 and sets *STATUS, else 0. */
int load_exited(const struct tracer *tr, int64_t *status);

/* Sum of recursion_misses of the probe programs (firings the kernel skipped). */
uint64_t load_missed(const struct tracer *tr);

/*
 * Speculations: run the cleaner on CPU (returns like load_switch), read the
 * failure counters, and free slot ID if it still has state word W.
 */
int load_spec_clean(struct tracer *tr, int cpu);
struct spt_spec_stats;
void load_spec_stats(const struct tracer *tr, struct spt_spec_stats *out);
uint32_t load_slot_state(const struct tracer *tr, uint32_t id);
void load_slot_free(struct tracer *tr, uint32_t id, uint32_t w);

struct agg_source;

/* Where the aggregations' data is, for the consumer. */
void load_agg_source(const struct tracer *tr, struct agg_source *src);

/* Detach and unload everything. Safe on a partly set up tracer. */
void load_close(struct tracer *tr);

/* The processes of user stacks the kernel took: their mappings read (src/usym.c). */
void load_upids(struct tracer *tr);

#endif /* SPT_LOAD_H */
