/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Kernel feature probing: before it loads anything, spectrace asks the
 * running kernel for each BPF feature it depends on, and refuses an old
 * kernel with one line naming the missing feature and the Linux version
 * that brings it, instead of a verifier log.
 */
#ifndef SPT_KFEAT_H
#define SPT_KFEAT_H

#include <stddef.h>

/* What a probe found. */
enum kfeat_state {
	KFEAT_HAVE,    /* the kernel has it */
	KFEAT_MISSING, /* the kernel said clearly that it lacks it */
	KFEAT_UNKNOWN, /* the probe could not tell (no privilege, ...): go on */
};

struct kfeat {
	const char *name;   /* as the refusal names it, e.g. "bpf_loop" */
	int major, minor;   /* the first Linux release that has it */
	const char *config; /* kernel option it also needs, or NULL */
	enum kfeat_state (*probe)(void);
};

/*
 * The features spectrace needs, newest first. The release it needs is the
 * first entry's.
 */
const struct kfeat *kfeat_table(size_t *n);

/*
 * Index of the feature a refusal names given the STATES of the N entries
 * of TABLE (in the table's order): the missing one that the newest Linux
 * brings, or -1 when none is missing.
 */
int kfeat_pick(const struct kfeat *table, const enum kfeat_state *states, size_t n);

/*
 * The refusal, without the "spectrace: " prefix, for the kernel RELEASE
 * (uname -r) lacking F when spectrace needs Linux NEED_MAJOR.NEED_MINOR:
 *   this kernel (5.10.0-32-amd64) lacks bpf_loop (Linux 5.17); spectrace
 *   needs Linux 5.17 or later
 * A kernel at least that new which still lacks F (a kernel option off) is
 * told which option. Returns what snprintf returns.
 */
int kfeat_format(char *buf, size_t len, const char *release, const struct kfeat *f, int need_major,
		 int need_minor);

/*
 * Probe every feature of the table on the running kernel. Returns 0 when
 * nothing is known to be missing, or -1 with the refusal in BUF.
 */
int kfeat_check(char *buf, size_t len);

#endif /* SPT_KFEAT_H */
