/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <stdio.h>
#include <stdlib.h>
#include <criterion/criterion.h>

#include "print.h"

static const struct probe openat_entry = {
	.id = 478,
	.kind = PROBE_SYSCALL_ENTRY,
	.arg = 257,
	.prov = "syscall",
	.mod = "vmlinux",
	.func = "openat",
	.name = "entry",
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
	print_fini(&pr);
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
	cr_assert_str_eq(
		buf,
		"   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
		"  478    syscall           vmlinux                            openat entry\n");
	free(buf);
}

Test(print, flowindent)
{
	static const struct probe entry = { 10,	       PROBE_SYSCALL_ENTRY, 2,
					    "syscall", "vmlinux",	    "open",
					    "entry" };
	static const struct probe ret = {
		11, PROBE_SYSCALL_RETURN, 2, "syscall", "vmlinux", "open", "return"
	};
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
	print_default(&pr, 1, 1, &begin);
	print_default(&pr, 0, 1, &begin);
	print_default(&pr, 1, 1, &ret);
	print_fini(&pr);
	fclose(f);
	/* dtrace's columns: the heading padded to the function column, an
	 * indent of two per level, "| " for other probes at the indent. */
	cr_assert_str_eq(buf, "CPU FUNCTION                                 \n"
			      "  1  => open                                  \n"
			      "  1    => open                                \n"
			      "  1    <= open                                \n"
			      "  1   | :BEGIN                                \n"
			      "  0 | :BEGIN                                  \n"
			      "  1  <= open                                  \n");
	free(buf);
}

/* Other providers' entry and return probes, "-entry" names, the indent per pass. */
Test(print, flowindent_arrows)
{
	static const struct probe fbt_e = { 20,	       PROBE_DTRACE, 0,	     "fbt",
					    "vmlinux", "do_open",    "entry" };
	static const struct probe fbt_r = { 21,	       PROBE_DTRACE, 0,	      "fbt",
					    "vmlinux", "do_open",    "return" };
	static const struct probe usdt_e = { 22,     PROBE_DTRACE, 0, "app", "a.out",
					     "main", "query-entry" };
	static const struct probe usdt_r = { 23,     PROBE_DTRACE,  0, "app", "a.out",
					     "main", "query-return" };
	static const struct probe notentry = { 24,	PROBE_DTRACE, 0,	"app",
					       "a.out", "main",	      "reentry" };
	struct printer pr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print_init(&pr, f, false);
	print_set_flow(&pr, true);
	print_default(&pr, 0, 1, &fbt_e);
	print_default(&pr, 0, 2, &usdt_e);
	print_default(&pr, 0, 3, &notentry);
	print_default(&pr, 0, 4, &usdt_r);
	print_flow_reset(&pr, 0);
	print_default(&pr, 0, 5, &fbt_r);
	print_default(&pr, 0, 1, &fbt_e);
	print_fini(&pr);
	fclose(f);
	cr_assert_str_eq(buf, "CPU FUNCTION                                 \n"
			      "  0  -> do_open                               \n"
			      "  0    -> main                                \n"
			      "  0     | main:reentry                        \n"
			      "  0    <- main                                \n"
			      "  0  <- do_open                               \n"
			      "  0  -> do_open                               \n");
	free(buf);
}

/* A second clause's record of the same entry probe does not indent again. */
Test(print, flowindent_second_clause)
{
	static const struct probe entry = { 10,	       PROBE_SYSCALL_ENTRY, 2,
					    "syscall", "vmlinux",	    "open",
					    "entry" };
	struct printer pr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print_init(&pr, f, false);
	print_set_flow(&pr, true);
	print_default(&pr, 0, 1, &entry);
	print_default(&pr, 0, 2, &entry);
	print_default(&pr, 0, 3, &entry);
	print_flow_reset(&pr, 0);
	print_default(&pr, 0, 2, &entry);
	print_fini(&pr);
	fclose(f);
	cr_assert_str_eq(buf, "CPU FUNCTION                                 \n"
			      "  0  => open                                  \n"
			      "  0   | open:entry                            \n"
			      "  0   | open:entry                            \n"
			      "  0  => open                                  \n");
	free(buf);
}

/* -F prints its heading and columns under -q too, with no newline after a record. */
Test(print, flowindent_quiet)
{
	static const struct probe entry = { 10,	       PROBE_SYSCALL_ENTRY, 2,
					    "syscall", "vmlinux",	    "open",
					    "entry" };
	struct printer pr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print_init(&pr, f, true);
	print_set_flow(&pr, true);
	print_default(&pr, 0, 1, &entry);
	print_default(&pr, 0, 1, &entry);
	print_fini(&pr);
	fclose(f);
	cr_assert_str_eq(buf, "CPU FUNCTION                                 \n"
			      "  0  => open                                  "
			      "  0    => open                                ");
	free(buf);
}

/* _DTRACE_TESTING: no CPU and ID columns, in the heading and the prefix. */
Test(print, testing_mode)
{
	static const struct probe entry = { 10,	       PROBE_SYSCALL_ENTRY, 2,
					    "syscall", "vmlinux",	    "open",
					    "entry" };
	struct printer pr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print_init(&pr, f, false);
	print_set_testing(&pr, true);
	print_default(&pr, 0, 1, &openat_entry);
	print_end_newline(&pr);
	print_fini(&pr);
	fclose(f);
	cr_assert_str_eq(buf, "                   FUNCTION:NAME\n"
			      "                    openat:entry \n"
			      "\n");
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	print_init(&pr, f, false);
	print_set_testing(&pr, true);
	print_set_flow(&pr, true);
	print_default(&pr, 0, 1, &entry);
	print_fini(&pr);
	fclose(f);
	cr_assert_str_eq(buf, "FUNCTION                                 \n"
			      " => open                                  \n");
	free(buf);
}

/* The end-of-tracing newline is text's: JSON lines get none. */
Test(print, end_newline_json)
{
	struct printer pr;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print_init(&pr, f, true);
	print_end_newline(&pr);
	print_set_format(&pr, PRINT_JSON);
	print_end_newline(&pr);
	fclose(f);
	cr_assert_str_eq(buf, "\n");
	free(buf);
	print_fini(&pr);
}
