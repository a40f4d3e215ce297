/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Text forms of KTR data: the printf-style formatter of the dump, the
 * syntax of class masks and CPU sets, and the -x ktr_* option setters.
 */
#ifndef SPT_KTRFMT_H
#define SPT_KTRFMT_H

#include <stddef.h>
#include <stdint.h>

#include "ktr_opt.h"

struct opts;

/*
 * Format FMT (at most FMTLEN bytes, NUL or not) with the 64-bit ARGS, of
 * which NARGS were passed; a conversion past them prints "(missing)".
 * Conversions: d i u x X o c p s %, flags "-+ #0", width, precision,
 * lengths hh h l ll j z t (no length: int). %p and %s print the value as
 * 0x<hex> (strings are not copied by the kernel). Anything else is copied
 * verbatim and takes no argument. Writes at most LEN - 1 characters and a
 * NUL (LEN may be 0); returns the length of the whole result, as snprintf.
 */
size_t ktrfmt_format(char *out, size_t len, const char *fmt, size_t fmtlen, const uint64_t *args,
		     unsigned int nargs);

/*
 * Class masks: names (GEN, DISPATCH, BUF, DROP, SPEC, CLEAN, FAULT, AGG,
 * TEST, USER0..USER15, ALL; any case) and numbers (0x3, 12), joined by ','
 * or '|'. Returns 0 or -EINVAL.
 */
int ktrfmt_parse_mask(const char *s, uint32_t *mask);

/* MASK as names joined by ',', unnamed bits as one hex number, 0 as "0". */
size_t ktrfmt_mask_str(uint32_t mask, char *out, size_t len);

/*
 * CPU sets (KTR_CPUSET_WORDS words): "all", a list "0,2-3", or a hex mask
 * "0x3" of CPUs 0..63. Returns 0 or -EINVAL.
 */
int ktrfmt_parse_cpus(const char *s, uint64_t *set);

/* SET as a list of CPUs and ranges ("0-3,5"), the empty set as "none". */
size_t ktrfmt_cpus_str(const uint64_t *set, char *out, size_t len);

/* -x ktr_mask / ktr_cpumask / ktr_entries / ktr_verbose, for opt.c's table. */
int ktrfmt_opt_mask(struct opts *o, const char *v, char *err, size_t errlen);
int ktrfmt_opt_cpumask(struct opts *o, const char *v, char *err, size_t errlen);
int ktrfmt_opt_entries(struct opts *o, const char *v, char *err, size_t errlen);
int ktrfmt_opt_verbose(struct opts *o, const char *v, char *err, size_t errlen);

/* The same on a struct ktr_opts: NAME is ktr_mask etc. Returns 0, -ENOENT, -EINVAL. */
int ktrfmt_set(struct ktr_opts *k, const char *name, const char *v, char *err, size_t errlen);

#endif /* SPT_KTRFMT_H */
