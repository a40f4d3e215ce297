/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The KTR flight recorder, user side: the pinned maps (create, check,
 * reuse, remove), its run-time settings, reading the per-CPU buffers
 * without torn events, merging them by time, and the ktr_verbose echo.
 */
#ifndef SPT_KTR_H
#define SPT_KTR_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/types.h>

#include "abi/ktr.h"
#include "ktr_opt.h"
#include "ktr_user.h"

struct bpf_object;

/* A zeroed struct ktr is closed: ktr_close() on it does nothing. */
struct ktr {
	int active; /* pins open */
	struct spt_ktr_pins pins;
	struct spt_ktr_ctl *ctl; /* mmap of the control map */
	size_t ctl_len;
	const struct spt_ktr_entry *buf; /* read-only mmap of all CPUs' buffers */
	size_t buf_len;
	uint64_t *seen;		   /* per CPU: newest seq the echo printed */
	struct ktr_fmt_slot *fmts; /* cache of spt_ktr_fmt, by id */
};

/* One event copied out of a buffer. */
struct ktr_event {
	uint64_t seq; /* 1-based number of the event on its CPU */
	uint64_t ts;  /* ns, CLOCK_MONOTONIC */
	uint32_t cpu;
	uint32_t cls;
	uint32_t fmt;
	uint64_t args[SPT_KTR_NARGS];
};

/* The pin directory: $SPECTRACE_KTR_DIR, or /sys/fs/bpf/spectrace. */
const char *ktr_dir(void);

#define KTR_OPEN_CREATE 0x1 /* create the pins (mounting bpffs) if absent */
#define KTR_OPEN_WRITE 0x2  /* map the control map writable */

/*
 * Open the recorder pinned in DIR. With KTR_OPEN_CREATE, pins are created
 * when absent, and replaced (MSG says so) when O asks for more ktr_entries
 * than they hold. Returns 0, -ENOENT (nothing pinned, without
 * KTR_OPEN_CREATE), -EPROTO (pins of another ABI) or -errno, with ERR set.
 */
int ktr_open(struct ktr *k, const char *dir, int flags, const struct ktr_opts *o, FILE *msg,
	     char *err, size_t errlen);

/* Write the settings O gives into the control map (opened writable). */
void ktr_apply(struct ktr *k, const struct ktr_opts *o);

/*
 * For a tracer: when O sets any ktr_* option, open or create the pins and
 * apply O; else join pins that already exist (a warning on MSG when they
 * are unusable), or leave KTR off. Then make OBJ (opened, not loaded) log
 * into the pins. Returns 0 or -errno with ERR set.
 */
int ktr_setup(struct ktr *k, struct bpf_object *obj, const struct ktr_opts *o, FILE *msg, char *err,
	      size_t errlen);

void ktr_close(struct ktr *k);

/* Remove the pins in DIR. Returns how many were removed, or -errno. */
int ktr_clear(const char *dir, char *err, size_t errlen);

/*
 * Copy the published events of one CPU's REGION with seq in (AFTER, HEAD],
 * at most the ENTRIES newest, into OUT (room for ENTRIES). An event is
 * copied between two reads of its seq and kept only if both match, so a
 * slot being rewritten is skipped. *UPTO (if not NULL) gets the newest seq
 * below the oldest event still being written, HEAD when there is none.
 * Returns the number copied, oldest first.
 */
size_t ktr_read_cpu(const struct spt_ktr_entry *region, uint64_t entries, uint64_t head,
		    uint64_t after, uint32_t cpu, struct ktr_event *out, uint64_t *upto);

/* Order events by time, then CPU, then seq: the merged view of all CPUs. */
void ktr_sort(struct ktr_event *ev, size_t n);

/*
 * Collect the events of all CPUs newer than AFTER[cpu] (NULL: all), merged.
 * *EV is malloc'ed (free it); UPTO as in ktr_read_cpu, per CPU (may be
 * NULL). Returns 0 or -ENOMEM.
 */
int ktr_collect(struct ktr *k, const uint64_t *after, struct ktr_event **ev, size_t *n,
		uint64_t *upto);

/* The format of id ID, NULL when not recorded. Cached. */
const struct spt_ktr_fmt *ktr_fmt(struct ktr *k, uint32_t id);

/* The message of E, formatted, into OUT. Returns ktrfmt_format's length. */
size_t ktr_message(struct ktr *k, const struct ktr_event *e, char *out, size_t len);

/*
 * ktr_verbose: print the events logged since the last call on OUT, one
 * "spectrace: ktr: cpu C: message" line each, when the control map's
 * verbose is set. Does nothing when KTR is off.
 */
void ktr_echo(struct ktr *k, FILE *out);

#endif /* SPT_KTR_H */
