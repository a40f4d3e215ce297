/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The KTR settings a command line gives (-x ktr_mask=... and friends), kept
 * in struct opts. Depends on nothing so that opt.h can include it.
 */
#ifndef SPT_KTR_OPT_H
#define SPT_KTR_OPT_H

#include <stdint.h>

#define KTR_OPT_MASK 0x1U
#define KTR_OPT_CPUMASK 0x2U
#define KTR_OPT_ENTRIES 0x4U
#define KTR_OPT_VERBOSE 0x8U

#define KTR_CPUSET_WORDS 4 /* SPT_KTR_MAX_CPUS / 64 */

struct ktr_opts {
	uint32_t set;			    /* KTR_OPT_* bits of the settings given */
	uint32_t mask;			    /* ktr_mask: classes to log */
	uint64_t cpumask[KTR_CPUSET_WORDS]; /* ktr_cpumask: CPUs that log */
	uint32_t entries;		    /* ktr_entries: events kept per CPU */
	uint32_t verbose;		    /* ktr_verbose: echo events on stderr */
};

#endif /* SPT_KTR_OPT_H */
