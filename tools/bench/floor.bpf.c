// SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
/*
 * The floor of the benchmark harness (tools/bench/run, scenario 12): empty
 * programs on the attach points the tracers use, so that each scenario's
 * table shows what attaching alone costs. Built at benchmark time.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/* spectrace's raw attach (every syscall enters it) */
SEC("tp_btf/sys_enter")
int floor_raw(__u64 *ctx)
{
	return 0;
}

/* a per-syscall tracepoint, attached by the loader to the one it names */
SEC("tracepoint")
int floor_tp(void *ctx)
{
	return 0;
}
