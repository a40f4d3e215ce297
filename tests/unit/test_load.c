/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <criterion/criterion.h>
#include <linux/types.h>

#include "abi/buf.h"
#include "abi/agg.h"
#include "abi/isa.h"
#include "image.h"
#include "load.h"

/* The sizes bufresize=auto tries after START, the last one included. */
static int steps(uint64_t start, uint64_t floor, uint64_t *out, int max)
{
	uint64_t s = start;
	int n = 0;

	while ((s = load_bufsize_next(s, floor)) && n < max)
		out[n++] = s;
	return n;
}

Test(load, bufsize_halves_to_the_floor)
{
	uint64_t got[64];
	int n = steps(4ULL << 20, LOAD_BUFSIZE_FLOOR, got, 64);

	cr_assert_eq(n, 6);
	cr_assert_eq(got[0], 2ULL << 20);
	cr_assert_eq(got[1], 1ULL << 20);
	cr_assert_eq(got[2], 512ULL << 10);
	cr_assert_eq(got[5], 64ULL << 10, "the last try is the floor");
}

Test(load, bufsize_from_64g_passes_the_bpf_limit)
{
	uint64_t got[64];
	int n = steps(64ULL << 30, LOAD_BUFSIZE_FLOOR, got, 64), i;

	/* 32g 16g 8g 4g 2g 1g 512m ... 64k: 20 sizes. */
	cr_assert_eq(n, 20);
	for (i = 0; i < n && got[i] > SPT_BUFSIZE_MAX; i++)
		;
	cr_assert_eq(i, 6, "six halvings reach the largest size BPF programs address");
	cr_assert_eq(got[i], SPT_BUFSIZE_MAX);
}

Test(load, bufsize_not_a_power_of_two)
{
	uint64_t got[64];
	int n = steps(3ULL << 20, LOAD_BUFSIZE_FLOOR, got, 64);

	/* 1536k 768k 384k 192k 96k, then the floor rather than 48k. */
	cr_assert_eq(n, 6);
	cr_assert_eq(got[0], 1536ULL << 10);
	cr_assert_eq(got[4], 96ULL << 10);
	cr_assert_eq(got[5], LOAD_BUFSIZE_FLOOR);
}

Test(load, bufsize_stays_a_multiple_of_8)
{
	/* 100040 / 2 = 50020 is not a record boundary; 50016 is. */
	cr_assert_eq(load_bufsize_next(100040, 8), 50016);
	cr_assert_eq(load_bufsize_next(24, 8), 8);
	cr_assert_eq(load_bufsize_next(16, 8), 8);
}

Test(load, bufsize_at_or_below_the_floor_is_final)
{
	cr_assert_eq(load_bufsize_next(LOAD_BUFSIZE_FLOOR, LOAD_BUFSIZE_FLOOR), 0);
	/* A size asked below the floor is its own floor: nothing smaller is tried. */
	cr_assert_eq(load_bufsize_next(256, 256), 0);
	cr_assert_eq(load_bufsize_next(8, 8), 0);
}

static int has_op(const uint64_t *ops, unsigned int op)
{
	return (ops[op / 64] >> (op % 64)) & 1;
}

/*
 * Clause 0 records a builtin, clause 1 is a fast count, clause 2 sums: the
 * kernel VM needs the opcodes of 0 and 2 only, and sum() among the
 * aggregating functions, whatever the fast count's bytecode holds.
 */
Test(load, ops_used_skips_fast_counts)
{
	struct spt_insn insns[] = {
		{ .op = SPT_OP_LDB },		{ .op = SPT_OP_REC }, { .op = SPT_OP_RET },
		{ .op = SPT_OP_AGG },		{ .op = SPT_OP_RET }, { .op = SPT_OP_LDB },
		{ .op = SPT_OP_AGG, .imm = 1 }, { .op = SPT_OP_RET },
	};
	struct img_clause clauses[3] = { { .prog = 0 }, { .prog = 3, .fcount = 1 }, { .prog = 5 } };
	struct img_agg aggs[2] = { { .func = SPT_AGG_COUNT }, { .func = SPT_AGG_SUM } };
	struct enab_ecb ecbs[3] = {
		{ .epid = 1, .clause = 0, .prog = 0 },
		{ .epid = 2, .clause = 1, .prog = 3 },
		{ .epid = 3, .clause = 2, .prog = 5 },
	};
	struct image img = {
		.insns = insns, .ninsns = 8, .aggs = aggs, .naggs = 2, .clauses = clauses
	};
	struct enabling e = { .ecbs = ecbs, .n = 3, .img = &img };
	uint64_t ops[(SPT_OP_NOPS + 63) / 64];
	uint32_t fns;

	load_ops_used(&e, ops, sizeof(ops) / sizeof(ops[0]), &fns);
	cr_assert(has_op(ops, SPT_OP_LDB) && has_op(ops, SPT_OP_REC) && has_op(ops, SPT_OP_RET));
	cr_assert(has_op(ops, SPT_OP_AGG), "clause 2 aggregates");
	cr_assert_eq(fns, (1u << SPT_AGG_COUNT) | (1u << SPT_AGG_SUM));

	/* Without clause 2 nothing aggregates in the VM: no AGG, no function. */
	e.n = 2;
	img.ninsns = 5;
	load_ops_used(&e, ops, sizeof(ops) / sizeof(ops[0]), &fns);
	cr_assert(!has_op(ops, SPT_OP_AGG), "the fast count's AGG is not the VM's");
	cr_assert_eq(fns, 0);
	cr_assert(has_op(ops, SPT_OP_REC));

	/* The differential test runs any bytecode: everything. */
	e.with_vmtest = 1;
	load_ops_used(&e, ops, sizeof(ops) / sizeof(ops[0]), &fns);
	cr_assert(has_op(ops, SPT_OP_STOL) && fns == ~0u);
}

/* fill's END reservation: the records of every END clause that records, and only those. */
Test(load, end_reserve)
{
	struct probe end = { .id = 3,
			     .kind = PROBE_DTRACE,
			     .arg = SPT_DTRACE_END,
			     .prov = "dtrace",
			     .name = "END" };
	struct probe begin = { .id = 1,
			       .kind = PROBE_DTRACE,
			       .arg = SPT_DTRACE_BEGIN,
			       .prov = "dtrace",
			       .name = "BEGIN" };
	struct probe sys = { .id = 9,
			     .kind = PROBE_SYSCALL_ENTRY,
			     .arg = 257,
			     .prov = "syscall",
			     .func = "openat",
			     .name = "entry" };
	struct enab_ecb ecbs[] = {
		{ .epid = 1, .probe = &begin, .size = 64 },
		{ .epid = 2, .probe = &end, .size = 24 },
		{ .epid = 3, .probe = &sys, .size = 128 },
		{ .epid = 4, .probe = &end, .size = 0 }, /* records nothing */
		{ .epid = 5, .probe = &end, .size = 40 },
	};
	struct enabling e = { .ecbs = ecbs, .n = 5 };

	cr_assert_eq(load_end_reserve(&e, false), 24 + 40);
	cr_assert_eq(load_end_reserve(&e, true), 24 + 40 + 2 * SPT_REC_TS);
	e.n = 1;
	cr_assert_eq(load_end_reserve(&e, false), 0, "no END clause: nothing reserved");
	e.n = 0;
	cr_assert_eq(load_end_reserve(&e, true), 0);
}
