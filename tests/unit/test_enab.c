/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <criterion/criterion.h>

#include "enab.h"

static struct probe probes[] = {
	{ 4, PROBE_SYSCALL_ENTRY, 0, "syscall", "vmlinux", "read", "entry" },
	{ 5, PROBE_SYSCALL_RETURN, 0, "syscall", "vmlinux", "read", "return" },
	{ 6, PROBE_SYSCALL_ENTRY, 257, "syscall", "vmlinux", "openat", "entry" },
	{ 7, PROBE_SYSCALL_RETURN, 257, "syscall", "vmlinux", "openat", "return" },
};
static const struct probe_table table = { probes, 4, 4, "" };

Test(enab, epids_in_program_order)
{
	struct enabling e = { 0 };
	const struct enab_ecb *ecb;

	cr_assert_eq(enab_add(&e, &table, "syscall::openat:entry", 0, 8, 0), 1);
	cr_assert_eq(enab_add(&e, &table, "syscall:::entry", 1, 8, 0), 2);
	cr_assert_eq(enab_add(&e, &table, "syscall::nosuch:entry", 2, 8, 0), 0);
	cr_assert_eq(enab_add(&e, &table, "a:b:c:d:e", 3, 8, 0), -EINVAL);
	cr_assert_eq(e.n, 3);
	ecb = enab_lookup(&e, 1);
	cr_assert_eq(ecb->probe->id, 6);
	cr_assert_eq(ecb->clause, 0);
	ecb = enab_lookup(&e, 2);
	cr_assert_eq(ecb->probe->id, 4);
	cr_assert_eq(ecb->clause, 1);
	ecb = enab_lookup(&e, 3);
	cr_assert_eq(ecb->probe->id, 6);
	cr_assert_null(enab_lookup(&e, 0));
	cr_assert_null(enab_lookup(&e, 4));
	enab_free(&e);
}
