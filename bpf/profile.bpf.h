/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The profile provider's programs, included at the end of spectrace.bpf.c
 * (they fire probes through its fire()). See bpf/abi/profile.h.
 */
#ifndef SPT_PROFILE_BPF_H
#define SPT_PROFILE_BPF_H

#include "abi/profile.h"

#define SPT_CLOCK_MONOTONIC 1 /* the clock of bpf_ktime_get_ns() */

const volatile struct spt_tick spt_ticks[SPT_MAX_TICKS];
const volatile __u32 spt_nticks;
const volatile __u32 spt_tick_tgid; /* spectrace's own process */
volatile __u32 spt_tick_cmd;	    /* SPT_TICK_*, 0 once done */
volatile __u32 spt_tick_stopped;    /* callbacks no longer re-arm */
__u32 spt_tick_armed;		    /* timers started by the last ARM */

struct spt_tick_timer {
	struct bpf_timer t;
	__u64 next;   /* deadline of the next firing, bpf_ktime_get_ns() clock */
	__u64 period; /* copies of spt_ticks[i], so the callback keeps no index */
	__u32 ep;
	__u32 pad;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, SPT_MAX_TICKS);
	__type(key, __u32);
	__type(value, struct spt_tick_timer);
} spt_tick_tm SEC(".maps");

/*
 * A tick clause faulted: the fault record spt_fire_error() writes (the
 * consumer prints dtrace's message; spt_run_ecb() counted the error), but
 * without running the ERROR clauses. A global function (a static one hit
 * a verifier bug in the other programs), off the callback's
 * deepest chain.
 */
__noinline int spt_tick_fault(__u32 cpu)
{
	struct spt_scratch *s;
	__u32 zero = 0, act;
	__u64 rec[4];

	s = bpf_map_lookup_elem(&spt_scratch, &zero);
	if (!s || cpu >= SPT_MAX_CPUS)
		return 0;
	act = s->env.flt_act;
	rec[0] = 0;
	rec[1] = (__u64)s->env.flt_epid | (__u64)(act >> 16) << 32;
	rec[2] = (__u64)((act & 0xffff) * sizeof(struct spt_insn)) | (__u64)s->vm.fault << 32;
	rec[3] = s->vm.fault_val;
	return emit(&spt_cpus[cpu], cpu, SPT_EPID_FAULT, sizeof(rec), (const __u8 *)rec);
}

/*
 * fire() for the timer callback: the same protocol (busy before the gate,
 * nested firings counted as drops, exit() closes the gate). A timer
 * callback is verified as its own root without the BPF private stack, so
 * all its frames count towards 512 bytes: spt_fire_error -> spt_run_ecb
 * -> spt_spec_ops alone take 512, hence spt_tick_fault() instead of
 * spt_fire_error() (ERROR clauses do not run for faults in tick clauses),
 * and no KTR dispatch log here.
 */
static __always_inline int tick_fire(__u32 ep)
{
	const volatile struct spt_eprobe *p = &spt_eprobes[ep & (SPT_MAX_EPROBES - 1)];
	__u32 cpu = bpf_get_smp_processor_id(), first = p->first, n = p->count, i, zero = 0;
	struct spt_scratch *s;
	struct spt_cpu *st;

	if (cpu >= SPT_MAX_CPUS)
		return 0;
	st = &spt_cpus[cpu];
	if (st->busy) {
		if (spt_gate) {
			st->nested += n;
			st->drops += n;
		}
		return 0;
	}
	st->busy = 1;
	barrier();
	if (!spt_gate)
		goto out;
	if (p->vm || spt_temporal) {
		s = bpf_map_lookup_elem(&spt_scratch, &zero);
		if (!s)
			goto out;
		vm_inputs(s, NULL, 0, 0, 0);
	}
	for (i = 0; i < SPT_MAX_ECB_PER_PROBE && i < n; i++) {
		if (spt_run_ecb(first + i, cpu, 0) == SPT_RUN_FAULT)
			spt_tick_fault(cpu);
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

/*
 * A tick timer expired (softirq, on whatever CPU the timer runs on): arm
 * it for the next multiple of the period after the deadline, so the
 * firings do not drift (deadlines missed are skipped, as a late cyclic
 * would), then run the probe's clauses. No registers here: arg0 and arg1
 * are 0.
 */
static int spt_tick_cb(void *map, __u32 *key, struct spt_tick_timer *v)
{
	__u64 now, next;

	if (spt_tick_stopped || !v->period)
		return 0;
	now = bpf_ktime_get_ns();
	next = v->next + v->period;
	if (next <= now)
		next += ((now - next) / v->period + 1) * v->period;
	v->next = next;
	bpf_timer_start(&v->t, next - now, 0);
	return tick_fire(v->ep);
}

/*
 * Start (SPT_TICK_ARM) or cancel (SPT_TICK_STOP) every tick timer. Runs
 * when a task renames itself; acts only in spectrace's own process, when
 * the consumer asked. A tracing program, since raw_tp programs may not
 * use timers; the callback then has the helpers fire() needs.
 */
SEC("tp_btf/task_rename")
int BPF_PROG(spt_tick_ctl)
{
	__u32 i, k, cmd = spt_tick_cmd, armed = 0;
	struct spt_tick_timer *v;

	if (!cmd || (bpf_get_current_pid_tgid() >> 32) != spt_tick_tgid)
		return 0;
	spt_tick_stopped = cmd == SPT_TICK_STOP;
	for (i = 0; i < SPT_MAX_TICKS && i < spt_nticks; i++) {
		k = i;
		v = bpf_map_lookup_elem(&spt_tick_tm, &k);
		if (!v)
			continue;
		if (cmd == SPT_TICK_STOP) {
			bpf_timer_cancel(&v->t);
			continue;
		}
		bpf_timer_init(&v->t, &spt_tick_tm, SPT_CLOCK_MONOTONIC);
		bpf_timer_set_callback(&v->t, spt_tick_cb);
		v->period = spt_ticks[i].period;
		v->ep = spt_ticks[i].ep;
		v->next = bpf_ktime_get_ns() + v->period;
		if (!bpf_timer_start(&v->t, spt_ticks[i].period, 0))
			armed++;
	}
	spt_tick_armed = armed;
	spt_tick_cmd = 0;
	return 0;
}

/*
 * profile-N: the CPU's cpu-clock perf event overflowed; the cookie is the
 * enabled probe. arg0 is the kernel PC and arg1 the user PC of the
 * interrupted context, the other one 0, as in DTrace.
 */
SEC("perf_event")
int spt_profile(struct bpf_perf_event_data *ctx)
{
	/*
	 * The context is UAPI (struct bpf_perf_event_data, its regs x86_64's
	 * struct pt_regs of unsigned longs: ip is word 16, cs word 17): read
	 * by offset, without CO-RE, whose idea of cs differs between kernels
	 * (a u16 in a union on 6.18, a word in the UAPI layout).
	 */
	const __u64 *w = (const __u64 *)ctx;
	__u64 ip = w[16];
	__u64 cs = w[17];

	/* arg0: the kernel PC, arg1: the user PC, the other one 0 */
	return fire((__u32)bpf_get_attach_cookie(ctx), NULL, cs & 3 ? 0 : ip, cs & 3 ? ip : 0, 0,
		    0);
}

#endif /* SPT_PROFILE_BPF_H */
