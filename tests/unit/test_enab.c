/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/*
 * enab_build: clauses of two programs (a script and a -n text), their
 * descriptions, and what dtrace says of those that match nothing.
 */
static const char *c0_descs[] = { "syscall::openat:entry", "syscall::read:" };
static uint32_t c0_lines[] = { 3, 4 };
static const char *c1_descs[] = { "syscall:::return" };
static uint32_t c1_lines[] = { 1 };
static const char *c2_descs[] = { "syscall::nosuch:entry" };
static uint32_t c2_lines[] = { 7 };
static const char *c3_descs[] = { "profile:::tick-1s" };
static uint32_t c3_lines[] = { 9 };

struct fixture {
	struct probe_table t;
	struct img_clause clauses[4];
	struct image img;
	struct enab_src srcs[2];
	struct enabling e;
	char *msg;
	size_t msglen;
	FILE *err;
};

static void fixture_init(struct fixture *f, size_t nclauses)
{
	memset(f, 0, sizeof(*f));
	f->t.probes = malloc(sizeof(probes));
	memcpy(f->t.probes, probes, sizeof(probes));
	f->t.n = f->t.cap = 4;
	f->clauses[0] = (struct img_clause){ .descs = c0_descs,
					     .desc_lines = c0_lines,
					     .ndescs = 2,
					     .src = 0,
					     .prog = 10,
					     .recsize = 24 };
	f->clauses[1] = (struct img_clause){ .descs = c1_descs,
					     .desc_lines = c1_lines,
					     .ndescs = 1,
					     .src = 1,
					     .prog = 20,
					     .recsize = 16 };
	f->clauses[2] = (struct img_clause){
		.descs = c2_descs, .desc_lines = c2_lines, .ndescs = 1, .src = 0, .prog = 30
	};
	f->clauses[3] = (struct img_clause){
		.descs = c3_descs, .desc_lines = c3_lines, .ndescs = 1, .src = 0, .prog = 40
	};
	f->img.clauses = f->clauses;
	f->img.nclauses = nclauses;
	f->srcs[0] = (struct enab_src){ .text = "hunt.d", .is_file = true };
	f->srcs[1] = (struct enab_src){ .text = "syscall:::return{}" };
	f->err = open_memstream(&f->msg, &f->msglen);
}

static const char *fixture_msg(struct fixture *f)
{
	fflush(f->err);
	return f->msg;
}

static void fixture_fini(struct fixture *f)
{
	size_t i;

	for (i = 0; i < f->t.n; i++)
		if (f->t.probes[i].kind == PROBE_PROFILE || f->t.probes[i].kind == PROBE_TICK)
			free((char *)f->t.probes[i].name);
	free(f->t.probes);
	enab_free(&f->e);
	fclose(f->err);
	free(f->msg);
}

Test(enab, build_in_program_order)
{
	struct fixture f;
	struct enab_how how = { .err = NULL };
	const struct enab_ecb *ecb;

	fixture_init(&f, 2);
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), 0);
	cr_assert_str_empty(fixture_msg(&f));
	cr_assert_eq(f.e.img, &f.img);
	/* clause 0: openat:entry (statement 0), read's two probes (1); clause 1: returns (2) */
	cr_assert_eq(f.e.n, 5);
	ecb = enab_lookup(&f.e, 1);
	cr_assert_eq(ecb->probe->id, 6);
	cr_assert_eq(ecb->stmt, 0);
	cr_assert_eq(ecb->prog, 10);
	cr_assert_eq(ecb->size, 24);
	cr_assert_eq(enab_lookup(&f.e, 2)->probe->id, 4);
	cr_assert_eq(enab_lookup(&f.e, 3)->probe->id, 5);
	cr_assert_eq(enab_lookup(&f.e, 3)->stmt, 1);
	ecb = enab_lookup(&f.e, 4);
	cr_assert_eq(ecb->probe->id, 5);
	cr_assert_eq(ecb->clause, 1);
	cr_assert_eq(ecb->stmt, 2);
	cr_assert_eq(ecb->prog, 20);
	cr_assert_eq(enab_lookup(&f.e, 5)->probe->id, 7);
	cr_assert_eq(f.srcs[0].matched, 3);
	cr_assert_eq(f.srcs[1].matched, 2);
	fixture_fini(&f);
}

Test(enab, pdesc_zero_in_a_script_names_the_line)
{
	struct fixture f;
	struct enab_how how = { .err = NULL };

	fixture_init(&f, 3);
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), -ENOENT);
	cr_assert_str_eq(fixture_msg(&f),
			 "spectrace: failed to compile script hunt.d: line 7: probe description "
			 "syscall::nosuch:entry does not match any probes\n");
	fixture_fini(&f);
}

Test(enab, pdesc_zero_of_a_text_with_errtags)
{
	struct fixture f;
	struct enab_how how = { .err = NULL };

	fixture_init(&f, 1);
	f.clauses[0].descs = c2_descs;
	f.clauses[0].ndescs = 1;
	f.clauses[0].src = 1;
	f.srcs[1].errtags = true;
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), -ENOENT);
	cr_assert_str_eq(fixture_msg(&f),
			 "spectrace: invalid probe specifier syscall:::return{}: [D_PDESC_ZERO] "
			 "probe description syscall::nosuch:entry does not match any probes\n");
	fixture_fini(&f);
}

Test(enab, zdefs_per_program_and_no_probes_matched)
{
	struct fixture f;
	struct enab_how how = { .err = NULL };

	/* -x zdefs in the script: its description may match nothing */
	fixture_init(&f, 3);
	f.srcs[0].zdefs = true;
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), 0);
	cr_assert_eq(f.e.n, 5);
	cr_assert_str_empty(fixture_msg(&f));
	fixture_fini(&f);

	/* but not all of them: that takes -Z */
	fixture_init(&f, 1);
	f.clauses[0].descs = c2_descs;
	f.clauses[0].ndescs = 1;
	f.srcs[0].zdefs = true;
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), -ENOENT);
	cr_assert_str_eq(fixture_msg(&f), "spectrace: no probes matched\n");
	fixture_fini(&f);

	fixture_init(&f, 1);
	f.clauses[0].descs = c2_descs;
	f.clauses[0].ndescs = 1;
	how.zdefs = true;
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), 0);
	cr_assert_eq(f.e.n, 0);
	cr_assert_str_empty(fixture_msg(&f));
	fixture_fini(&f);
}

Test(enab, list_reports_and_goes_on)
{
	struct fixture f;
	struct enab_how how = { .list = true };

	fixture_init(&f, 3);
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), 0);
	cr_assert_eq(f.e.n, 5);
	cr_assert_str_eq(fixture_msg(&f), "spectrace: failed to match syscall::nosuch:entry: "
					  "No probe matches description\n");
	fixture_fini(&f);
}

Test(enab, malformed_description)
{
	static const char *bad[] = { "a:b:c:d:e" };
	struct fixture f;
	struct enab_how how = { .err = NULL };

	fixture_init(&f, 1);
	f.clauses[0].descs = bad;
	f.clauses[0].ndescs = 1;
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), -EINVAL);
	cr_assert_str_eq(
		fixture_msg(&f),
		"spectrace: invalid probe specifier a:b:c:d:e: malformed probe description\n");
	fixture_fini(&f);
}

Test(enab, profile_probes_are_created_when_named)
{
	struct fixture f;
	struct enab_how how = { .err = NULL };
	const struct enab_ecb *ecb;

	fixture_init(&f, 4);
	f.srcs[0].zdefs = true;
	how.err = f.err;
	cr_assert_eq(enab_build(&f.e, &f.t, &f.img, f.srcs, 2, &how), 0);
	cr_assert_eq(f.t.n, 5);
	cr_assert_eq(f.e.n, 6);
	ecb = enab_lookup(&f.e, 6);
	cr_assert_str_eq(ecb->probe->prov, "profile");
	cr_assert_str_eq(ecb->probe->name, "tick-1s");
	cr_assert_eq(ecb->clause, 3);
	cr_assert_eq(ecb->stmt, 4);
	fixture_fini(&f);
}
