/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The kernel side of spectrace: probe entry programs and the buffer switch.
 *
 * Invariants:
 * - A record is either wholly in one principal buffer or not written at
 *   all: the writer marks itself busy on its CPU before it reads the
 *   active index and clears the mark after the record is complete, and the
 *   switch (which runs on the same CPU) refuses to flip while it is set.
 * - Nothing is lost silently: a record that does not fit, or a firing that
 *   interrupts a record in flight on its CPU, is counted in spt_cpus[].drops.
 * - The tables the loader fills (.rodata) are read-only after load; the
 *   per-CPU state (.bss) is written only on its own CPU.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "abi/buf.h"
#include "ktr.bpf.h"

#include "vm.h"
#include "abi/kenv.h"
#include "abi/spec.h"

#define SPT_VM_IMPL
#define SPT_VM_ENV struct spt_kenv
/* The string primitives: one global function, verified once. */
#define SPT_VM_STROP __noinline
/* Stacks: one global function too. */
#define SPT_VM_STKOP __noinline
#include "vm.h"

/* Upper bound of instructions one clause may execute (bpf_loop count). */
#define SPT_MAX_STEPS 4096

/* spt_run_ecb(): the clause faulted; the fault is in the scratch. */
#define SPT_RUN_FAULT 2

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/* x86: thread_info.status bit of a task inside a 32-bit compat syscall. */
#define SPT_TS_COMPAT 0x0002

/*
 * Kernel structures are read without CO-RE: a single CO-RE relocation
 * makes libbpf load the kernel's BTF (5.5 MB, about 40 ms here) on every
 * run, also for scripts whose programs never touch a kernel structure
 * (ARCHITECTURE.md, "Startup").
 *
 * struct spt_regs is x86-64's struct pt_regs, the frame the syscall entry
 * code pushes (and the UAPI layout), and struct spt_thread_info the head
 * of x86's thread_info (flags, syscall_work since 5.11, status), the
 * first member of task_struct. Both are read through tp_btf's typed
 * pointers, so the verifier checks each load against the running
 * kernel's BTF: a kernel with another layout refuses the program, it is
 * never misread. They are declared here, outside vmlinux.h's
 * preserve_access_index region, so no CO-RE relocation is emitted.
 */
struct spt_regs {
	__u64 r15, r14, r13, r12, bp, bx, r11, r10, r9, r8, ax, cx, dx, si, di, orig_ax;
};

struct spt_thread_info {
	__u64 flags;
	__u64 syscall_work;
	__u32 status;
};

/*
 * Members of task_struct whose offsets vary with the kernel's
 * configuration: the loader looks them up in the kernel's BTF (src/kbtf.c)
 * when the script reads ppid or vtimestamp, and leaves them 0 otherwise
 * (then nothing reads them).
 */
const volatile __u32 spt_off_real_parent;
const volatile __u32 spt_off_tgid;
const volatile __u32 spt_off_sum_exec;

static __always_inline __u32 task_ppid(void)
{
	__u64 t = bpf_get_current_task();
	__u64 parent = 0;
	__u32 v = 0;

	bpf_probe_read_kernel(&parent, sizeof(parent), (void *)(t + spt_off_real_parent));
	if (parent)
		bpf_probe_read_kernel(&v, sizeof(v), (void *)(parent + spt_off_tgid));
	return v;
}

/* stop()'s signal (x86 and the generic numbering). */
#define SPT_SIGSTOP 19

/*
 * Principal buffers. No BTF key/value type on purpose: the loader sets
 * value_size to bufsize and max_entries to 2 * ncpu before load, and libbpf
 * 1.1 cannot resize a map whose value has a BTF type.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, 8);
	__uint(max_entries, 2);
} spt_buf SEC(".maps");

/* Bytes a string keeps with its NUL: strsize + 1, at most SPT_STRSIZE (the loader sets it). */
const volatile __u32 spt_strcap = SPT_STRSIZE;
/* the scratch bytes a clause may allocate: scratchsize less its 8-byte header */
const volatile __u32 spt_scratch_size = SPT_SCRATCH_MAX;
const volatile __u64 spt_bufsize = 8; /* value_size of spt_buf, multiple of 8 */
const volatile __u32 spt_policy = SPT_POLICY_SWITCH;
/* fill: bytes kept free in every buffer for what END records. */
const volatile __u64 spt_end_reserve;
const volatile __u32 spt_ncpus = 1;
/* -x temporal: every record ends in its timestamp (abi/buf.h). */
const volatile __u32 spt_temporal;
const volatile __u32 spt_only_cpu; /* -x cpu: that CPU + 1; 0: all */

/* dtrace:::BEGIN, END, ERROR -> enabled probe index, 0 when not enabled. */
const volatile __u32 spt_dtrace_eprobe[3];
/* [direction][syscall nr] -> enabled probe index, 0 when not enabled. */
const volatile __u32 spt_sys_eprobe[2][SPT_NSYSCALLS];
const volatile struct spt_eprobe spt_eprobes[SPT_MAX_EPROBES];
const volatile struct spt_ecb spt_ecbs[SPT_MAX_ECBS];
const volatile __u32 spt_frecs[SPT_FREC_ROWS][SPT_FREC_FIELDS]; /* fast records (abi/buf.h) */
const volatile __u32 spt_nfrecs; /* rows in use: 0 leaves fast_record() unverified */

const volatile struct spt_insn spt_insns[SPT_MAX_INSNS];
/* String literals and probe names; SPT_STRSIZE of slack for reads near the end. */
const volatile __u8 spt_strtab[SPT_STRTAB_MAX + SPT_STRSIZE];
/* Per instruction: action number << 16 | its offset in instructions within the action. */
const volatile __u32 spt_insn_act[SPT_MAX_INSNS];
/* Offset from the boot clock to the wall clock, for walltimestamp. */
const volatile __u64 spt_boot_to_wall;
/*
 * Opcodes the program's clauses use, one bit each (all for the differential
 * test): the VM's handlers of the others are dead code to the verifier.
 */
const volatile __u64 spt_ops_used[(SPT_OP_NOPS + 63) / 64];
const volatile __u32 spt_aggfns_used; /* bit (1 << enum spt_agg_func) */

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct spt_scratch);
} spt_scratch SEC(".maps");

/* D global variables (one area for all CPUs, racy as in DTrace). */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u8[SPT_GLOBALS_MAX + SPT_STRSIZE]);
} spt_globals SEC(".maps");

/*
 * self-> variables: (thread, variable) -> value. Storing 0 deletes, as in
 * D, so the map holds only live values; a full map is a dynamic drop.
 */
struct spt_tls_key {
	__u32 tid;
	__u32 var;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* set from dynvarsize by the loader */
	__type(key, struct spt_tls_key);
	__type(value, __u64);
} spt_tls SEC(".maps");

/* Associative arrays: (array id, tuple) -> value; see bpf/vm.h. */
struct spt_akey {
	__u8 b[SPT_KEY_SIZE];
};

struct spt_aval {
	__u8 b[SPT_AVAL_SIZE];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* set from dynvarsize by the loader */
	__type(key, struct spt_akey);
	__type(value, struct spt_aval);
} spt_assoc SEC(".maps");

/*
 * Aggregations (abi/agg.h). No BTF key/value types: the loader sets the
 * value size (spt_agg_words * 8, the same for all three maps), the key size
 * of spt_agg and the entries before load. Keyed entries are preallocated
 * (aggsize worth): allocating on first use can fail in NMI context (the
 * profile provider's perf events), and a preallocated update is cheaper.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(key_size, 8);
	__uint(value_size, 32);
	__uint(max_entries, 1);
} spt_agg SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, 32);
	__uint(max_entries, 1);
} spt_agg0 SEC(".maps");

/*
 * The stack store (bpf/vm.h spt_vm_stkintern): the frames of the stacks in
 * aggregation keys, each stored once under its key (abi/isa.h
 * SPT_STKSTORE_KEY), which is what the aggregation's key holds. Never
 * deleted from while tracing; preallocated (the loader sizes it with
 * spt_agg) for the same reason as spt_agg.
 */
struct spt_stack {
	__u64 frames[SPT_STACK_MAX];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__type(key, __u64);
	__type(value, struct spt_stack);
} spt_stacks SEC(".maps");

/* Zeroes of one value, the initial value of a new key. Never written. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, 32);
	__uint(max_entries, 1);
} spt_agg_zero SEC(".maps");

const volatile struct spt_aggdesc spt_aggs[SPT_AGG_MAX];
const volatile __s64 spt_agg_edges[SPT_AGG_EDGES_MAX];
/* Words in each aggregation value (value_size / 8, at least 4). */
const volatile __u32 spt_agg_words = 4;

/*
 * Speculations (abi/spec.h): parts of specsize bytes, entry
 * (id - 1) * ncpus + cpu; the loader sets value_size to 16 + specsize +
 * SPT_REC_MAX + 8 (slack for the verifier, as in spt_buf: 6.1's knows only
 * that a record starts below specsize, its body 8 bytes further) and the
 * entries.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, 16 + SPT_REC_MAX + 8);
	__uint(max_entries, 1);
} spt_spec SEC(".maps");

const volatile __u32 spt_nspec;
const volatile __u64 spt_specsize;
/* Slot states: low byte SPT_SPEC_*, the rest a generation counted up on each speculation(). */
struct spt_slot spt_slots[SPT_NSPEC_MAX * 2];
struct spt_spec_stats spt_spec_stats;

struct spt_cpu spt_cpus[SPT_MAX_CPUS];
/*
 * bpf_ktime_get_ns() of each CPU's last switch, taken with no record in
 * flight: the records of the buffer it made inactive are older, those
 * after it younger. Written by the switch program on that CPU (at
 * switchrate, so sharing cache lines costs nothing); the temporal merge
 * reads it.
 */
__u64 spt_switched_at[SPT_MAX_CPUS];
/* Set by the consumer while END runs: END may use the reserved space. */
volatile __u32 spt_ending;
/* exit(): the status, and non-zero once a clause called it. */
__s64 spt_exit_status;
__u32 spt_exited;
/* Differential tests: builtins for spt_vm_test, and the VM state it left. */
struct spt_scratch spt_test_out;
/* Non-zero while tracing is on; the consumer opens and closes it. */
volatile __u32 spt_gate;

static __always_inline struct spt_cpu *cpu_state(__u32 *cpup)
{
	__u32 cpu = bpf_get_smp_processor_id();

	if (cpu >= SPT_MAX_CPUS)
		return NULL;
	*cpup = cpu;
	return &spt_cpus[cpu];
}

static __always_inline int spt_env_op(struct spt_kenv *env, __u32 op)
{
	return (spt_ops_used[(op / 64) % ((SPT_OP_NOPS + 63) / 64)] >> (op % 64)) & 1;
}

static __always_inline int spt_env_aggfn(struct spt_kenv *env, __u32 func)
{
	return (spt_aggfns_used >> (func % 32)) & 1;
}

/*
 * Processes whose user stacks or addresses were taken: the consumer reads their
 * mappings while they live (src/usym.c), so frames resolve after they
 * exit. pid -> 1, inserted once; a full map only costs the snapshot.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} spt_upids SEC(".maps");

/* The current process's pid, noted in spt_upids once. */
static __always_inline __u32 note_upid(void)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32, one = 1;

	if (!bpf_map_lookup_elem(&spt_upids, &pid))
		bpf_map_update_elem(&spt_upids, &pid, &one, BPF_NOEXIST);
	return pid;
}

static __always_inline __u64 spt_env_builtin(struct spt_kenv *env, __u32 id)
{
	__u64 v;

	if (id >= SPT_B_NBUILTINS)
		return 0;
	if (env->fixed) {
		/*
		 * The mask on a register the compiler cannot trace back to the
		 * check above: clang reused a spilled copy of id without it, and
		 * 6.1's verifier had lost that copy's bounds.
		 */
		__u32 k = id;

		asm volatile("" : "+r"(k));
		return env->fixed_b[k & 31];
	}
	if (id <= SPT_B_ARG0 + 9) {
		__u32 k = id; /* as above */

		asm volatile("" : "+r"(k));
		return env->args[k & 15];
	}
	switch (id) {
	case SPT_B_PID:
		return bpf_get_current_pid_tgid() >> 32;
	case SPT_B_TID:
		return (__u32)bpf_get_current_pid_tgid();
	case SPT_B_PPID:
		return task_ppid();
	case SPT_B_UID:
		return (__u32)bpf_get_current_uid_gid();
	case SPT_B_GID:
		return bpf_get_current_uid_gid() >> 32;
	case SPT_B_TIMESTAMP:
		/* read at its first use in a firing, then the same for all its clauses */
		if (!env->ts)
			env->ts = bpf_ktime_get_ns();
		return env->ts;
	case SPT_B_VTIMESTAMP:
		v = 0;
		bpf_probe_read_kernel(&v, sizeof(v),
				      (void *)(bpf_get_current_task() + spt_off_sum_exec));
		return v;
	case SPT_B_WALLTIMESTAMP:
		return bpf_ktime_get_boot_ns() + spt_boot_to_wall;
	case SPT_B_CPU:
		return bpf_get_smp_processor_id();
	case SPT_B_ERRNO:
		return env->err;
	case SPT_B_EPID:
		return env->epid;
	case SPT_B_ID:
		return env->probe;
	case SPT_B_PROBEPROV:
	case SPT_B_PROBEMOD:
	case SPT_B_PROBEFUNC:
	case SPT_B_PROBENAME:
		return env->pstr[(id - SPT_B_PROBEPROV) & 3];
	case SPT_B_RAND:
		return (__u64)(__s64)(__s32)bpf_get_prandom_u32();
	case SPT_B_CURTHREAD:
		return bpf_get_current_task();
	case SPT_B_UPID:
		return note_upid();
	}
	return 0;
}

static __always_inline __u8 *spt_env_globals(struct spt_kenv *env)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&spt_globals, &zero);
}

static __always_inline __u64 spt_env_tls_load(struct spt_kenv *env, __u32 var)
{
	struct spt_tls_key k = { .tid = (__u32)bpf_get_current_pid_tgid(), .var = var };
	__u64 *v = bpf_map_lookup_elem(&spt_tls, &k);

	return v ? *v : 0;
}

static __always_inline void spt_env_tls_store(struct spt_kenv *env, __u32 var, __u64 v)
{
	struct spt_tls_key k = { .tid = (__u32)bpf_get_current_pid_tgid(), .var = var };
	__u32 cpu = bpf_get_smp_processor_id();

	if (!v) {
		bpf_map_delete_elem(&spt_tls, &k);
		return;
	}
	if (bpf_map_update_elem(&spt_tls, &k, &v, BPF_ANY) && cpu < SPT_MAX_CPUS)
		spt_cpus[cpu].dyndrops++;
}

static __always_inline int spt_env_read(struct spt_kenv *env, __u64 addr, __u32 size, __u64 *v)
{
	/* Bounded on a fresh register (see spt_env_builtin): 6.1 lost a spilled copy's bounds. */
	asm volatile("" : "+r"(size));
	if (size > 8)
		return -1;
	return bpf_probe_read_kernel(v, size, (const void *)addr);
}

static __always_inline const __u8 *spt_env_strtab(struct spt_kenv *env)
{
	return (const __u8 *)spt_strtab;
}

/*
 * String loops are bounded by SPT_STRSIZE and end at the first NUL; the
 * verifier walks each once per program (a few thousand instructions).
 */
static __always_inline int spt_env_strcmp(struct spt_kenv *env, const __u8 *x, const __u8 *y)
{
	__u32 i;

	for (i = 0; i < SPT_STRSIZE; i++) {
		__u8 a = x[i], b = y[i];

		if (a != b)
			return a < b ? -1 : 1;
		if (!a)
			break;
	}
	return 0;
}

/* Masked so that the verifier knows the bound whatever it makes of .rodata. */
static __always_inline __u32 spt_env_strcap(struct spt_kenv *env)
{
	return ((spt_strcap - 1) & (SPT_STRSIZE - 1)) + 1;
}

static __always_inline __u32 spt_env_scratch(struct spt_kenv *env)
{
	return spt_scratch_size;
}

static __always_inline __u64 spt_env_strlen(struct spt_kenv *env, const __u8 *x)
{
	__u32 i, n = spt_env_strcap(env) - 1;

	for (i = 0; i < SPT_STRSIZE - 1; i++)
		if (i >= n || !x[i])
			break;
	return i;
}

static __always_inline void spt_env_strcpy(struct spt_kenv *env, __u8 *dst, const __u8 *src)
{
	bpf_probe_read_kernel_str(dst, spt_env_strcap(env), src);
}

static __always_inline int spt_env_copyinstr(struct spt_kenv *env, __u8 *dst, __u64 uaddr)
{
	return bpf_probe_read_user_str(dst, spt_env_strcap(env), (const void *)uaddr) < 0 ? -1 : 0;
}

static __always_inline int spt_env_kstr(struct spt_kenv *env, __u8 *dst, __u64 kaddr, __u32 size)
{
	/* Bounded on a fresh register (see spt_env_builtin). */
	asm volatile("" : "+r"(size));
	if (size < 1 || size > SPT_STRSIZE)
		return -1;
	return bpf_probe_read_kernel_str(dst, size, (const void *)kaddr) < 0 ? -1 : 0;
}

static __always_inline int spt_env_memcpy(struct spt_kenv *env, __u8 *dst, __u64 src, __u32 size,
					  int kernel)
{
	asm volatile("" : "+r"(size));
	if (size < 1 || size > SPT_SCRATCH_MAX)
		return -1;
	if (kernel)
		return bpf_probe_read_kernel(dst, size, (const void *)src) < 0 ? -1 : 0;
	return bpf_probe_read_user(dst, size, (const void *)src) < 0 ? -1 : 0;
}

static __always_inline int spt_env_kread(struct spt_kenv *env, __u8 *dst, __u64 src, __u32 size)
{
	asm volatile("" : "+r"(size));
	if (size < 1 || size > SPT_REC_MAX)
		return -1;
	return bpf_probe_read_kernel(dst, size, (const void *)src) < 0 ? -1 : 0;
}

static __always_inline void spt_env_execname(struct spt_kenv *env, __u8 *dst)
{
	bpf_get_current_comm(dst, 16);
}

static __always_inline const __u8 *spt_env_assoc_get(struct spt_kenv *env, const __u8 *key)
{
	return bpf_map_lookup_elem(&spt_assoc, key);
}

static __always_inline int spt_env_assoc_put(struct spt_kenv *env, const __u8 *key, const __u8 *val)
{
	return bpf_map_update_elem(&spt_assoc, key, val, BPF_ANY);
}

static __always_inline void spt_env_assoc_del(struct spt_kenv *env, const __u8 *key)
{
	bpf_map_delete_elem(&spt_assoc, key);
}

static __always_inline void spt_env_aggdesc(struct spt_kenv *env, __u32 id, struct spt_aggdesc *d)
{
	const volatile struct spt_aggdesc *a = &spt_aggs[id & (SPT_AGG_MAX - 1)];

	d->func = a->func;
	d->flags = a->flags;
	d->edge0 = a->edge0;
	d->nedges = a->nedges;
}

static __always_inline __u64 *spt_env_agg(struct spt_kenv *env, __u32 id, const __u8 *key)
{
	__u32 zero = 0;
	__u64 *w;
	void *z;

	if (!key)
		return bpf_map_lookup_elem(&spt_agg0, &id);
	w = bpf_map_lookup_elem(&spt_agg, key);
	if (w)
		return w;
	z = bpf_map_lookup_elem(&spt_agg_zero, &zero);
	if (!z)
		return NULL;
	/* Another CPU may create the key between our lookup and update: fine. */
	bpf_map_update_elem(&spt_agg, key, z, BPF_NOEXIST);
	return bpf_map_lookup_elem(&spt_agg, key);
}

static __always_inline __u32 spt_env_agg_words(struct spt_kenv *env)
{
	return spt_agg_words;
}

static __always_inline __s64 spt_env_agg_edge(struct spt_kenv *env, __u32 i)
{
	return spt_agg_edges[i & (SPT_AGG_EDGES_MAX - 1)];
}

#define SLOT_STATE(w) ((w)&0xff)

struct spec_alloc {
	__u32 id;   /* the slot taken, 0: none yet */
	__u32 busy; /* a slot was committing or discarding */
};

/* One slot of speculation()'s search: take it if it is free. */
static long spec_alloc_cb(__u64 i, void *ctx)
{
	struct spec_alloc *a = ctx;
	__u32 id = (__u32)i + 1, w;
	struct spt_slot *sl;

	if (id > SPT_NSPEC_MAX || id > spt_nspec)
		return 1;
	sl = &spt_slots[id];
	w = sl->state;
	if (SLOT_STATE(w) == SPT_SPEC_INACTIVE &&
	    __sync_val_compare_and_swap(&sl->state, w, ((w & ~0xffu) + 0x100) | SPT_SPEC_ACTIVE) ==
		    w) {
		/* The id is ours alone until we return it. */
		sl->cpus[0] = sl->cpus[1] = sl->cpus[2] = sl->cpus[3] = 0;
		a->id = id;
		return 1;
	}
	if (SLOT_STATE(w) == SPT_SPEC_COMMITTING || SLOT_STATE(w) == SPT_SPEC_DISCARDING)
		a->busy = 1;
	return 0;
}

/* A search in bpf_loop, so the verifier checks one slot, not nspec of them. */
static __always_inline __u64 spt_env_speculation(struct spt_kenv *env)
{
	struct spec_alloc a = { 0, 0 };

	/*
	 * A constant count, not spt_nspec: with nspec 0 (no speculation in the
	 * program) a loop of 0 made the 6.18 verifier drop the callback and
	 * then fail ("No program to jit") in programs that still reference it.
	 */
	bpf_loop(SPT_NSPEC_MAX, spec_alloc_cb, &a, 0);
	if (a.id) {
		CTR1(SPT_KTR_SPEC, "speculation: slot %u active", a.id);
		return a.id;
	}
	if (a.busy)
		__sync_fetch_and_add(&spt_spec_stats.busy, 1);
	else
		__sync_fetch_and_add(&spt_spec_stats.unavail, 1);
	return 0;
}

/* speculate(): is slot ID one to trace into (1..nspec, ACTIVE)? */
static __always_inline int spt_env_speculate(struct spt_kenv *env, __u64 id)
{
	__u32 i;

	if (!id || id > spt_nspec || id > SPT_NSPEC_MAX)
		return 0;
	i = (__u32)id & (2 * SPT_NSPEC_MAX - 1);
	return SLOT_STATE(spt_slots[i].state) == SPT_SPEC_ACTIVE;
}

static __always_inline __u32 spt_env_nspec(struct spt_kenv *env)
{
	return spt_nspec;
}

static __always_inline __u8 *spec_part(__u32 id, __u32 cpu);

/* speculate(): the bytes left in slot ID's part on this CPU. */
static __always_inline __u32 spt_env_specroom(struct spt_kenv *env, __u32 id)
{
	__u32 cpu = bpf_get_smp_processor_id();
	struct spt_part *p;
	__u64 off;

	if (!id || id > SPT_NSPEC_MAX || cpu >= SPT_MAX_CPUS)
		return 0;
	p = (struct spt_part *)spec_part(id, cpu);
	if (!p)
		return 0;
	off = p->off;
	return off >= spt_specsize ? 0 : (__u32)(spt_specsize - off);
}

/*
 * The current task's stack: bpf_get_task_stack() needs no program context,
 * so it runs inside the VM's bpf_loop. The user stack is walked from the
 * task's saved user registers (frame pointers); frames beyond
 * SPT_STACK_MAX are not counted by the kernel.
 */
static __always_inline long spt_env_stack(struct spt_kenv *env, __u64 *buf, __u32 user)
{
	struct task_struct *t;
	long n;

	if (env->fixed) {
		/* Test runs: a fixed stack of three frames, zero after them (64 kept). */
		__builtin_memset(buf, 0, 512);
		buf[0] = 0x1000;
		buf[1] = 0x2000;
		buf[2] = 0x3000;
		return 3;
	}
	t = bpf_get_current_task_btf();
	n = bpf_get_task_stack(t, buf, SPT_STACK_MAX * 8, user ? BPF_F_USER_STACK : 0);
	if (n < 0)
		return n;
	if (user)
		note_upid();
	return n / 8;
}

static __always_inline void spt_env_vcopy(struct spt_kenv *env, __u8 *dst, const __u8 *src,
					  __u32 size)
{
	size &= 1023;
	if (size)
		bpf_probe_read_kernel(dst, size, src);
}

/* The task's user registers, saved at its entry to the kernel (struct pt_regs). */
static __always_inline void spt_env_uregs(struct spt_kenv *env, __u64 *regs)
{
	struct pt_regs *r;

	if (env->fixed) {
		__builtin_memset(regs, 0, 8 * SPT_UREGS);
		return;
	}
	r = (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());
	if (!r || bpf_probe_read_kernel(regs, 8 * SPT_UREGS, r))
		__builtin_memset(regs, 0, 8 * SPT_UREGS);
}

static __always_inline const __u64 *spt_env_stkget(struct spt_kenv *env, __u64 key)
{
	return bpf_map_lookup_elem(&spt_stacks, &key);
}

/*
 * FRAMES is always vm->stk (bpf/vm.h), which is in this CPU's scratch
 * map: Linux 6.1 takes only the stack, packets or a map's key or value as
 * a map update's value, not the memory a global function's argument
 * points to, so the frames are reached again as the map value they are.
 */
static __always_inline int spt_env_stkput(struct spt_kenv *env, __u64 key, const __u64 *frames)
{
	struct spt_scratch *s;
	__u32 zero = 0;

	(void)frames;
	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	if (!s)
		return -1;
	return bpf_map_update_elem(&spt_stacks, &key, s->vm.stk, BPF_NOEXIST);
}

/*
 * SIZE bytes of user memory from UADDR, or fewer when the window would
 * pass the stack's top (the read fails whole): halved until it reads.
 */
static __always_inline long spt_env_ucopy(struct spt_kenv *env, __u8 *dst, __u32 size, __u64 uaddr)
{
	int i;

	if (env->fixed || !uaddr)
		return 0;
	for (i = 0; i < 4; i++) {
		size &= SPT_STACK_WINDOW_MAX * 2 - 1;
		if (!size || size > SPT_STACK_WINDOW_MAX)
			return 0;
		if (!bpf_probe_read_user(dst, size, (const void *)uaddr))
			return size;
		size = (size / 2) & ~7u;
	}
	return 0;
}

/* The string primitives' copies and per-byte loops (bpf/vm.h). */
static __always_inline long spt_env_strncpy(struct spt_kenv *env, __u8 *dst, const void *src,
					    __u32 size)
{
	return bpf_probe_read_kernel_str(dst, size, src);
}

static __always_inline void spt_env_loop(struct spt_kenv *env, __u32 n, long (*cb)(__u64, void *),
					 void *ctx)
{
	bpf_loop(n, cb, ctx, 0);
}

struct vm_loop {
	struct spt_scratch *s;
};

static long vm_step_cb(__u64 i, void *ctx)
{
	struct vm_loop *l = ctx;

	return spt_vm_step(&l->s->vm, (const struct spt_insn *)spt_insns, &l->s->env);
}

/* Run the clause starting at instruction PROG to its end; the state says how. */
static __always_inline void vm_run(struct spt_scratch *s, __u32 prog)
{
	struct vm_loop l = { .s = s };

	spt_vm_reset(&s->vm, prog);
	bpf_loop(SPT_MAX_STEPS, vm_step_cb, &l, 0);
	if (s->vm.state == SPT_VM_RUN)
		spt_vm_fault(&s->vm, s->vm.pc, SPT_FLT_ILLOP, 0);
}

struct evict_ctx {
	struct spt_cpu *st;
	__u8 *buf;
	__u64 limit; /* evict records starting below this offset */
};

/* One eviction step of the ring: drop the oldest record if it is in the way. */
static long evict_cb(__u64 i, void *ctx)
{
	struct evict_ctx *e = ctx;
	struct spt_cpu *st = e->st;
	__u64 t = st->tail;
	__u32 rsize;

	if (!st->wrapped || t >= e->limit)
		return 1;
	if (t >= spt_bufsize || t >= st->lap_end) {
		st->wrapped = 0;
		st->tail = 0;
		return 1;
	}
	rsize = ((struct spt_rec *)(e->buf + t))->size;
	if (rsize < sizeof(struct spt_rec) || rsize % 8) {
		/* Cannot happen with records we wrote; never loop on garbage. */
		st->wrapped = 0;
		st->tail = 0;
		return 1;
	}
	st->tail = t + rsize;
	if (st->tail >= st->lap_end) {
		st->wrapped = 0;
		st->tail = 0;
		return 1;
	}
	return 0;
}

/*
 * ring: make room for SIZE bytes at the write position: wrap to the start
 * when they do not fit at the end, and evict the oldest whole records they
 * would overwrite. Returns the offset to write at.
 */
static __always_inline __u64 ring_room(struct spt_cpu *st, __u32 cpu, __u8 *buf, __u64 off,
				       __u32 size)
{
	struct evict_ctx e = { .st = st, .buf = buf };

	if (off + size > spt_bufsize) {
		st->lap_end = off;
		st->wrapped = 1;
		st->wraps++;
		off = 0;
		CTR2(SPT_KTR_BUF, "ring: cpu %u wrapped at offset %llu", cpu, st->lap_end);
	}
	e.limit = off + size;
	if (st->wrapped)
		bpf_loop(SPT_REC_MAX / 8 + 2, evict_cb, &e, 0);
	return off;
}

/*
 * The timestamp a record carries under -x temporal: the firing's (the
 * scratch holds it for the firing in progress on this CPU, or the
 * cleaner's time while it commits), read after busy was set.
 */
static __always_inline __u64 rec_ts(void)
{
	struct spt_scratch *s;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	if (!s)
		return bpf_ktime_get_ns();
	/* read at its first use in the firing (env.ts is 0 until then) */
	if (!s->env.ts)
		s->env.ts = bpf_ktime_get_ns();
	return s->env.ts;
}

/*
 * Write a record of DSIZE bytes: the header, then (for a clause with
 * bytecode) the data the VM built in REC after its own header, then under
 * -x temporal the timestamp. Returns 0, or 1 when it was dropped (and
 * counted).
 */
static __always_inline int emit(struct spt_cpu *st, __u32 cpu, __u32 epid, __u32 dsize,
				const __u8 *rec)
{
	__u32 size = dsize + (spt_temporal ? SPT_REC_TS : 0);
	struct spt_rec *hdr;
	__u32 key, idx;
	__u64 off, tpos;
	__u8 *buf;

	idx = st->active & 1;
	key = cpu * 2 + idx;
	buf = bpf_map_lookup_elem(&spt_buf, &key);
	if (!buf)
		goto drop;
	off = st->off[idx];
	if (spt_policy == SPT_POLICY_RING && size >= sizeof(*hdr) && size <= SPT_REC_MAX &&
	    size <= spt_bufsize)
		off = ring_room(st, cpu, buf, off, size);
	if (size < sizeof(*hdr) || size > SPT_REC_MAX || size > spt_bufsize ||
	    off > spt_bufsize - size)
		goto full;
	/*
	 * fill: a record that would eat into END's reservation marks the
	 * buffer filled, and a filled buffer takes nothing more. END writes
	 * with the gate closed, after the consumer's last switch, into the
	 * other (empty) buffer of the pair, so it always has the space.
	 */
	if (spt_policy == SPT_POLICY_FILL && !spt_ending &&
	    (st->filled || off + size + spt_end_reserve > spt_bufsize))
		goto full;
	/*
	 * The verifier cannot relate off to size: it checks off < bufsize and
	 * size <= SPT_REC_MAX against the entry's SPT_BUF_SLACK extra bytes.
	 * Records are 8-byte aligned; the mask tells older verifiers (6.1,
	 * 6.12), which otherwise allow off = bufsize - 1 and overshoot the slack.
	 */
	if (off >= spt_bufsize)
		goto drop;
	hdr = (struct spt_rec *)(buf + (off & ~7ULL));
	hdr->epid = epid;
	hdr->size = size;
	/*
	 * One helper call rather than a word loop: a loop bounded by
	 * SPT_REC_MAX / 8 made the verifier walk every iteration of it, for
	 * half a second per program.
	 */
	if (rec && dsize > sizeof(*hdr))
		bpf_probe_read_kernel(hdr + 1, (dsize - sizeof(*hdr)) & (SPT_REC_MAX - 1),
				      rec + sizeof(*hdr));
	if (spt_temporal) {
		/*
		 * off + size <= bufsize was checked above, but not in a form
		 * the verifier keeps: bound the sum itself, so the offset stays
		 * below bufsize (and SPT_BUFSIZE_MAX) rather than off + 4k.
		 */
		tpos = off + size - SPT_REC_TS;
		if (tpos >= spt_bufsize)
			goto drop;
		*(__u64 *)(buf + (tpos & ~7ULL)) = rec_ts();
	}
	st->off[idx] = off + size;
	return 0;
full:
	if (spt_policy == SPT_POLICY_FILL && !spt_ending && !st->filled) {
		st->filled = 1;
		CTR2(SPT_KTR_BUF, "fill: cpu %u buffer filled at offset %llu", cpu, off);
	}
drop:
	st->drops++;
	CTR4(SPT_KTR_DROP, "drop: epid %u, %u bytes, buffer %u holds %llu", epid, size, idx,
	     st->off[idx]);
	return 1;
}

static __always_inline __u8 *spec_part(__u32 id, __u32 cpu)
{
	__u32 key = (id - 1) * spt_ncpus + cpu;

	return bpf_map_lookup_elem(&spt_spec, &key);
}

/*
 * speculate(): append the record the VM built (REC, SIZE bytes, header
 * space first) to slot ID's part on CPU. A slot that is not ACTIVE (never
 * taken, committing, discarding) or id 0 takes nothing, silently; a part
 * without room is a speculative drop. Global: verified once.
 */
__noinline int spt_spec_append(__u32 id, __u32 cpu, __u32 epid, __u32 size)
{
	struct spt_scratch *s;
	struct spt_part *p;
	struct spt_rec *hdr;
	__u32 zero = 0;
	__u8 *part;
	__u64 off;

	if (!id || id > spt_nspec || id > SPT_NSPEC_MAX || cpu >= SPT_MAX_CPUS)
		return 0;
	/*
	 * Our bit before the state check: a commit on another CPU that finds
	 * no bit of ours either ran before this check (we see COMMITTING and
	 * write nothing) or will leave the slot to the cleaner.
	 */
	__sync_fetch_and_or(&spt_slots[id].cpus[(cpu >> 6) & 3], 1ULL << (cpu & 63));
	if (SLOT_STATE(spt_slots[id].state) != SPT_SPEC_ACTIVE)
		return 0;
	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	part = spec_part(id, cpu);
	if (!s || !part)
		return 0;
	p = (struct spt_part *)part;
	off = p->off;
	if (size < sizeof(*hdr) || size > SPT_REC_MAX || size > spt_specsize ||
	    off > spt_specsize - size || off >= spt_specsize) {
		__sync_fetch_and_add(&spt_spec_stats.drops, 1);
		CTR2(SPT_KTR_SPEC, "speculative drop: slot %u, %u bytes", id, size);
		return 1;
	}
	hdr = (struct spt_rec *)(part + sizeof(*p) + off);
	hdr->epid = epid;
	hdr->size = size;
	if (size > sizeof(*hdr))
		bpf_probe_read_kernel(hdr + 1, (size - sizeof(*hdr)) & (SPT_REC_MAX - 1),
				      s->vm.rec + sizeof(*hdr));
	p->off = off + size;
	p->nrec++;
	return 0;
}

struct flush_ctx {
	struct spt_cpu *st;
	__u8 *part;
	__u64 pos;
	__u64 len;
	__u32 cpu;
};

static long flush_cb(__u64 i, void *ctx)
{
	struct flush_ctx *f = ctx;
	struct spt_rec *r;
	__u64 pos = f->pos;

	if (pos >= f->len || pos >= spt_specsize)
		return 1;
	r = (struct spt_rec *)(f->part + sizeof(struct spt_part) + pos);
	if (r->size < sizeof(*r) || r->size % 8 || r->size > SPT_REC_MAX)
		return 1;
	emit(f->st, f->cpu, r->epid, r->size, (const __u8 *)r);
	f->pos = pos + r->size;
	return 0;
}

/*
 * This CPU's part of slot ID: copied into the principal buffer (COMMIT)
 * or dropped; empty afterwards. A part that does not fit is not copied
 * at all and counts one drop (and fills a fill buffer), as in DTrace.
 * Global, not inlined into its callers: its bpf_loop context would add to
 * spt_spec_ops()'s frame, in the deepest call chain (6.1's 512 bytes).
 */
__noinline int spt_spec_flush(__u32 id, __u32 cpu, __u32 commit)
{
	struct flush_ctx f = { .cpu = cpu };
	struct spt_part *p;
	struct spt_cpu *st;
	__u64 room, need;
	__u8 *part;

	if (!id || id > SPT_NSPEC_MAX || cpu >= SPT_MAX_CPUS)
		return 0;
	part = spec_part(id, cpu);
	if (!part)
		return 0;
	p = (struct spt_part *)part;
	st = &spt_cpus[cpu];
	f.len = p->off;
	if (commit && f.len) {
		/* What the records take in the principal buffer. */
		need = f.len + (spt_temporal ? p->nrec * SPT_REC_TS : 0);
		room = spt_bufsize - st->off[st->active & 1];
		if (spt_policy == SPT_POLICY_FILL && !spt_ending)
			room = st->filled || room < spt_end_reserve ? 0 : room - spt_end_reserve;
		if (spt_policy == SPT_POLICY_RING)
			room = spt_bufsize;
		if (need > room) {
			/*
			 * As a record that does not fit: under fill the buffer is
			 * filled (DTrace reserves the whole part in the buffer, and
			 * a failed reservation marks a fill buffer full).
			 */
			if (spt_policy == SPT_POLICY_FILL && !spt_ending)
				st->filled = 1;
			st->drops++;
			CTR3(SPT_KTR_SPEC, "commit: slot %u, %llu bytes do not fit on cpu %u", id,
			     need, cpu);
		} else {
			f.st = st;
			f.part = part;
			bpf_loop(SPT_REC_MAX, flush_cb, &f, 0);
			CTR3(SPT_KTR_SPEC, "commit: slot %u, %llu bytes on cpu %u", id, f.len, cpu);
		}
	}
	p->off = 0;
	p->nrec = 0;
	return 0;
}

/* No CPU but CPU holds a part of SL: the slot can be freed at once. */
static __always_inline int only_cpu(struct spt_slot *sl, __u32 cpu)
{
	__u32 i;

	for (i = 0; i < 4; i++) {
		__u64 mine = (cpu >> 6) == i ? 1ULL << (cpu & 63) : 0;

		if (sl->cpus[i] & ~mine)
			return 0;
	}
	return 1;
}

/*
 * commit()/discard() calls of the clause that just ran (in the scratch):
 * ACTIVE -> COMMITTING/DISCARDING by compare-and-swap (anything else:
 * silently nothing), this CPU's part at once, and the slot free at once
 * when no other CPU holds a part; else the consumer's cleaner finishes.
 */
__noinline int spt_spec_ops(__u32 cpu)
{
	struct spt_scratch *s;
	__u32 zero = 0, i;

	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	if (!s || cpu >= SPT_MAX_CPUS)
		return 0;
	for (i = 0; i < SPT_SPEC_OPS && i < s->vm.nspecops; i++) {
		__u64 op = s->vm.specops[i];
		__u32 id = (__u32)op, discard = op >> 32, w, to;
		struct spt_slot *sl;

		if (!id || id > spt_nspec || id > SPT_NSPEC_MAX)
			continue;
		sl = &spt_slots[id];
		w = sl->state;
		if (SLOT_STATE(w) != SPT_SPEC_ACTIVE)
			continue;
		to = (w & ~0xffu) | (discard ? SPT_SPEC_DISCARDING : SPT_SPEC_COMMITTING);
		if (__sync_val_compare_and_swap(&sl->state, w, to) != w)
			continue;
		spt_spec_flush(id, cpu, !discard);
		if (discard)
			CTR1(SPT_KTR_SPEC, "slot %u: discarding", id);
		else
			CTR1(SPT_KTR_SPEC, "slot %u: committing", id);
		if (only_cpu(sl, cpu)) {
			sl->cpus[0] = sl->cpus[1] = sl->cpus[2] = sl->cpus[3] = 0;
			__sync_val_compare_and_swap(&sl->state, to, to & ~0xffu);
			CTR1(SPT_KTR_SPEC, "slot %u: free", id);
		}
	}
	s->vm.nspecops = 0;
	return 0;
}

/* A fast predicate (abi/buf.h): the builtin read directly, compared with the constant. */
static __always_inline int fast_pred(__u32 fp, __s32 val, __u32 cpu)
{
	__u64 v;

	switch (fp & 0xff) {
	case SPT_B_PID:
		v = bpf_get_current_pid_tgid() >> 32;
		break;
	case SPT_B_TID:
		v = (__u32)bpf_get_current_pid_tgid();
		break;
	case SPT_B_PPID:
		v = task_ppid();
		break;
	case SPT_B_UID:
		v = (__u32)bpf_get_current_uid_gid();
		break;
	case SPT_B_GID:
		v = bpf_get_current_uid_gid() >> 32;
		break;
	case SPT_B_CPU:
		v = cpu;
		break;
	default:
		return 1; /* not one we know: let the VM decide */
	}
	return (v == (__u64)(__u32)val) == ((fp >> 8) == SPT_FP_EQ);
}

/*
 * A fast record (abi/buf.h): fill the record area with row ROW's fields as
 * the VM's ldb/sext/zext/rec and execn/recs would.
 */
static __always_inline void fast_record(struct spt_scratch *s, __u32 row)
{
	__u32 k;

	for (k = 0; k < SPT_FREC_FIELDS; k++) {
		__u32 w = spt_frecs[row & (SPT_FREC_ROWS - 1)][k], off = SPT_FREC_OFF(w);
		__u64 v;

		if (!w)
			break;
		if (SPT_FREC_KIND(w) == SPT_FREC_EXECNAME) {
			bpf_get_current_comm(s->vm.rec + (off & (SPT_REC_MAX - 8)), 16);
			continue;
		}
		v = spt_env_builtin(&s->env, SPT_FREC_B(w));
		if (SPT_FREC_EXT(w))
			v = spt_vm_ext(v, SPT_FREC_EXTBITS(w), SPT_FREC_EXT(w) == 1);
		switch (SPT_FREC_LSIZE(w)) {
		case 0:
			s->vm.rec[off & (SPT_REC_MAX - 1)] = (__u8)v;
			break;
		case 1:
			*(__u16 *)(s->vm.rec + (off & (SPT_REC_MAX - 2))) = (__u16)v;
			break;
		case 2:
			*(__u32 *)(s->vm.rec + (off & (SPT_REC_MAX - 4))) = (__u32)v;
			break;
		default:
			*(__u64 *)(s->vm.rec + (off & (SPT_REC_MAX - 8))) = v;
			break;
		}
	}
}

/*
 * Run ECB number IDX on CPU: its clause's bytecode (predicate, actions)
 * and then its record. A global function, so the verifier checks it once
 * and not once per ECB of the caller's loop.
 */
__noinline int spt_run_ecb(__u32 idx, __u32 cpu, __u32 in_error)
{
	const volatile struct spt_ecb *e = &spt_ecbs[idx & (SPT_MAX_ECBS - 1)];
	struct spt_scratch *s;
	struct spt_cpu *st;
	__u32 zero = 0, prog = e->prog;

	if (cpu >= SPT_MAX_CPUS)
		return 0;
	st = &spt_cpus[cpu];
	if (prog == SPT_ECB_NOPROG)
		return emit(st, cpu, e->epid, e->size, NULL);
	if (e->fpred && !fast_pred(e->fpred, e->fval, cpu))
		return 0;
	if (e->fcount) {
		/* @a = count() alone: the update word, without the VM (abi/buf.h) */
		__u32 id = (e->fcount - 1) & (SPT_AGG_MAX - 1);
		__u64 *w = bpf_map_lookup_elem(&spt_agg0, &id);

		if (w)
			w[0]++;
		else
			st->aggdrops++;
		return 0;
	}
	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	if (!s)
		return 0;
	s->env.epid = e->epid;
	s->env.probe = e->probe;
	s->env.pstr[0] = e->pstr[0];
	s->env.pstr[1] = e->pstr[1];
	s->env.pstr[2] = e->pstr[2];
	s->env.pstr[3] = e->pstr[3];
	if (spt_nfrecs && e->frec) {
		fast_record(s, e->frec - 1u);
		return emit(st, cpu, e->epid, e->size, s->vm.rec);
	}
	vm_run(s, prog);
	if (s->vm.state == SPT_VM_FAULT) {
		CTR3(SPT_KTR_FAULT, "fault: epid %u, fault %u at pc %u", e->epid, s->vm.fault,
		     s->vm.fault_pc);
		/* A fault in an ERROR clause is dropped silently, never recursive. */
		if (in_error)
			return 0;
		st->errors++;
		s->env.flt_epid = e->epid;
		s->env.flt_act = spt_insn_act[(prog + s->vm.fault_pc) & (SPT_MAX_INSNS - 1)];
		return SPT_RUN_FAULT;
	}
	if (s->vm.specdrop) {
		s->vm.specdrop = 0;
		__sync_fetch_and_add(&spt_spec_stats.drops, 1);
		CTR1(SPT_KTR_SPEC, "speculative drop: epid %u stopped", e->epid);
	}
	if (s->vm.dyndrop) {
		st->dyndrops += s->vm.dyndrop;
		s->vm.dyndrop = 0;
	}
	if (s->vm.aggdrop) {
		s->vm.aggdrop = 0;
		st->aggdrops++;
		CTR2(SPT_KTR_AGG, "aggregation drop: epid %u on cpu %u", e->epid, cpu);
	}
	if (s->vm.exiting) {
		s->vm.exiting = 0;
		spt_exit_status = s->vm.exit_status;
		spt_exited = 1;
	}
	/*
	 * raise() and stop(): to the current process, as DTrace's. The kernel
	 * delivers the signal when the task returns to user space; a kernel
	 * thread or init refuses it (-EPERM), and that is all.
	 */
	if (s->vm.state == SPT_VM_DONE && s->vm.dsig) {
		if (s->vm.dsig & SPT_DSIG_STOP)
			bpf_send_signal(SPT_SIGSTOP);
		if (s->vm.dsig & (SPT_DSIG_STOP - 1))
			bpf_send_signal(s->vm.dsig & (SPT_DSIG_STOP - 1));
	}
	if (s->vm.state == SPT_VM_DONE && s->vm.nspecops)
		spt_spec_ops(cpu);
	if (s->vm.state == SPT_VM_DONE && e->size) {
		if (s->vm.specd)
			return spt_spec_append(s->vm.spec, cpu, e->epid, e->size);
		return emit(st, cpu, e->epid, e->size, s->vm.rec);
	}
	return 0;
}

/*
 * A clause faulted (its state is in S): run the ERROR clauses with the
 * fault as arguments, then record the fault for the consumer's message.
 * The probe's own arguments are restored for its later clauses. A global
 * function: inlined into the ECB loop, its own loop made the verifier walk
 * 64 x 64 iterations.
 */
__noinline int spt_fire_error(__u32 cpu)
{
	const volatile struct spt_eprobe *p;
	__u32 ep = spt_dtrace_eprobe[SPT_DTRACE_ERROR], i, act, zero = 0;
	struct spt_scratch *s;
	__u64 *rec;
	struct spt_cpu *st;

	if (cpu >= SPT_MAX_CPUS)
		return 0;
	st = &spt_cpus[cpu];
	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	if (!s)
		return 0;
	act = s->env.flt_act;

	for (i = 0; i < 6; i++)
		s->env.err_saved[i] = s->env.args[i];
	rec = s->env.err_rec;
	rec[0] = 0;
	rec[1] = (__u64)s->env.flt_epid | (__u64)(act >> 16) << 32;
	rec[2] = (__u64)((act & 0xffff) * sizeof(struct spt_insn)) | (__u64)s->vm.fault << 32;
	rec[3] = s->vm.fault_val;
	if (ep) {
		p = &spt_eprobes[ep & (SPT_MAX_EPROBES - 1)];
		s->env.args[0] = 0;
		s->env.args[1] = s->env.flt_epid;
		s->env.args[2] = act >> 16;
		s->env.args[3] = (act & 0xffff) * sizeof(struct spt_insn);
		s->env.args[4] = s->vm.fault;
		s->env.args[5] = s->vm.fault_val;
		for (i = 0; i < SPT_MAX_ECB_PER_PROBE && i < p->count; i++)
			spt_run_ecb(p->first + i, cpu, 1);
		for (i = 0; i < 6; i++)
			s->env.args[i] = s->env.err_saved[i];
	}
	return emit(st, cpu, SPT_EPID_FAULT, sizeof(s->env.err_rec), (const __u8 *)rec);
}

/*
 * The VM's inputs for a firing: the probe's arguments (the six syscall
 * arguments in REGS, or A0, A1 and zeros when REGS is NULL), the errno,
 * the timestamp unread. Written straight into the scratch: every frame of
 * the deepest call chain counts towards 512 bytes, with 6.1's rounding.
 */
static __always_inline void vm_inputs(struct spt_scratch *s, const struct spt_regs *regs, __u64 a0,
				      __u64 a1, __u64 err)
{
	if (regs) {
		s->env.args[0] = regs->di;
		s->env.args[1] = regs->si;
		s->env.args[2] = regs->dx;
		s->env.args[3] = regs->r10;
		s->env.args[4] = regs->r8;
		s->env.args[5] = regs->r9;
	} else {
		s->env.args[0] = a0;
		s->env.args[1] = a1;
		s->env.args[2] = s->env.args[3] = s->env.args[4] = s->env.args[5] = 0;
	}
	s->env.args[6] = s->env.args[7] = s->env.args[8] = s->env.args[9] = 0;
	s->env.err = err;
	s->env.ts = 0;
	s->env.fixed = 0;
}

/*
 * A probe fired: set up the builtins' inputs and run its ECBs in program
 * order, with vm_inputs(REGS, A0, A1, ERR).
 */
static __always_inline int fire(__u32 ep, const struct spt_regs *regs, __u64 a0, __u64 a1,
				__u64 err, int force)
{
	const volatile struct spt_eprobe *p;
	struct spt_scratch *s;
	struct spt_cpu *st;
	__u32 cpu, first, n, i, zero = 0;

	st = cpu_state(&cpu);
	if (!st)
		return 0;
	/* -x cpu: clauses run on that CPU only (0, the default: on all) */
	if (spt_only_cpu && cpu != spt_only_cpu - 1)
		return 0;
	p = &spt_eprobes[ep & (SPT_MAX_EPROBES - 1)];
	first = p->first;
	n = p->count;
	if (st->busy) {
		/* We interrupted a writer on this CPU: its record must stay whole. */
		if (spt_gate) {
			st->nested += n;
			st->drops += n;
			CTR2(SPT_KTR_DROP, "nested: eprobe %u, %u clauses dropped", ep, n);
		}
		return 0;
	}
	/*
	 * Busy before the gate is read: once the consumer closed the gate and
	 * then switched this CPU, no record can land in the new buffer.
	 */
	st->busy = 1;
	barrier();
	if (!spt_gate && !force)
		goto out;
	CTR3(SPT_KTR_DISPATCH, "dispatch: eprobe %u, %u clauses, forced %d", ep, n, force);
	/*
	 * Probes whose clauses only record their EPID need no VM inputs,
	 * unless their records carry the timestamp (-x temporal).
	 */
	if (p->vm || spt_temporal) {
		s = bpf_map_lookup_elem(&spt_scratch, &zero);
		if (!s)
			goto out;
		vm_inputs(s, regs, a0, a1, err);
	}
	for (i = 0; i < SPT_MAX_ECB_PER_PROBE && i < n; i++) {
		if (spt_run_ecb(first + i, cpu, 0) == SPT_RUN_FAULT)
			spt_fire_error(cpu);
		/* exit() stops every later clause, on this CPU and all others. */
		if (spt_exited) {
			spt_gate = 0;
			break;
		}
	}
out:
	barrier();
	st->busy = 0;
	return 0;
}

static __always_inline int in_compat_syscall(void)
{
	const struct spt_thread_info *ti = (const void *)bpf_get_current_task_btf();

	return ti->status & SPT_TS_COMPAT;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(spt_sys_enter, struct spt_regs *regs, long id)
{
	__u32 ep;

	if ((__u64)id >= SPT_NSYSCALLS)
		return 0;
	ep = spt_sys_eprobe[SPT_SYS_ENTRY][id];
	if (!ep || in_compat_syscall())
		return 0;
	return fire(ep, regs, 0, 0, 0, 0);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(spt_sys_exit, struct spt_regs *regs, long ret)
{
	__u64 id = regs->orig_ax;
	__u32 ep;

	if (id >= SPT_NSYSCALLS)
		return 0;
	ep = spt_sys_eprobe[SPT_SYS_RETURN][id];
	if (!ep || in_compat_syscall())
		return 0;
	return fire(ep, NULL, (__u64)ret, (__u64)ret, ret < 0 ? (__u64)-ret : 0, 0);
}

/*
 * Narrow enablings (a few syscalls, see load.c): one syscalls:sys_enter_NAME
 * or sys_exit_NAME tracepoint per enabled probe, the enabled probe as the
 * attach cookie. The kernel then runs its own per-syscall bitmap test on
 * every syscall instead of a BPF program, so syscalls nobody traces pay
 * less. The arguments come from the task's saved user registers, the very
 * pt_regs that tp_btf/sys_enter is handed, so both modes record the same;
 * the return value from the event's record (after the common header and
 * the syscall number: offset 16).
 */
SEC("tracepoint")
int spt_sys_enter_tp(void *ctx)
{
	const struct spt_regs *regs;

	if (in_compat_syscall())
		return 0;
	regs = (const void *)bpf_task_pt_regs(bpf_get_current_task_btf());
	return fire((__u32)bpf_get_attach_cookie(ctx), regs, 0, 0, 0, 0);
}

SEC("tracepoint")
int spt_sys_exit_tp(void *ctx)
{
	long ret = ((const long *)ctx)[2];

	if (in_compat_syscall())
		return 0;
	return fire((__u32)bpf_get_attach_cookie(ctx), NULL, (__u64)ret, (__u64)ret,
		    ret < 0 ? (__u64)-ret : 0, 0);
}

/*
 * Flip this CPU's buffer pair. Run by the consumer with BPF_PROG_TEST_RUN
 * and BPF_F_TEST_RUN_ON_CPU, so it executes on the CPU whose pair it flips,
 * either in an IPI that may have interrupted a probe in the middle of a
 * record (busy is then set and we refuse) or in the consumer's own context
 * with preemption disabled.
 */
SEC("raw_tp")
int spt_switch(void *ctx)
{
	struct spt_cpu *st;
	__u32 cpu, next;

	st = cpu_state(&cpu);
	if (!st)
		return SPT_SWITCH_DONE;
	if (st->busy) {
		CTR0(SPT_KTR_BUF, "switch refused: a record is in flight");
		return SPT_SWITCH_BUSY;
	}
	spt_switched_at[cpu & (SPT_MAX_CPUS - 1)] = bpf_ktime_get_ns();
	next = (st->active & 1) ^ 1;
	st->off[next] = 0;
	/* The ring state goes with the buffer that becomes inactive. */
	st->r_tail = st->tail;
	st->r_lap_end = st->lap_end;
	st->r_wrapped = st->wrapped;
	st->tail = 0;
	st->lap_end = 0;
	st->wrapped = 0;
	barrier();
	st->active = next;
	st->switches++;
	CTR3(SPT_KTR_BUF, "switch: buffer %u active, buffer %u holds %llu bytes", next, next ^ 1,
	     st->off[next ^ 1]);
	return SPT_SWITCH_DONE;
}

static long clean_cb(__u64 i, void *ctx)
{
	__u32 cpu = *(__u32 *)ctx, id = (__u32)i + 1, w;

	if (id > SPT_NSPEC_MAX)
		return 1;
	w = SLOT_STATE(spt_slots[id].state);
	if (w == SPT_SPEC_COMMITTING || w == SPT_SPEC_DISCARDING)
		spt_spec_flush(id, cpu, w == SPT_SPEC_COMMITTING);
	return 0;
}

/*
 * The cleaner: run by the consumer on each CPU (BPF_PROG_TEST_RUN on that
 * CPU, like the switch) to copy or drop this CPU's parts of the slots that
 * are committing or discarding; the consumer frees them once every CPU has
 * been cleaned. Refuses while a record is in flight on the CPU.
 */
SEC("raw_tp")
int spt_spec_clean(void *ctx)
{
	struct spt_cpu *st;
	__u32 cpu;

	st = cpu_state(&cpu);
	if (!st)
		return SPT_SWITCH_DONE;
	if (st->busy)
		return SPT_SWITCH_BUSY;
	st->busy = 1;
	if (spt_temporal) {
		struct spt_scratch *s;
		__u32 zero = 0;

		/* Parts committed now carry the time of this sweep. */
		s = bpf_map_lookup_elem(&spt_scratch, &zero);
		if (s)
			s->env.ts = bpf_ktime_get_ns();
	}
	bpf_loop(spt_nspec, clean_cb, &cpu, 0);
	CTR1(SPT_KTR_CLEAN, "cleaner: cpu %u cleaned", cpu);
	barrier();
	st->busy = 0;
	return SPT_SWITCH_DONE;
}

/*
 * dtrace:::BEGIN (ctx[0] == SPT_DTRACE_BEGIN) and END: run by the consumer
 * with BPF_PROG_TEST_RUN, BEGIN before it opens the gate and END after it
 * closed it, so no other clause runs before BEGIN finished or after END
 * started.
 */
SEC("raw_tp")
int spt_dtrace(__u64 *ctx)
{
	__u32 which = (__u32)ctx[0];
	__u32 ep;

	if (which > SPT_DTRACE_END)
		return 1;
	ep = spt_dtrace_eprobe[which];
	if (!ep)
		return 0;
	return fire(ep, NULL, 0, 0, 0, 1);
}

/*
 * Differential tests: run ECB ctx[0]'s clause with the builtins of
 * spt_test_out.env.fixed_b and leave the VM state in spt_test_out, so a
 * test compares it with the host VM's. Run with BPF_PROG_TEST_RUN.
 */
SEC("raw_tp")
int spt_vm_test(__u64 *ctx)
{
	const volatile struct spt_ecb *e;
	struct spt_scratch *s;
	__u32 zero = 0, i;

	e = &spt_ecbs[ctx[0] & (SPT_MAX_ECBS - 1)];
	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	if (!s || e->prog == SPT_ECB_NOPROG)
		return 1;
	s->env.fixed = 1;
	for (i = 0; i < SPT_B_NBUILTINS; i++)
		s->env.fixed_b[i] = spt_test_out.env.fixed_b[i];
	vm_run(s, e->prog);
	bpf_probe_read_kernel(&spt_test_out.vm, sizeof(s->vm), &s->vm);
	return 0;
}

/* The profile provider (profile-N, tick-N). */
#include "profile.bpf.h"
