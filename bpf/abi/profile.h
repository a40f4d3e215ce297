/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The profile provider's kernel<->user contract.
 *
 * profile-N: a per-CPU perf event (software cpu-clock, sample_period N ns)
 * per probe and CPU, each with the spt_profile program attached and the
 * probe's enabled-probe index as bpf_cookie.
 *
 * tick-N: one BPF timer per probe in spt_tick_tm, whose callback fires
 * the probe and re-arms itself for the next multiple of the period. The
 * consumer starts and stops the timers through spt_tick_ctl (a
 * tp_btf/task_rename program that acts only for spectrace's own process):
 * it writes spt_tick_cmd in .bss, then renames itself to its own name.
 *
 * Included after vmlinux.h or <linux/types.h>; fixed-width types only.
 */
#ifndef SPT_ABI_PROFILE_H
#define SPT_ABI_PROFILE_H

#define SPT_MAX_TICKS 64    /* tick-N probes one enabling may use */
#define SPT_MAX_PROFILES 64 /* profile-N probes one enabling may use */

/* spt_ticks[i] (.rodata): the tick probe of timer i. */
struct spt_tick {
	__u64 period; /* ns; writer: loader */
	__u32 ep;     /* enabled-probe index; writer: loader */
	__u32 pad;
};
_Static_assert(sizeof(struct spt_tick) == 16, "tick layout");

/* spt_tick_cmd (.bss), written by the consumer before it triggers spt_tick_ctl. */
#define SPT_TICK_ARM 1
#define SPT_TICK_STOP 2

#endif /* SPT_ABI_PROFILE_H */
