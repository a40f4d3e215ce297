/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Privileges: before anything else, spectrace checks that the process may
 * do what it is asked to (load and attach BPF programs, open perf events,
 * read pinned maps) and says in one line what is missing, instead of
 * failing later with a reason that names something else (tracefs, pins).
 */
#ifndef SPT_PRIV_H
#define SPT_PRIV_H

#include <stddef.h>
#include <stdint.h>

/* Capability bits (linux/capability.h numbers) in a 64-bit set. */
#define PRIV_CAP_SYS_ADMIN (1ULL << 21)
#define PRIV_CAP_PERFMON (1ULL << 38)
#define PRIV_CAP_BPF (1ULL << 39)

/* What is needed. */
enum priv_need {
	PRIV_TRACE, /* tracing and listing probes: BPF and perf events */
	PRIV_KTR,   /* reading and changing the pinned KTR maps */
};

/*
 * The capabilities NEED asks for that the effective set EFF lacks, named
 * in BUF ("CAP_BPF and CAP_PERFMON"); CAP_SYS_ADMIN stands for both, as
 * the kernel's bpf_capable() and perfmon_capable() have it. Returns 0 when
 * nothing is missing, 1 otherwise.
 */
int priv_missing(enum priv_need need, uint64_t eff, char *buf, size_t len);

/* This process's effective capability set; 0 on error (errno set). */
uint64_t priv_effective(void);

/*
 * Checks this process for NEED; returns 0, or 1 with the whole message
 * in BUF (without the program's prefix).
 */
int priv_check(enum priv_need need, char *buf, size_t len);

#endif
