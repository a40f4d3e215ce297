/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/* The host VM: each instruction's semantics, faults, and bounds. */
#include <string.h>
#include <criterion/criterion.h>

#include "vmhost.h"

static struct spt_insn prog[SPT_MAX_INSNS];
static struct spt_vm vm;
static struct spt_env env;

#define I(o, d, x, y, i) \
	((struct spt_insn){ .op = (o), .dst = (d), .a = (x), .b = (y), .imm = (i) })

static int run(const struct spt_insn *code, size_t n)
{
	memset(prog, 0, sizeof(prog));
	memcpy(prog, code, n * sizeof(*code));
	return vmhost_run(&vm, prog, 0, &env, 1000);
}

/* r0 = A op B for 64-bit A and B, via LDI64. */
static uint64_t binop(enum spt_op op, uint64_t a, uint64_t b)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI64, 1, 0, 0, (int32_t)(uint32_t)a),
		I(0, 0, 0, 0, (int32_t)(a >> 32)),
		I(SPT_OP_LDI64, 2, 0, 0, (int32_t)(uint32_t)b),
		I(0, 0, 0, 0, (int32_t)(b >> 32)),
		I(op, 0, 1, 2, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run(code, sizeof(code) / sizeof(code[0])), SPT_VM_DONE, "op %d", op);
	return vm.r[0];
}

Test(vm, arithmetic)
{
	cr_assert_eq(binop(SPT_OP_ADD, 2, 3), 5);
	cr_assert_eq(binop(SPT_OP_ADD, UINT64_MAX, 1), 0, "wraps");
	cr_assert_eq(binop(SPT_OP_SUB, 2, 3), (uint64_t)-1);
	cr_assert_eq(binop(SPT_OP_MUL, 1ULL << 40, 1ULL << 30), 0, "2^70 wraps to 0");
	cr_assert_eq(binop(SPT_OP_MUL, 7, 6), 42);
	cr_assert_eq(binop(SPT_OP_SDIV, (uint64_t)-7, 2), (uint64_t)-3, "truncates toward zero");
	cr_assert_eq(binop(SPT_OP_SDIV, 7, (uint64_t)-2), (uint64_t)-3);
	cr_assert_eq(binop(SPT_OP_SDIV, (uint64_t)-8, (uint64_t)-2), 4);
	/* dtrace-utils: the sign of a signed remainder is sign(a) xor sign(b) */
	cr_assert_eq(binop(SPT_OP_SREM, (uint64_t)-7, 2), (uint64_t)-1);
	cr_assert_eq(binop(SPT_OP_SREM, 7, (uint64_t)-2), (uint64_t)-1);
	cr_assert_eq(binop(SPT_OP_SREM, (uint64_t)-7, (uint64_t)-2), 1);
	cr_assert_eq(binop(SPT_OP_SDIV, 1ULL << 63, (uint64_t)-1), 1ULL << 63, "INT64_MIN / -1");
	cr_assert_eq(binop(SPT_OP_UDIV, (uint64_t)-8, 2), 0x7ffffffffffffffcULL);
	cr_assert_eq(binop(SPT_OP_UREM, 17, 5), 2);
	/* unsigned by 0: no fault, BPF's results */
	cr_assert_eq(binop(SPT_OP_UDIV, 17, 0), 0);
	cr_assert_eq(binop(SPT_OP_UREM, 17, 0), 17);
	cr_assert_eq(binop(SPT_OP_AND, 0xf0f0, 0xff00), 0xf000);
	cr_assert_eq(binop(SPT_OP_OR, 0xf0f0, 0x0f00), 0xfff0);
	cr_assert_eq(binop(SPT_OP_XOR, 0xff, 0x0f), 0xf0);
	cr_assert_eq(binop(SPT_OP_SHL, 1, 63), 1ULL << 63);
	cr_assert_eq(binop(SPT_OP_SHL, 1, 64), 1, "shift counts modulo 64");
	cr_assert_eq(binop(SPT_OP_LSR, 1ULL << 63, 63), 1);
	cr_assert_eq(binop(SPT_OP_ASR, 1ULL << 63, 63), UINT64_MAX);
}

Test(vm, comparisons)
{
	cr_assert_eq(binop(SPT_OP_EQ, 5, 5), 1);
	cr_assert_eq(binop(SPT_OP_NE, 5, 5), 0);
	cr_assert_eq(binop(SPT_OP_SLT, (uint64_t)-1, 0), 1);
	cr_assert_eq(binop(SPT_OP_ULT, (uint64_t)-1, 0), 0);
	cr_assert_eq(binop(SPT_OP_SLE, 3, 3), 1);
	cr_assert_eq(binop(SPT_OP_ULE, 4, 3), 0);
}

Test(vm, unary_and_extension)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, 0x180), I(SPT_OP_SEXT, 2, 1, 8, 0), /* 0x80 as s8 = -128 */
		I(SPT_OP_ZEXT, 3, 1, 8, 0),				   /* 0x80 */
		I(SPT_OP_NEG, 4, 1, 0, 0),     I(SPT_OP_NOT, 5, 1, 0, 0),
		I(SPT_OP_LNOT, 6, 1, 0, 0),    I(SPT_OP_LNOT, 7, 0, 0, 0),
		I(SPT_OP_LDI, 8, 0, 0, -1),    I(SPT_OP_MOV, 9, 8, 0, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run(code, 10), SPT_VM_DONE);
	cr_assert_eq(vm.r[2], (uint64_t)-128);
	cr_assert_eq(vm.r[3], 0x80);
	cr_assert_eq(vm.r[4], (uint64_t)-0x180);
	cr_assert_eq(vm.r[5], ~0x180ULL);
	cr_assert_eq(vm.r[6], 0);
	cr_assert_eq(vm.r[7], 1);
	cr_assert_eq(vm.r[9], UINT64_MAX, "LDI sign-extends");
}

Test(vm, predicate_and_branches)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDB, 1, 0, 0, SPT_B_PID),
		I(SPT_OP_LDI, 2, 0, 0, 42),
		I(SPT_OP_EQ, 3, 1, 2, 0),
		I(SPT_OP_PRED, 0, 3, 0, 0),
		I(SPT_OP_JZ, 0, 0, 0, 1), /* r0 == 0: skip the next */
		I(SPT_OP_LDI, 4, 0, 0, 99),
		I(SPT_OP_JNZ, 0, 3, 0, -3), /* back to the JZ ... once r5 */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	env.builtin[SPT_B_PID] = 7;
	cr_assert_eq(run(code, 8), SPT_VM_SKIP, "pid != 42");
	cr_assert_eq(vm.pc, 4, "stopped right after PRED");

	/* A loop that never ends is stopped by the step bound. */
	env.builtin[SPT_B_PID] = 42;
	cr_assert_eq(run(code, 8), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP);
}

Test(vm, faults)
{
	struct spt_insn div[] = {
		I(SPT_OP_LDI, 1, 0, 0, 1),
		I(SPT_OP_SDIV, 0, 1, 2, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn bad[] = {
		I(SPT_OP_NOPS, 0, 0, 0, 0),
	};
	struct spt_insn badrec[] = {
		I(SPT_OP_REC, 0, 1, 3, 8),
	};

	cr_assert_eq(run(div, 3), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_DIVZERO);
	cr_assert_eq(vm.fault_pc, 1);
	cr_assert_eq(run(bad, 1), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP);
	cr_assert_eq(vm.fault_val, SPT_OP_NOPS);
	cr_assert_eq(run(badrec, 1), SPT_VM_FAULT, "record width 3 is illegal");
}

Test(vm, variables_and_records)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, 1234), I(SPT_OP_STG, 0, 1, 0, 16),
		I(SPT_OP_LDG, 2, 0, 0, 16),   I(SPT_OP_STT, 0, 2, 0, 8),
		I(SPT_OP_LDT, 3, 0, 0, 8),    I(SPT_OP_REC, 0, 3, 8, 8),
		I(SPT_OP_REC, 0, 3, 2, 16),   I(SPT_OP_LDI, 4, 0, 0, 3),
		I(SPT_OP_EXIT, 0, 4, 0, 0),   I(SPT_OP_RET, 0, 0, 0, 0),
	};
	uint64_t g;

	memset(&env, 0, sizeof(env));
	cr_assert_eq(run(code, 10), SPT_VM_DONE);
	memcpy(&g, env.globals + 16, 8);
	cr_assert_eq(g, 1234);
	cr_assert_eq(vm.r[3], 1234);
	cr_assert_eq(*(uint64_t *)(vm.rec + 8), 1234);
	cr_assert_eq(*(uint16_t *)(vm.rec + 16), 1234);
	cr_assert(vm.exiting);
	cr_assert_eq(vm.exit_status, 3);
}

Test(vm, offsets_are_masked)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, 7),
		/* Far out of range: must land inside the areas, never outside. */
		I(SPT_OP_STG, 0, 1, 0, 0x7ffffff8),
		I(SPT_OP_STT, 0, 1, 0, -8),
		I(SPT_OP_REC, 0, 1, 8, 0x7fffffff),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run(code, 5), SPT_VM_DONE);
}

Test(vm, raise_and_stop)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, 10), I(SPT_OP_RAISE, 0, 1, 0, 0),
		I(SPT_OP_LDI, 1, 0, 0, 15), I(SPT_OP_RAISE, 0, 1, 0, 0), /* the last raise() wins */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn stop[] = {
		I(SPT_OP_RAISE, 0, 0, 1, 0),
		I(SPT_OP_LDI, 1, 0, 0, 64),
		I(SPT_OP_RAISE, 0, 1, 0, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn bad[] = {
		I(SPT_OP_LDI, 1, 0, 0, 65),
		I(SPT_OP_RAISE, 0, 1, 0, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run(code, sizeof(code) / sizeof(code[0])), SPT_VM_DONE);
	cr_assert_eq(vm.dsig, 15);
	cr_assert_eq(run(stop, sizeof(stop) / sizeof(stop[0])), SPT_VM_DONE);
	cr_assert_eq(vm.dsig, SPT_DSIG_STOP | 64, "stop() and a signal, both pending");
	/* The next clause starts with nothing pending. */
	cr_assert_eq(run(stop + 3, 1), SPT_VM_DONE);
	cr_assert_eq(vm.dsig, 0);
	cr_assert_eq(run(bad, sizeof(bad) / sizeof(bad[0])), SPT_VM_FAULT, "no signal 65");
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP);
	cr_assert_eq(vm.fault_pc, 1);
	bad[0].imm = 0;
	cr_assert_eq(run(bad, sizeof(bad) / sizeof(bad[0])), SPT_VM_FAULT, "no signal 0");
}

/*
 * speculate() of 0, of an id above nspec or of a slot not taken ends the
 * clause silently, nothing recorded, nothing after it run; commit() and
 * discard() of an id above nspec are illegal operations (d-language 6.2).
 */
Test(vm, speculate_and_commit_ids)
{
	struct spt_insn spec[] = {
		I(SPT_OP_LDI, 1, 0, 0, 0),
		I(SPT_OP_SPEC, 0, 1, 0, 0),
		I(SPT_OP_LDI, 2, 0, 0, 9), /* not reached when skipped */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn commit[] = {
		I(SPT_OP_LDI, 1, 0, 0, 0),
		I(SPT_OP_COMMIT, 0, 1, 0, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	int64_t id;

	memset(&env, 0, sizeof(env));
	env.nspec = 2;
	env.spec_taken[2] = 1;
	for (id = 0; id <= 3; id++) {
		spec[0].imm = (int32_t)id;
		vm.r[2] = 0;
		if (id == 2) {
			cr_assert_eq(run(spec, 4), SPT_VM_DONE, "slot 2 is taken");
			cr_assert_eq(vm.specd, 1);
			cr_assert_eq(vm.spec, 2);
			cr_assert_eq(vm.r[2], 9, "the clause goes on");
		} else {
			cr_assert_eq(run(spec, 4), SPT_VM_SKIP, "speculate(%lld)", (long long)id);
			cr_assert_eq(vm.r[2], 0, "the rest of the clause is not run");
		}
	}
	spec[0].imm = -1;
	cr_assert_eq(run(spec, 4), SPT_VM_SKIP, "speculate(-1)");
	for (id = 0; id <= 2; id++) {
		commit[0].imm = (int32_t)id;
		cr_assert_eq(run(commit, 3), SPT_VM_DONE, "commit(%lld): silently", (long long)id);
		commit[1].b = 1;
		cr_assert_eq(run(commit, 3), SPT_VM_DONE, "discard(%lld): silently", (long long)id);
		commit[1].b = 0;
	}
	commit[0].imm = 3;
	cr_assert_eq(run(commit, 3), SPT_VM_FAULT, "commit(3) with nspec 2");
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP);
	cr_assert_eq(vm.fault_pc, 1);
	commit[1].b = 1;
	cr_assert_eq(run(commit, 3), SPT_VM_FAULT, "discard(3) with nspec 2");
	commit[0].imm = -1;
	cr_assert_eq(run(commit, 3), SPT_VM_FAULT, "discard(-1)");
	memset(&env, 0, sizeof(env));
}

/* SPECCHK: a speculative clause stops where its record stops fitting. */
Test(vm, specchk)
{
	struct spt_insn chk[] = {
		I(SPT_OP_LDI, 1, 0, 0, 1),
		I(SPT_OP_SPECCHK, 0, 0, 0, 40), /* before speculate(): no check */
		I(SPT_OP_SPEC, 0, 1, 0, 0),
		I(SPT_OP_LDI, 2, 0, 0, 7), /* runs: before the data */
		I(SPT_OP_SPECCHK, 0, 0, 0, 24),
		I(SPT_OP_LDI, 3, 0, 0, 8),
		I(SPT_OP_SPECCHK, 0, 0, 0, 40),
		I(SPT_OP_LDI, 4, 0, 0, 9), /* not reached when 40 bytes do not fit */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	memset(&env, 0, sizeof(env));
	env.nspec = 1;
	env.spec_taken[1] = 1;
	env.specroom = 32;
	cr_assert_eq(run(chk, 9), SPT_VM_SKIP);
	cr_assert_eq(vm.specroom, 32);
	cr_assert_eq(vm.specdrop, 1);
	cr_assert_eq(vm.r[2], 7);
	cr_assert_eq(vm.r[3], 8);
	cr_assert_eq(vm.r[4], 0, "the rest of the clause is not run");
	env.specroom = 40;
	cr_assert_eq(run(chk, 9), SPT_VM_DONE, "40 bytes fit in 40");
	cr_assert_eq(vm.specdrop, 0);
	cr_assert_eq(vm.r[4], 9);
	memset(&env, 0, sizeof(env));
}

Test(vm, stores_into_scratch)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 2, 0, 0, 16),
		I(SPT_OP_MCPY, 1, 0, 2, SPT_MCPY_ALLOCA), /* r1 = alloca(16) */
		I(SPT_OP_LDI, 3, 0, 0, 0x41424344),
		I(SPT_OP_STX, 0, 1, 3, 2), /* the low 2 bytes at r1 */
		I(SPT_OP_LDI, 4, 0, 0, 12),
		I(SPT_OP_ADD, 5, 1, 4, 0),
		I(SPT_OP_STX, 0, 5, 3, 4), /* the area's last 4 bytes */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn past[] = {
		I(SPT_OP_LDI, 2, 0, 0, 8), I(SPT_OP_MCPY, 1, 0, 2, SPT_MCPY_ALLOCA),
		I(SPT_OP_LDI, 4, 0, 0, 4), I(SPT_OP_ADD, 5, 1, 4, 0),
		I(SPT_OP_STX, 0, 5, 3, 8), /* 8 bytes from offset 4 of 8 */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn before[] = {
		I(SPT_OP_LDI, 2, 0, 0, 8), I(SPT_OP_MCPY, 1, 0, 2, SPT_MCPY_ALLOCA),
		I(SPT_OP_LDI, 4, 0, 0, 1), I(SPT_OP_SUB, 5, 1, 4, 0),
		I(SPT_OP_STX, 0, 5, 3, 1), /* the byte before the scratch */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn width[] = {
		I(SPT_OP_LDI, 2, 0, 0, 8),
		I(SPT_OP_MCPY, 1, 0, 2, SPT_MCPY_ALLOCA),
		I(SPT_OP_STX, 0, 1, 3, 3),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run(code, sizeof(code) / sizeof(code[0])), SPT_VM_DONE);
	cr_assert_eq(vm.scratch[0], 0x44, "2 bytes stored little-endian");
	cr_assert_eq(vm.scratch[1], 0x43);
	cr_assert_eq(vm.scratch[2], 0, "and no more");
	cr_assert_eq(memcmp(vm.scratch + 12, "DCBA", 4), 0);
	cr_assert_eq(run(past, sizeof(past) / sizeof(past[0])), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_BADADDR);
	cr_assert_eq(vm.fault_pc, 4);
	cr_assert_eq(run(before, sizeof(before) / sizeof(before[0])), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_BADADDR);
	cr_assert_eq(run(width, sizeof(width) / sizeof(width[0])), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP, "a store is 1, 2, 4 or 8 bytes");
}

/*
 * A struct value in a variable: VADDR gives its storage's address, MCPY
 * with TOVAR copies a value there from kernel memory (globals and this->
 * alike), STX stores into a member there; storage that does not hold all
 * the bytes faults BADADDR, and only variables have a VADDR.
 */
#define SV_BASE 0x20000u
static uint8_t sv_mem[17] = "0123456789abcdef";

Test(vm, struct_values_in_variables)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, SV_BASE),
		I(SPT_OP_LDI, 2, 0, 0, 16),
		I(SPT_OP_VADDR, 3, 0, 0, SPT_SREF_GLOBALS + 32),
		I(SPT_OP_MCPY, 3, 1, 2, SPT_MCPY_BCOPY | SPT_MCPY_TOVAR), /* a global = *src */
		I(SPT_OP_VADDR, 4, 0, 0, SPT_SREF_THIS + 8),
		I(SPT_OP_MCPY, 4, 1, 2, SPT_MCPY_BCOPY | SPT_MCPY_TOVAR), /* a this-> = *src */
		I(SPT_OP_LDI, 5, 0, 0, 'Z'),
		I(SPT_OP_LDI, 6, 0, 0, 3),
		I(SPT_OP_ADD, 7, 4, 6, 0),
		I(SPT_OP_STX, 0, 7, 5, 1), /* this->v.m = 'Z' (its fourth byte) */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn outside[] = {
		I(SPT_OP_LDI, 1, 0, 0, SV_BASE),
		I(SPT_OP_LDI, 2, 0, 0, 16),
		I(SPT_OP_VADDR, 3, 0, 0, SPT_SREF_THIS + SPT_THIS_MAX - 8),
		I(SPT_OP_MCPY, 3, 1, 2, SPT_MCPY_BCOPY | SPT_MCPY_TOVAR), /* 16 bytes, 8 left */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn strtab[] = {
		I(SPT_OP_VADDR, 3, 0, 0, 0), /* a string table reference is no variable */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	memset(&env, 0, sizeof(env));
	env.mem = sv_mem;
	env.mem_base = SV_BASE;
	env.mem_len = 16;
	cr_assert_eq(run(code, sizeof(code) / sizeof(code[0])), SPT_VM_DONE);
	cr_assert_eq(vm.r[3], (uint64_t)(uintptr_t)(env.globals + 32));
	cr_assert_eq(vm.r[4], (uint64_t)(uintptr_t)(vm.thisv + 8));
	cr_assert_eq(memcmp(env.globals + 32, "0123456789abcdef", 16), 0);
	cr_assert_eq(memcmp(vm.thisv + 8, "012Z456789abcdef", 16), 0);
	cr_assert_eq(run(outside, sizeof(outside) / sizeof(outside[0])), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_BADADDR);
	cr_assert_eq(run(strtab, sizeof(strtab) / sizeof(strtab[0])), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP);
	memset(&env, 0, sizeof(env));
}

/*
 * DPATH over a made-up kernel memory: dentries (d_parent 0, name 8, len
 * 16, d_op 24, d_sb 32, d_inode 40), mounts (vfsmount inside at 16:
 * mnt_root 0; mnt_parent 0, mnt_mountpoint 8 of struct mount).
 */
#define DP_BASE 0x10000u
static uint8_t dp_mem[2048];

static void dp_put(uint32_t at, uint64_t v)
{
	memcpy(dp_mem + at, &v, 8);
}

static void dp_dentry(uint32_t at, uint32_t parent, uint32_t name, const char *s)
{
	dp_put(at, DP_BASE + parent);
	dp_put(at + 8, DP_BASE + name);
	dp_put(at + 16, strlen(s));
	memcpy(dp_mem + name, s, strlen(s) + 1);
}

/* The path of dentry D on vfsmount M, from the root dentry R on vfsmount RM. */
static const char *dpath(uint64_t d, uint64_t m, uint64_t r, uint64_t rm, int *rc)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, (int32_t)d), I(SPT_OP_LDI, 2, 0, 0, (int32_t)m),
		I(SPT_OP_LDI, 3, 0, 0, (int32_t)r), I(SPT_OP_LDI, 4, 0, 0, (int32_t)rm),
		I(SPT_OP_DPATH, 5, 1, 2, 1),	    I(0, 0, 3, 4, 0 | 8 << 16),
		I(0, 0, 0, 0, 16 | 0 << 16),	    I(0, 0, 0, 0, 16 | 0 << 16),
		I(0, 0, 0, 0, 8 | 24 << 16),	    I(0, 0, 0, 0, 0 | 32 << 16),
		I(0, 0, 0, 0, 0 | 0 << 16),	    I(0, 0, 0, 0, 40 | 0 << 16),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	env.mem_base = DP_BASE;
	env.mem = dp_mem;
	env.mem_len = sizeof(dp_mem);
	*rc = run(code, sizeof(code) / sizeof(code[0]));
	return (const char *)vm.str + SPT_STRSIZE;
}

Test(vm, dpath)
{
	/* / (R at 0), /usr (U at 64), /usr/lib (L at 128); mount 1 at 512, the namespace's root */
	const uint32_t R = 0, U = 64, L = 128, R2 = 192, F = 256, P = 320;
	const uint32_t M1 = 512, M2 = 576, OPS = 640, SB = 648, ST = 656, INO = 672;
	int rc;

	memset(dp_mem, 0, sizeof(dp_mem));
	dp_dentry(R, R, 1024, "");
	dp_dentry(U, R, 1040, "usr");
	dp_dentry(L, U, 1056, "lib");
	dp_put(M1 + 16, DP_BASE + R); /* mnt_root */
	dp_put(M1, DP_BASE + M1);     /* its own parent */
	/* mount 2 on /usr: its root R2, a file "x" in it */
	dp_dentry(R2, R2, 1072, "");
	dp_dentry(F, R2, 1088, "x");
	dp_put(M2 + 16, DP_BASE + R2);
	dp_put(M2, DP_BASE + M1);
	dp_put(M2 + 8, DP_BASE + U);
	/* a pipe: d_op with d_dname, on a pipefs superblock, inode 4242 */
	dp_dentry(P, P, 1104, "");
	dp_put(P + 24, DP_BASE + OPS);
	dp_put(OPS, 0xffffffff81000000ull); /* d_dname */
	dp_put(P + 32, DP_BASE + SB);
	dp_put(SB, DP_BASE + ST);
	dp_put(ST, DP_BASE + 1120);
	memcpy(dp_mem + 1120, "pipefs", 7);
	dp_put(P + 40, DP_BASE + INO);
	dp_put(INO, 4242);

	cr_assert_str_eq(dpath(DP_BASE + L, DP_BASE + M1 + 16, 0, 0, &rc), "/usr/lib");
	cr_assert_eq(rc, SPT_VM_DONE);
	cr_assert_eq(vm.r[5], SPT_SREF_VM + SPT_STRSIZE, "slot 1's reference");
	cr_assert_str_eq(dpath(DP_BASE + R, DP_BASE + M1 + 16, 0, 0, &rc), "/", "the root");
	cr_assert_str_eq(dpath(DP_BASE + F, DP_BASE + M2 + 16, 0, 0, &rc), "/usr/x",
			 "up through the mount point");
	cr_assert_str_eq(dpath(DP_BASE + L, DP_BASE + M1 + 16, DP_BASE + U, DP_BASE + M1 + 16, &rc),
			 "/lib", "from the process's root");
	cr_assert_str_eq(dpath(DP_BASE + P, DP_BASE + M1 + 16, 0, 0, &rc), "pipe:[4242]");
	memcpy(dp_mem + 1120, "sockfs", 7);
	cr_assert_str_eq(dpath(DP_BASE + P, DP_BASE + M1 + 16, 0, 0, &rc), "socket:[4242]");
	dpath(0x20, DP_BASE + M1 + 16, 0, 0, &rc);
	cr_assert_eq(rc, SPT_VM_FAULT, "an unreadable dentry");
	cr_assert_eq(vm.fault, SPT_FLT_BADADDR);
}

Test(vm, bound)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, 0),
		I(SPT_OP_BOUND, 0, 1, 0, 16),
		I(SPT_OP_LDI, 0, 0, 0, 7),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	/* inside the array: on to the next instruction */
	code[0].imm = 15;
	cr_assert_eq(run(code, 4), SPT_VM_DONE);
	cr_assert_eq(vm.r[0], 7);
	/* at the end, and a negative index (huge unsigned): BADINDEX with the index */
	code[0].imm = 16;
	cr_assert_eq(run(code, 4), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_BADINDEX);
	cr_assert_eq(vm.fault_val, 16);
	cr_assert_eq(vm.fault_pc, 1);
	code[0].imm = -1;
	cr_assert_eq(run(code, 4), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_BADINDEX);
	cr_assert_eq((int64_t)vm.fault_val, -1);
}
