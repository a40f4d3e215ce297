/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <criterion/criterion.h>
#include <string.h>

#include "priv.h"

static const char *missing(enum priv_need need, uint64_t eff)
{
	static char buf[64];

	if (!priv_missing(need, eff, buf, sizeof(buf)))
		return "";
	return buf;
}

Test(priv, tracing_needs_bpf_and_perfmon)
{
	cr_assert_str_eq(missing(PRIV_TRACE, 0), "CAP_BPF and CAP_PERFMON");
	cr_assert_str_eq(missing(PRIV_TRACE, PRIV_CAP_BPF), "CAP_PERFMON");
	cr_assert_str_eq(missing(PRIV_TRACE, PRIV_CAP_PERFMON), "CAP_BPF");
	cr_assert_str_eq(missing(PRIV_TRACE, PRIV_CAP_BPF | PRIV_CAP_PERFMON), "");
	/* other capabilities do not stand in for them */
	cr_assert_str_eq(missing(PRIV_TRACE,
				 ~(PRIV_CAP_BPF | PRIV_CAP_PERFMON | PRIV_CAP_SYS_ADMIN)),
			 "CAP_BPF and CAP_PERFMON");
}

Test(priv, sys_admin_stands_for_both)
{
	cr_assert_str_eq(missing(PRIV_TRACE, PRIV_CAP_SYS_ADMIN), "");
	cr_assert_str_eq(missing(PRIV_KTR, PRIV_CAP_SYS_ADMIN), "");
}

Test(priv, ktr_needs_bpf_only)
{
	cr_assert_str_eq(missing(PRIV_KTR, 0), "CAP_BPF");
	cr_assert_str_eq(missing(PRIV_KTR, PRIV_CAP_PERFMON), "CAP_BPF");
	cr_assert_str_eq(missing(PRIV_KTR, PRIV_CAP_BPF), "");
}

Test(priv, whole_message)
{
	char buf[256];

	/* the test runs as whatever user; the message names what is lacking */
	if (priv_check(PRIV_TRACE, buf, sizeof(buf)))
		cr_assert(strstr(
			buf,
			"run as root, or with CAP_BPF and CAP_PERFMON, for tracing and listing probes (this process lacks CAP_"));
	else
		cr_assert_str_eq(missing(PRIV_TRACE, priv_effective()), "");
}
