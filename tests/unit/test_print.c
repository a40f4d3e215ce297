/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <stdio.h>
#include <stdlib.h>
#include <criterion/criterion.h>

#include "print.h"

static const struct probe openat_entry = {
	.id = 478, .kind = PROBE_SYSCALL_ENTRY, .arg = 257,
	.prov = "syscall", .mod = "vmlinux", .func = "openat", .name = "entry",
};

static char *capture(int quiet, int nrec)
{
	struct printer pr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int i;

	cr_assert_not_null(f);
	print_init(&pr, f, quiet);
	for (i = 0; i < nrec; i++)
		print_default(&pr, i, 1, &openat_entry);
	fclose(f);
	return buf;
}

Test(print, default_records)
{
	char *s = capture(0, 2);

	cr_assert_str_eq(s, "CPU     ID                    FUNCTION:NAME\n"
			    "  0    478                     openat:entry \n"
			    "  1    478                     openat:entry \n");
	free(s);
}

Test(print, no_heading_without_records)
{
	char *s = capture(0, 0);

	cr_assert_str_eq(s, "");
	free(s);
}

Test(print, quiet_prints_nothing_for_default_action)
{
	char *s = capture(1, 3);

	cr_assert_str_eq(s, "");
	free(s);
}

Test(print, list)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print_list_heading(f);
	print_list_probe(f, &openat_entry);
	fclose(f);
	cr_assert_str_eq(buf,
			 "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
			 "  478    syscall           vmlinux                            openat entry\n");
	free(buf);
}

Test(print, flowindent)
{
	static const struct probe entry = { 10, PROBE_SYSCALL_ENTRY, 2, "syscall", "vmlinux",
					    "open", "entry" };
	static const struct probe ret = { 11, PROBE_SYSCALL_RETURN, 2, "syscall", "vmlinux",
					  "open", "return" };
	static const struct probe begin = { 1, PROBE_DTRACE, 0, "dtrace", "", "", "BEGIN" };
	struct printer pr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print_init(&pr, f, false);
	print_set_flow(&pr, true);
	print_default(&pr, 1, 1, &entry);
	print_default(&pr, 1, 1, &entry);
	print_default(&pr, 1, 1, &ret);
	print_default(&pr, 0, 1, &begin);
	print_default(&pr, 1, 1, &ret);
	fclose(f);
	/* The columns of the specopen.d output in DTrace's documentation. */
	cr_assert_str_eq(buf, "CPU FUNCTION\n"
			      "  1  => open                                  \n"
			      "  1    => open                                \n"
			      "  1    <= open                                \n"
			      "  0  | :BEGIN                                 \n"
			      "  1  <= open                                  \n");
	free(buf);
}
