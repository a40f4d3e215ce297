/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The KTR test logger: a raw_tp program that tests/ktr_drive runs with
 * BPF_PROG_TEST_RUN on a chosen CPU, so the events of a test are exactly
 * the ones it asked for, on the CPU it asked for, in the order it asked.
 *
 * Invariant: one run logs spt_ktrt_count events of class spt_ktrt_cls from
 * one variant; nothing else in this object logs.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "ktr.bpf.h"

char LICENSE[] SEC("license") = "Dual BSD/GPL";

/* Set by the driver before each run. */
volatile __u32 spt_ktrt_count;
volatile __u32 spt_ktrt_cls;
volatile __u32 spt_ktrt_variant;
volatile __u64 spt_ktrt_base;

#define KTRT_SEQUENCE 0	   /* "seq N base+N": N = 0..count-1 */
#define KTRT_CONVERSIONS 1 /* one event per printf conversion the dump knows */

static void log_conversions(__u32 cls)
{
	CTR1(cls, "d=%d", -42);
	CTR2(cls, "i=%i u=%u", 42, 4294967295U);
	CTR2(cls, "x=%x X=%X", 0xbeef, 0xbeef);
	CTR1(cls, "o=%o", 8);
	CTR2(cls, "c=%c%c", 'K', 'T');
	CTR1(cls, "p=%p", 0xffff888012345678ULL);
	CTR0(cls, "percent=%%");
	CTR2(cls, "ld=%ld lld=%lld", -1L, -9000000000LL);
	CTR3(cls, "lu=%lu llx=%llx hhd=%hhd", 18446744073709551615ULL, 0x123456789abcULL, 0x1ff);
	CTR3(cls, "w=[%5d] [%-5d] [%05d]", 42, 42, 42);
	CTR4(cls, "f=[%+d] [% d] [%#x] [%#o]", 7, 7, 255, 8);
	CTR2(cls, "prec=[%.3d] [%8.3x]", 5, 0xa);
	CTR1(cls, "s=%s", 0x1234);
	CTR5(cls, "five %d %d %d %d %d", 1, 2, 3, 4, 5);
}

static long log_one(__u64 i, void *ctx)
{
	CTR2(spt_ktrt_cls, "seq %llu base+n %llu", i, spt_ktrt_base + i);
	return 0;
}

SEC("raw_tp")
int spt_ktr_test(void *ctx)
{
	if (spt_ktrt_variant == KTRT_CONVERSIONS)
		log_conversions(spt_ktrt_cls);
	else
		bpf_loop(spt_ktrt_count, log_one, NULL, 0);
	return 0;
}
