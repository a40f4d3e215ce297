/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Unit tests of kernel feature probing: the table, which missing feature a
 * refusal names, and the refusal's one line. The probes themselves need
 * root and an old kernel: tools/vmtest --kernel 5.10 runs them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "kfeat.h"

static enum kfeat_state probe_none(void)
{
	return KFEAT_UNKNOWN;
}

Test(kfeat, table_newest_first_and_needs_5_17)
{
	size_t n, i;
	const struct kfeat *t = kfeat_table(&n);

	cr_assert_geq(n, 5);
	cr_assert_str_eq(t[0].name, "bpf_loop");
	cr_assert_eq(t[0].major, 5);
	cr_assert_eq(t[0].minor, 17);
	for (i = 0; i < n; i++) {
		cr_assert_not_null(t[i].probe, "%s has no probe", t[i].name);
		cr_assert_gt(strlen(t[i].name), 0);
		cr_assert_eq(strchr(t[i].name, '('), NULL, "%s: parentheses in a name", t[i].name);
		if (i > 0)
			cr_assert(t[i].major < t[i - 1].major || (t[i].major == t[i - 1].major &&
								  t[i].minor <= t[i - 1].minor),
				  "%s is newer than %s", t[i].name, t[i - 1].name);
	}
}

Test(kfeat, pick_none_missing)
{
	size_t n;
	const struct kfeat *t = kfeat_table(&n);
	enum kfeat_state s[16];
	size_t i;

	cr_assert_leq(n, 16);
	for (i = 0; i < n; i++)
		s[i] = i % 2 ? KFEAT_HAVE : KFEAT_UNKNOWN;
	cr_assert_eq(kfeat_pick(t, s, n), -1);
}

/* Whatever the table's order, the newest missing feature is named. */
Test(kfeat, pick_names_the_newest_missing)
{
	const struct kfeat t[] = {
		{ "old", 5, 4, NULL, probe_none },
		{ "newest", 5, 17, NULL, probe_none },
		{ "middle", 5, 11, NULL, probe_none },
		{ "newer-unknown", 6, 1, NULL, probe_none },
	};
	enum kfeat_state s[] = { KFEAT_MISSING, KFEAT_MISSING, KFEAT_MISSING, KFEAT_UNKNOWN };

	cr_assert_eq(kfeat_pick(t, s, 4), 1);
	s[1] = KFEAT_HAVE;
	cr_assert_eq(kfeat_pick(t, s, 4), 2);
	s[2] = KFEAT_UNKNOWN;
	cr_assert_eq(kfeat_pick(t, s, 4), 0);
}

Test(kfeat, refusal_of_an_old_kernel)
{
	size_t n;
	const struct kfeat *t = kfeat_table(&n);
	char buf[256];

	kfeat_format(buf, sizeof(buf), "5.10.0-32-amd64", &t[0], 5, 17);
	cr_assert_str_eq(buf, "this kernel (5.10.0-32-amd64) lacks bpf_loop (Linux 5.17); "
			      "spectrace needs Linux 5.17 or later");
}

Test(kfeat, refusal_names_the_kernel_option)
{
	const struct kfeat btf = { "BTF at /sys/kernel/btf/vmlinux", 5, 4,
				   "CONFIG_DEBUG_INFO_BTF=y", probe_none };
	char buf[256];

	kfeat_format(buf, sizeof(buf), "4.19.0-27-amd64", &btf, 5, 17);
	cr_assert_str_eq(
		buf, "this kernel (4.19.0-27-amd64) lacks BTF at /sys/kernel/btf/vmlinux "
		     "(Linux 5.4, CONFIG_DEBUG_INFO_BTF=y); spectrace needs Linux 5.17 or later");
	/* Recent enough: the option is what is missing. */
	kfeat_format(buf, sizeof(buf), "6.1.0-57-cloud-amd64", &btf, 5, 17);
	cr_assert_str_eq(
		buf, "this kernel (6.1.0-57-cloud-amd64) lacks BTF at /sys/kernel/btf/vmlinux "
		     "(Linux 5.4, CONFIG_DEBUG_INFO_BTF=y); spectrace needs a kernel built with "
		     "CONFIG_DEBUG_INFO_BTF=y");
}

Test(kfeat, refusal_of_a_new_kernel_without_it)
{
	const struct kfeat loop = { "bpf_loop", 5, 17, NULL, probe_none };
	char buf[256];

	kfeat_format(buf, sizeof(buf), "5.17.0", &loop, 5, 17);
	cr_assert_str_eq(buf, "this kernel (5.17.0) lacks bpf_loop (Linux 5.17); "
			      "spectrace cannot run without it");
}

Test(kfeat, refusal_when_the_release_does_not_parse)
{
	const struct kfeat loop = { "bpf_loop", 5, 17, NULL, probe_none };
	char buf[256];

	kfeat_format(buf, sizeof(buf), "custom", &loop, 5, 17);
	cr_assert_str_eq(buf, "this kernel (custom) lacks bpf_loop (Linux 5.17); "
			      "spectrace needs Linux 5.17 or later");
}

/* Truncation never overruns, and says how long the line would be. */
Test(kfeat, refusal_truncates_safely)
{
	const struct kfeat loop = { "bpf_loop", 5, 17, NULL, probe_none };
	char buf[16];
	int want;

	memset(buf, 'x', sizeof(buf));
	want = kfeat_format(buf, sizeof(buf), "5.10.0", &loop, 5, 17);
	cr_assert_eq(buf[sizeof(buf) - 1], '\0');
	cr_assert_eq(want, (int)strlen("this kernel (5.10.0) lacks bpf_loop (Linux 5.17); "
				       "spectrace needs Linux 5.17 or later"));
}
