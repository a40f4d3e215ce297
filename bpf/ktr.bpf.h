/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * KTR for BPF programs: CTR0(class, fmt) .. CTR5(class, fmt, a1, .., a5)
 * log an event into the calling CPU's circular buffer when CLASS has a bit
 * in ktr_mask and the CPU is in ktr_cpumask. An event keeps its timestamp,
 * CPU (the buffer region it is in), class, a reference to its format and
 * up to five integer arguments; nothing is formatted in the kernel.
 * `spectrace ktrdump` prints the events of all CPUs merged by time, also
 * after the logging programs are gone.
 *
 * Format by reference. Each call site owns a static struct spt_ktr_site
 * (format, file, line, argument count, id) in the section ".data.spt_ktr_sites".
 * Before the program is loaded, its loader (spt_ktr_join(), bpf/ktr_user.h)
 * hashes each site's 256 format bytes into an id, inserts the format into
 * the pinned hash map spt_ktr_fmt under that id with BPF_NOEXIST (probing
 * the next ids if the id holds a different format) and writes the id into
 * the site; the program only reads it. Every id in a buffer therefore
 * resolves, post-mortem too, to the format that was logged with it. Ids
 * are content hashes, so reloading a program reuses its entries and
 * separately compiled programs share one table without coordination; an
 * id is never rebound until the pins are removed (`spectrace ktrdump
 * --clear`).
 *
 * Cost: a CTR whose class is masked off loads spt_ktr_ctl.mask (a global,
 * one load) and branches; arguments are evaluated only when it logs. An
 * enabled CTR calls spt_ktr_log(), a global function taking everything in
 * registers (CTR5: spt_ktr_log5(), five arguments on the stack): two
 * helpers (CPU id, clock), an atomic add, an array lookup and nine stores.
 *
 * Limits: the format is a string literal of at most SPT_KTR_FMT_LEN - 1
 * characters, checked at compile time; arguments are integers (cast to 64
 * bits): a pointer, even cast, is refused by older verifiers (Linux 6.1)
 * as an argument of a global function, and %s could not be resolved later
 * anyway (the dump prints the value). Conversions the dump knows: d i u x X o c p %, with flags
 * "-+ #0", width, precision and length modifiers hh h l ll j z t.
 *
 * Using it in your own libbpf program:
 *   1. #include "ktr.bpf.h" (it needs bpf/abi/ktr.h beside it) in one
 *      translation unit of the BPF object, after vmlinux.h and
 *      <bpf/bpf_helpers.h>; log with CTRn(SPT_KTR_USER(0), "x %d", x).
 *      It defines the maps spt_ktr_buf and spt_ktr_fmt and the global
 *      spt_ktr_ctl (section ".data.spt_ktr").
 *   2. Create the pins once: `spectrace ktrdump --set ktr_mask=USER0`.
 *   3. In the loader, between open and load, join the pins:
 *        #include "ktr_user.h"
 *        err = spt_ktr_join(obj, NULL);
 *      (NULL: $SPECTRACE_KTR_DIR if set, else /sys/fs/bpf/spectrace)
 *   4. `spectrace ktrdump` shows your events with spectrace's.
 * A program that does not join keeps private maps with an empty mask: its
 * CTRs cost the load and branch and log nothing.
 */
#ifndef SPT_KTR_BPF_H
#define SPT_KTR_BPF_H

#include "abi/ktr.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(map_flags, BPF_F_MMAPABLE);
	__type(key, __u32);
	__type(value, struct spt_ktr_entry);
	__uint(max_entries, 1); /* the pinned map replaces this one */
} spt_ktr_buf SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, struct spt_ktr_fmt);
	__uint(max_entries, 1); /* the pinned map replaces this one */
} spt_ktr_fmt SEC(".maps");

/*
 * A global, not a map lookup, so the masked-off test is one load. Zero
 * until joined to the pins: nothing is logged.
 */
struct spt_ktr_ctl spt_ktr_ctl SEC(SPT_KTR_CTL_SEC) = { .abi = SPT_KTR_ABI_VERSION };

#ifndef SPT_KTR_FILE
#ifdef __FILE_NAME__
#define SPT_KTR_FILE __FILE_NAME__
#else
#define SPT_KTR_FILE __FILE__
#endif
#endif

/* CTR5's arguments, one object so that spt_ktr_log5() may read all five. */
struct spt_ktr_args {
	__u64 a[SPT_KTR_NARGS];
};

#define SPT_KTR_ONCE(x) (*(volatile __typeof__(x) *)&(x))

/*
 * The enabled path of a CTR: check the CPU, reserve the next slot of this
 * CPU and publish the event. The slot is reserved with an atomic add so
 * that a program interrupting this one on the same CPU (an NMI) takes the
 * next slot instead of ours.
 */
static __always_inline int spt_ktr_put(__u64 clsid, __u64 a1, __u64 a2, __u64 a3, __u64 a4,
				       __u64 a5)
{
	struct spt_ktr_entry *e;
	__u32 id = (__u32)clsid;
	__u64 ts, seq, cap, n;
	__u32 cpu, key;

	cpu = bpf_get_smp_processor_id();
	if (cpu >= SPT_KTR_MAX_CPUS)
		return 0;
	if (!(SPT_KTR_ONCE(spt_ktr_ctl.cpumask[cpu / 64]) & (1ULL << (cpu % 64))))
		return 0;
	cap = spt_ktr_ctl.capacity;
	n = SPT_KTR_ONCE(spt_ktr_ctl.entries);
	if (!n || n > cap)
		n = cap;
	if (!n || cpu >= spt_ktr_ctl.ncpus)
		return 0;
	if (!id)
		__sync_fetch_and_add(&spt_ktr_ctl.fmt_lost, 1);
	ts = bpf_ktime_get_ns();
	seq = __sync_fetch_and_add(&spt_ktr_ctl.cpu[cpu].head, 1) + 1;
	key = (__u32)(cpu * cap + (seq - 1) % n);
	e = bpf_map_lookup_elem(&spt_ktr_buf, &key);
	if (!e)
		return 0;
	/* Unpublish, fill, publish: readers check seq before and after. */
	SPT_KTR_ONCE(e->seq) = 0;
	barrier();
	e->ts = ts;
	e->fmt = id;
	e->cls = (__u32)(clsid >> 32);
	e->args[0] = a1;
	e->args[1] = a2;
	e->args[2] = a3;
	e->args[3] = a4;
	e->args[4] = a5;
	barrier();
	SPT_KTR_ONCE(e->seq) = seq;
	return 1;
}

/*
 * Global functions, so the verifier checks them once per program and not
 * once per call site. CTR0..CTR4 pass everything in registers and use no
 * stack of their caller: every frame of a call chain counts towards its
 * 512 bytes. CLSID is the class << 32 | the site's format id.
 */
__noinline __attribute__((unused)) int spt_ktr_log(__u64 clsid, __u64 a1, __u64 a2, __u64 a3,
						   __u64 a4)
{
	return spt_ktr_put(clsid, a1, a2, a3, a4, 0);
}

__noinline __attribute__((unused)) int spt_ktr_log5(__u64 clsid, const struct spt_ktr_args *args)
{
	if (!args)
		return 0;
	return spt_ktr_put(clsid, args->a[0], args->a[1], args->a[2], args->a[3], args->a[4]);
}

#define ___SPT_CTR_SITE(n, fmtstr)                                           \
	static struct spt_ktr_site ___spt_site SEC(SPT_KTR_SITES_SEC) = {		\
		.f = {									\
			.line = __LINE__,						\
			.nargs = (n),							\
			.file = SPT_KTR_FILE,						\
			.fmt = fmtstr,							\
		},									\
		.magic = SPT_KTR_SITE_MAGIC,						\
	}; \
	_Static_assert(sizeof(fmtstr) <= SPT_KTR_FMT_LEN,                    \
		       "KTR format longer than SPT_KTR_FMT_LEN - 1");        \
	_Static_assert(sizeof(SPT_KTR_FILE) <= SPT_KTR_FILE_LEN,             \
		       "KTR file name too long: define SPT_KTR_FILE");       \
	__u64 ___spt_clsid = (__u64)___spt_cls << 32 | SPT_KTR_ONCE(___spt_site.id)

#define ___SPT_CTR(cls, n, fmtstr, a1, a2, a3, a4)                                       \
	do {                                                                             \
		__u32 ___spt_cls = (cls);                                                \
		if (SPT_KTR_ONCE(spt_ktr_ctl.mask) & ___spt_cls) {                       \
			___SPT_CTR_SITE(n, fmtstr);                                      \
			spt_ktr_log(___spt_clsid, (__u64)(a1), (__u64)(a2), (__u64)(a3), \
				    (__u64)(a4));                                        \
		}                                                                        \
	} while (0)

#define CTR0(cls, fmt) ___SPT_CTR(cls, 0, fmt, 0, 0, 0, 0)
#define CTR1(cls, fmt, a1) ___SPT_CTR(cls, 1, fmt, a1, 0, 0, 0)
#define CTR2(cls, fmt, a1, a2) ___SPT_CTR(cls, 2, fmt, a1, a2, 0, 0)
#define CTR3(cls, fmt, a1, a2, a3) ___SPT_CTR(cls, 3, fmt, a1, a2, a3, 0)
#define CTR4(cls, fmt, a1, a2, a3, a4) ___SPT_CTR(cls, 4, fmt, a1, a2, a3, a4)
/* Five arguments do not fit in registers beside the class and id: on the stack. */
#define CTR5(cls, fmt, a1, a2, a3, a4, a5)                         \
	do {                                                       \
		__u32 ___spt_cls = (cls);                          \
		if (SPT_KTR_ONCE(spt_ktr_ctl.mask) & ___spt_cls) { \
			___SPT_CTR_SITE(5, fmt);                   \
			struct spt_ktr_args ___spt_a = { {         \
				(__u64)(a1),                       \
				(__u64)(a2),                       \
				(__u64)(a3),                       \
				(__u64)(a4),                       \
				(__u64)(a5),                       \
			} };                                       \
			spt_ktr_log5(___spt_clsid, &___spt_a);     \
		}                                                  \
	} while (0)

#endif /* SPT_KTR_BPF_H */
