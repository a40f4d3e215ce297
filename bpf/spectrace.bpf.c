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
#include <bpf/bpf_core_read.h>
#include "abi/buf.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/* x86: thread_info.status bit of a task inside a 32-bit compat syscall. */
#define SPT_TS_COMPAT 0x0002

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

const volatile __u64 spt_bufsize = 8;	/* value_size of spt_buf, multiple of 8 */
const volatile __u32 spt_ncpus = 1;

/* [direction][syscall nr] -> enabled probe index, 0 when not enabled. */
const volatile __u32 spt_sys_eprobe[2][SPT_NSYSCALLS];
const volatile struct spt_eprobe spt_eprobes[SPT_MAX_EPROBES];
const volatile struct spt_ecb spt_ecbs[SPT_MAX_ECBS];

struct spt_cpu spt_cpus[SPT_MAX_CPUS];
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

/*
 * Write one record of the default action (the EPID alone). Returns 0, or 1
 * when it was dropped (and counted).
 */
static __always_inline int emit(struct spt_cpu *st, __u32 cpu, __u32 epid, __u32 size)
{
	struct spt_rec *rec;
	__u32 key, idx;
	__u64 off;
	void *buf;

	idx = st->active & 1;
	key = cpu * 2 + idx;
	buf = bpf_map_lookup_elem(&spt_buf, &key);
	if (!buf)
		goto drop;
	off = st->off[idx];
	if (size < sizeof(*rec) || size > spt_bufsize || off > spt_bufsize - size)
		goto drop;
	/* The verifier needs off bounded by the map's value_size. */
	if (off > spt_bufsize - sizeof(*rec))
		goto drop;
	rec = buf + off;
	rec->epid = epid;
	rec->size = size;
	st->off[idx] = off + size;
	return 0;
drop:
	st->drops++;
	return 1;
}

static __always_inline int fire(__u32 ep)
{
	const volatile struct spt_eprobe *p;
	struct spt_cpu *st;
	__u32 cpu, first, n, i;

	st = cpu_state(&cpu);
	if (!st)
		return 0;
	p = &spt_eprobes[ep & (SPT_MAX_EPROBES - 1)];
	first = p->first;
	n = p->count;
	if (st->busy) {
		/* We interrupted a writer on this CPU: its record must stay whole. */
		if (spt_gate) {
			st->nested += n;
			st->drops += n;
		}
		return 0;
	}
	/*
	 * Busy before the gate is read: once the consumer closed the gate and
	 * then switched this CPU, no record can land in the new buffer.
	 */
	st->busy = 1;
	barrier();
	if (!spt_gate)
		goto out;
	for (i = 0; i < SPT_MAX_ECB_PER_PROBE && i < n; i++) {
		const volatile struct spt_ecb *e = &spt_ecbs[(first + i) & (SPT_MAX_ECBS - 1)];

		emit(st, cpu, e->epid, e->size);
	}
out:
	barrier();
	st->busy = 0;
	return 0;
}

static __always_inline int in_compat_syscall(void)
{
	struct task_struct *t = bpf_get_current_task_btf();

	return BPF_CORE_READ(t, thread_info.status) & SPT_TS_COMPAT;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(spt_sys_enter, struct pt_regs *regs, long id)
{
	__u32 ep;

	if ((__u64)id >= SPT_NSYSCALLS)
		return 0;
	ep = spt_sys_eprobe[SPT_SYS_ENTRY][id];
	if (!ep || in_compat_syscall())
		return 0;
	return fire(ep);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(spt_sys_exit, struct pt_regs *regs, long ret)
{
	__u64 id = BPF_CORE_READ(regs, orig_ax);
	__u32 ep;

	if (id >= SPT_NSYSCALLS)
		return 0;
	ep = spt_sys_eprobe[SPT_SYS_RETURN][id];
	if (!ep || in_compat_syscall())
		return 0;
	return fire(ep);
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
	if (st->busy)
		return SPT_SWITCH_BUSY;
	next = (st->active & 1) ^ 1;
	st->off[next] = 0;
	barrier();
	st->active = next;
	st->switches++;
	return SPT_SWITCH_DONE;
}
