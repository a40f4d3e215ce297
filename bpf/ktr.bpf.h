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
 * Format by reference. Each call site owns a static const struct
 * spt_ktr_fmt in .rodata (format, file, line, argument count) and a static
 * __u32 id in .bss. The first time a site logs, spt_ktr_register() hashes
 * its 256 bytes into an id and inserts them into the pinned hash map
 * spt_ktr_fmt under that id with BPF_NOEXIST; if the id is taken by a
 * different format it probes the next ids. The event is written only after
 * the format is in the map, so every id in a buffer resolves, post-mortem
 * too, to the format that was logged with it. Ids are content hashes, so
 * reloading a program reuses its entries and separately compiled programs
 * share one table without coordination; an id is never rebound until the
 * pins are removed (`spectrace ktrdump --clear`).
 *
 * Cost: a CTR whose class is masked off loads spt_ktr_ctl.mask (a global,
 * one load) and branches; arguments are evaluated only when it logs. An
 * enabled CTR calls spt_ktr_log(): two helpers (CPU id, clock), an atomic
 * add, an array lookup and nine stores.
 *
 * Limits: the format is a string literal of at most SPT_KTR_FMT_LEN - 1
 * characters, checked at compile time; arguments are integers or pointers
 * (cast to 64 bits); %s cannot be resolved later, so the dump prints the
 * pointer. Conversions the dump knows: d i u x X o c p %, with flags
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
	__uint(max_entries, 1);	/* the pinned map replaces this one */
} spt_ktr_buf SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, struct spt_ktr_fmt);
	__uint(max_entries, 1);	/* the pinned map replaces this one */
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

#define SPT_KTR_ONCE(x) (*(volatile __typeof__(x) *)&(x))

/*
 * spt_ktr_same() and spt_ktr_register() are inlined into spt_ktr_log():
 * older verifiers (Linux 6.1) round every frame of a call chain up to 32
 * bytes against the chain's 512-byte stack, and spectrace's deepest chain
 * (a probe, spt_fire_error, spt_run_ecb, spt_ktr_log) has no room for two
 * more frames there.
 */

/* The same 256 bytes twice? Formats are compared on an id collision. */
static __always_inline __attribute__((unused)) int spt_ktr_same(const struct spt_ktr_fmt *a,
							   const struct spt_ktr_fmt *b)
{
	const __u64 *x = (const __u64 *)a, *y = (const __u64 *)b;
	int i;

	for (i = 0; i < (int)(sizeof(*a) / 8); i++)
		if (x[i] != y[i])
			return 0;
	return 1;
}

/*
 * Give SITE an id in spt_ktr_fmt, inserting it if needed. Returns the id,
 * or 0 when the table is full (the event is then logged without format).
 */
static __always_inline __attribute__((unused)) __u32 spt_ktr_register(const struct spt_ktr_fmt *site)
{
	const __u64 *w = (const __u64 *)site;
	const struct spt_ktr_fmt *old;
	__u64 h = 0x6a09e667f3bcc909ULL;
	__u32 id;
	int i;

	for (i = 0; i < (int)(sizeof(*site) / 8); i++) {
		h ^= w[i];
		h *= 0x100000001b3ULL;
		h ^= h >> 29;
	}
	id = (__u32)(h ^ (h >> 32));
	for (i = 0; i < 8; i++, id++) {
		if (!id)
			id = 1;	/* 0 means "no format" */
		if (!bpf_map_update_elem(&spt_ktr_fmt, &id, site, BPF_NOEXIST))
			return id;
		old = bpf_map_lookup_elem(&spt_ktr_fmt, &id);
		if (old && spt_ktr_same(old, site))
			return id;
	}
	return 0;
}

/*
 * The enabled path of a CTR: check the CPU, make sure the format is
 * registered, reserve the next slot of this CPU and publish the event.
 * The slot is reserved with an atomic add so that a program interrupting
 * this one on the same CPU (an NMI) takes the next slot instead of ours.
 */
static __noinline __attribute__((unused)) int spt_ktr_log(__u32 cls, const struct spt_ktr_fmt *site,
							  __u32 *idp, const __u64 *args)
{
	struct spt_ktr_entry *e;
	__u64 ts, seq, cap, n;
	__u32 cpu, key, id;

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
	id = SPT_KTR_ONCE(*idp);
	if (!id) {
		id = spt_ktr_register(site);
		if (id)
			SPT_KTR_ONCE(*idp) = id;
		else
			__sync_fetch_and_add(&spt_ktr_ctl.fmt_lost, 1);
	}
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
	e->cls = cls;
	e->args[0] = args[0];
	e->args[1] = args[1];
	e->args[2] = args[2];
	e->args[3] = args[3];
	e->args[4] = args[4];
	barrier();
	SPT_KTR_ONCE(e->seq) = seq;
	return 1;
}

#define ___SPT_CTR(cls, n, fmtstr, a1, a2, a3, a4, a5)					\
	do {										\
		__u32 ___spt_cls = (cls);						\
		if (SPT_KTR_ONCE(spt_ktr_ctl.mask) & ___spt_cls) {			\
			static const struct spt_ktr_fmt ___spt_site = {			\
				.line = __LINE__,					\
				.nargs = (n),						\
				.file = SPT_KTR_FILE,					\
				.fmt = fmtstr,						\
			};								\
			static __u32 ___spt_id;						\
			__u64 ___spt_a[SPT_KTR_NARGS] = {				\
				(__u64)(a1), (__u64)(a2), (__u64)(a3),			\
				(__u64)(a4), (__u64)(a5),				\
			};								\
			_Static_assert(sizeof(fmtstr) <= SPT_KTR_FMT_LEN,		\
				       "KTR format longer than SPT_KTR_FMT_LEN - 1");	\
			_Static_assert(sizeof(SPT_KTR_FILE) <= SPT_KTR_FILE_LEN,	\
				       "KTR file name too long: define SPT_KTR_FILE");	\
			spt_ktr_log(___spt_cls, &___spt_site, &___spt_id, ___spt_a);	\
		}									\
	} while (0)

#define CTR0(cls, fmt) ___SPT_CTR(cls, 0, fmt, 0, 0, 0, 0, 0)
#define CTR1(cls, fmt, a1) ___SPT_CTR(cls, 1, fmt, a1, 0, 0, 0, 0)
#define CTR2(cls, fmt, a1, a2) ___SPT_CTR(cls, 2, fmt, a1, a2, 0, 0, 0)
#define CTR3(cls, fmt, a1, a2, a3) ___SPT_CTR(cls, 3, fmt, a1, a2, a3, 0, 0)
#define CTR4(cls, fmt, a1, a2, a3, a4) ___SPT_CTR(cls, 4, fmt, a1, a2, a3, a4, 0)
#define CTR5(cls, fmt, a1, a2, a3, a4, a5) ___SPT_CTR(cls, 5, fmt, a1, a2, a3, a4, a5)

#endif /* SPT_KTR_BPF_H */
