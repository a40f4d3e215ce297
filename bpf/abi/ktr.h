/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The kernel<->user contract of the KTR flight recorder (FreeBSD's KTR(9)
 * with per-CPU buffers).
 *
 * Included by BPF code (after vmlinux.h) and by userspace (after
 * <linux/types.h>); it includes nothing itself and uses only fixed-width
 * types. Three maps, pinned under bpffs (default /sys/fs/bpf/spectrace/):
 *
 *   spt_ktr_ctl  array, 1 entry of struct spt_ktr_ctl, mmapable; every
 *                logging object uses it as its ".data.spt_ktr" global, so a
 *                CTR whose class is masked off costs one load and a branch
 *   spt_ktr_buf  array, mmapable, ncpus * capacity entries of struct
 *                spt_ktr_entry: CPU c owns entries [c * capacity, (c + 1) *
 *                capacity) and writes slot (seq - 1) % entries of it
 *   spt_ktr_fmt  hash, format id -> struct spt_ktr_fmt: the formats that
 *                events refer to, registered by the logging program itself
 *                the first time a call site logs
 *
 * An entry is published by its sequence number: the writer zeroes seq,
 * writes the other members, then stores seq (x86-TSO keeps the stores in
 * that order). A reader copies an entry between two reads of seq and keeps
 * it only when both reads give the sequence number it expects, so a dump
 * never shows a torn event.
 */
#ifndef SPT_ABI_KTR_H
#define SPT_ABI_KTR_H

/* Bumped on any change of the layouts below; readers refuse other versions. */
#define SPT_KTR_ABI_VERSION 1

#define SPT_KTR_MAX_CPUS 256	     /* ktr_cpumask bits, struct spt_ktr_ctl.cpu[] length */
#define SPT_KTR_NARGS 5		     /* arguments of CTR5 */
#define SPT_KTR_DEFAULT_ENTRIES 1024 /* ktr_entries when not set, per CPU */
#define SPT_KTR_MAX_ENTRIES 65536    /* largest ktr_entries per CPU */
#define SPT_KTR_MAX_FMTS 1024	     /* distinct formats the pinned table holds */
#define SPT_KTR_FMT_LEN 192	     /* format string with its NUL */
#define SPT_KTR_FILE_LEN 56	     /* source file base name with its NUL */

/*
 * Event classes (ktr_mask bits), named as FreeBSD's KTR_* are. The low
 * half is spectrace's own machinery; the high half is free for other
 * programs that log with bpf/ktr.bpf.h (SPT_KTR_USER(0) .. SPT_KTR_USER(15)).
 */
#define SPT_KTR_GEN 0x00000001U	     /* general */
#define SPT_KTR_DISPATCH 0x00000002U /* probe dispatch: a probe fired */
#define SPT_KTR_BUF 0x00000004U	     /* principal buffers: switches, fills, wraps */
#define SPT_KTR_DROP 0x00000008U     /* records dropped, nested firings */
#define SPT_KTR_SPEC 0x00000010U     /* speculation slot transitions */
#define SPT_KTR_CLEAN 0x00000020U    /* cleaner passes */
#define SPT_KTR_FAULT 0x00000040U    /* D VM faults */
#define SPT_KTR_AGG 0x00000080U	     /* aggregation buffers */
#define SPT_KTR_TEST 0x00008000U     /* spectrace's own KTR tests */
#define SPT_KTR_USER(n) (0x00010000U << ((n)&15))
#define SPT_KTR_ALL 0xffffffffU

/* One logged event, 64 bytes, in its CPU's region of spt_ktr_buf. */
struct spt_ktr_entry {
	__u64 seq;		   /* 1-based event number on this CPU, stored last; 0 while
			 * being written or never written; writer: CTR; reader: dump */
	__u64 ts;		   /* bpf_ktime_get_ns() (CLOCK_MONOTONIC, ns) when logged */
	__u32 fmt;		   /* format id, key of spt_ktr_fmt; 0: format not recorded
			 * (the table was full) */
	__u32 cls;		   /* class bits the CTR call passed */
	__u64 args[SPT_KTR_NARGS]; /* arguments, cast to 64 bits; unused ones 0 */
};
_Static_assert(sizeof(struct spt_ktr_entry) == 64, "a KTR entry is one cache line");

/*
 * A call site's format, value of spt_ktr_fmt. Written once per id by the
 * loader of a logging program (BPF_NOEXIST), never changed afterwards: an id names one
 * format until the pins are removed. The id is a hash of these 256 bytes,
 * so loading the same program again finds its formats already there.
 */
struct spt_ktr_fmt {
	__u32 line;		     /* __LINE__ of the CTR call */
	__u32 nargs;		     /* arguments the call passes, 0..SPT_KTR_NARGS */
	char file[SPT_KTR_FILE_LEN]; /* source file base name, NUL-padded */
	char fmt[SPT_KTR_FMT_LEN];   /* printf-style format, NUL-padded */
};
_Static_assert(sizeof(struct spt_ktr_fmt) == 256, "a KTR format is 256 bytes");

/*
 * A CTR call site: its format and the id the loader gave it. Sites live in
 * their own section (SPT_KTR_SITES_SEC) of the logging object; the loader
 * (spt_ktr_join / spt_ktr_pins_give) registers each format in spt_ktr_fmt
 * before the object is loaded and writes the id in, so the program itself
 * never registers anything.
 */
struct spt_ktr_site {
	struct spt_ktr_fmt f;
	__u32 id;    /* key of f in spt_ktr_fmt; 0: not registered (the table
			 * was full, or the object did not join the pins) */
	__u32 magic; /* SPT_KTR_SITE_MAGIC */
};
_Static_assert(sizeof(struct spt_ktr_site) == 264, "sites are packed in their section");
#define SPT_KTR_SITE_MAGIC 0x6b747273U /* "srtk" */

/* Per-CPU write position, one cache line each. */
struct spt_ktr_cpu {
	__u64 head; /* events logged on this CPU so far = seq of the newest;
			 * writer: CTR on this CPU (atomic add); reader: dump */
	__u64 pad[7];
};
_Static_assert(sizeof(struct spt_ktr_cpu) == 64, "one cache line per CPU");

/*
 * Settings and write positions, the single value of spt_ktr_ctl. The
 * settings (mask, cpumask, entries) are read by every CTR and written by
 * spectrace at any time, so they change without reloading anything.
 */
struct spt_ktr_ctl {
	__u32 abi;	  /* SPT_KTR_ABI_VERSION; writer: creator; reader: all */
	__u32 entry_size; /* sizeof(struct spt_ktr_entry); writer: creator */
	__u32 fmt_size;	  /* sizeof(struct spt_ktr_fmt); writer: creator */
	__u32 ncpus;	  /* CPU regions in spt_ktr_buf; writer: creator */
	__u32 capacity;	  /* slots per CPU region; writer: creator */
	__u32 entries;	  /* ktr_entries: slots in use per CPU, 1..capacity; writer:
			 * spectrace; reader: CTR, dump */
	__u32 mask;	  /* ktr_mask: classes logged; writer: spectrace; reader: CTR */
	__u32 verbose;	  /* ktr_verbose: non-zero echoes events on the consumer's
			 * stderr; writer: spectrace; reader: consumer */
	__u64 cpumask[SPT_KTR_MAX_CPUS / 64]; /* ktr_cpumask: CPUs that log;
						 * writer: spectrace; reader: CTR */
	__u64 fmt_lost;			      /* events logged without a format (the table was full
			 * when the loader registered the site); writer: CTR
			 * (atomic); reader: dump */
	__u64 pad[7];
	struct spt_ktr_cpu cpu[SPT_KTR_MAX_CPUS]; /* write positions */
};
_Static_assert(sizeof(struct spt_ktr_ctl) == 128 + 64 * SPT_KTR_MAX_CPUS,
	       "settings take two cache lines, then one line per CPU");

/* Names of the pinned maps, also their file names in the pin directory. */
#define SPT_KTR_CTL_NAME "spt_ktr_ctl"
#define SPT_KTR_BUF_NAME "spt_ktr_buf"
#define SPT_KTR_FMT_NAME "spt_ktr_fmt"
/* Section of struct spt_ktr_ctl in a logging object (libbpf's map name). */
#define SPT_KTR_CTL_SEC ".data.spt_ktr"
/* Section of the call sites (struct spt_ktr_site) in a logging object. */
#define SPT_KTR_SITES_SEC ".data.spt_ktr_sites"
#define SPT_KTR_PIN_DIR "/sys/fs/bpf/spectrace"

#endif /* SPT_ABI_KTR_H */
