/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The VM's string primitives (SSUB, SFIND, LTOS, STOL) in the host VM, as
 * bytecode: operand masking, append, case mapping, references into a
 * string, and the faults. D-level results are in test_strsub.c.
 */
#include <string.h>
#include <criterion/criterion.h>

#include "vmhost.h"

static struct spt_vm vm;
static struct spt_env env;
static uint8_t strtab[SPT_STRTAB_MAX + SPT_STRSIZE];

#define I(o, d, x, y, i) \
	((struct spt_insn){ .op = (o), .dst = (d), .a = (x), .b = (y), .imm = (i) })

static struct spt_insn prog[SPT_MAX_INSNS];

static int run_code(const struct spt_insn *code, size_t n)
{
	memset(prog, 0, sizeof(prog));
	memcpy(prog, code, n * sizeof(*code));
	memset(&vm, 0, sizeof(vm));
	memset(&env, 0, sizeof(env));
	memset(strtab, 0, sizeof(strtab));
	memcpy(strtab, "\0hello/world", 13);
	env.strtab = strtab;
	return vmhost_run(&vm, prog, 0, &env, 1000);
}

/* The primitives themselves: faults, masking, append, references. */
Test(vm_str, primitives)
{
	struct spt_insn bad_base[] = {
		I(SPT_OP_LDI, 1, 0, 0, 5),
		I(SPT_OP_LDI, 2, 0, 0, 37),
		I(SPT_OP_LTOS, 3, 1, 2, 1),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn bad_base2[] = {
		I(SPT_OP_LDI, 1, 0, 0, 1),
		I(SPT_OP_LDI, 2, 0, 0, 1),
		I(SPT_OP_STOL, 3, 1, 2, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn bad_ref[] = {
		I(SPT_OP_LDI, 1, 0, 0, 0x7fffffff),
		I(SPT_OP_LDI, 2, 0, 0, 0),
		I(SPT_OP_SFIND, 2, 1, 2, 0),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};
	struct spt_insn ssub[] = {
		I(SPT_OP_LDI, 1, 0, 0, 1), /* "hello/world" */
		I(SPT_OP_LDI, 2, 0, 0, 6),
		I(SPT_OP_LDI, 3, 0, 0, 1000),
		I(SPT_OP_SSUB, 3, 1, 2, 0xf3), /* slot masked: 3; "world" */
		I(SPT_OP_LDI, 2, 0, 0, -100),
		I(SPT_OP_LDI, 4, 0, 0, 5),
		I(SPT_OP_SSUB, 4, 1, 2, 3 | SPT_SSUB_APPEND | SPT_SSUB_UPPER), /* + "HELLO" */
		I(SPT_OP_LDI, 5, 0, 0, 0),
		I(SPT_OP_LDI, 6, 0, 0, 'L'),
		I(SPT_OP_SFIND, 5, 4, 6, SPT_FIND_REF),
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run_code(bad_base, 4), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP);
	cr_assert_eq(vm.fault_pc, 2);
	cr_assert_eq(run_code(bad_base2, 4), SPT_VM_FAULT);
	cr_assert_eq(vm.fault, SPT_FLT_ILLOP);
	cr_assert_eq(run_code(bad_ref, 4), SPT_VM_FAULT, "a reference beyond the string space");
	cr_assert_eq(run_code(ssub, sizeof(ssub) / sizeof(ssub[0])), SPT_VM_DONE);
	cr_assert_eq(vm.r[3], SPT_SREF_VM + 3 * SPT_STRSIZE);
	cr_assert_eq(vm.r[4], vm.r[3]);
	cr_assert_str_eq((char *)vm.str + 3 * SPT_STRSIZE, "worldHELLO");
	cr_assert_eq(vm.r[5], vm.r[3] + 7, "a reference into the string: \"LLO\"");
}

/* SFIND's modes on "hello/world" (reference 1), and NULL (reference 0). */
Test(vm_str, find_modes)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI, 1, 0, 0, 1),
		I(SPT_OP_LDI, 2, 0, 0, 'o'),
		I(SPT_OP_LDI, 3, 0, 0, 0),
		I(SPT_OP_SFIND, 3, 1, 2, 0), /* first 'o': 4 */
		I(SPT_OP_LDI, 4, 0, 0, 1000),
		I(SPT_OP_SFIND, 4, 1, 2, SPT_FIND_BACK), /* last 'o': 7 */
		I(SPT_OP_LDI, 5, 0, 0, 4),
		I(SPT_OP_SFIND, 5, 1, 2, SPT_FIND_BACK | SPT_FIND_NOT), /* not 'o' at <= 4: 3 */
		I(SPT_OP_LDI, 6, 0, 0, -5),
		I(SPT_OP_SFIND, 6, 1, 2, SPT_FIND_BACK), /* backwards from < 0: -1 */
		I(SPT_OP_LDI, 7, 0, 0, 0),
		I(SPT_OP_LDI, 8, 0, 0, 0),
		I(SPT_OP_SFIND, 8, 7, 2, SPT_FIND_REF), /* in NULL: none, NULL */
		I(SPT_OP_LDI, 9, 0, 0, 0),
		I(SPT_OP_SFIND, 9, 1, 7, 0), /* '\0': never found, -1 */
		I(SPT_OP_LDI, 10, 0, 0, 5),  /* "o/world" */
		I(SPT_OP_LDI, 11, 0, 0, 0),
		I(SPT_OP_SFIND, 11, 1, 10, SPT_FIND_STR | SPT_FIND_REF), /* rest at 4 */
		I(SPT_OP_LDI, 12, 0, 0, 5),
		I(SPT_OP_SFIND, 12, 1, 10, SPT_FIND_STR), /* from 5: none */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run_code(code, sizeof(code) / sizeof(code[0])), SPT_VM_DONE);
	cr_assert_eq(vm.r[3], 4);
	cr_assert_eq(vm.r[4], 7);
	cr_assert_eq(vm.r[5], 3);
	cr_assert_eq(vm.r[6], (uint64_t)-1);
	cr_assert_eq(vm.r[8], 0);
	cr_assert_eq(vm.r[9], (uint64_t)-1);
	cr_assert_eq(vm.r[11], 1 + 4);
	cr_assert_eq(vm.r[12], (uint64_t)-1);
}

/* Conversions, and SSUB ranges far out of the string. */
Test(vm_str, conversions_and_ranges)
{
	struct spt_insn code[] = {
		I(SPT_OP_LDI64, 1, 0, 0, 0),
		I(0, 0, 0, 0, (int32_t)0x80000000), /* INT64_MIN */
		I(SPT_OP_LDI, 2, 0, 0, 10),
		I(SPT_OP_LTOS, 3, 1, 2, 4),
		I(SPT_OP_STOL, 4, 3, 2, 0), /* back again */
		I(SPT_OP_LDI, 5, 0, 0, 16),
		I(SPT_OP_LTOS, 6, 1, 5, 5),
		I(SPT_OP_LDI, 7, 0, 0, 1),
		I(SPT_OP_LDI64, 8, 0, 0, 0),
		I(0, 0, 0, 0, (int32_t)0x80000000),
		I(SPT_OP_LDI, 9, 0, 0, 0x7fffffff),
		I(SPT_OP_SSUB, 9, 7, 8, 6), /* [INT64_MIN, huge): all */
		I(SPT_OP_LDI, 10, 0, 0, 3),
		I(SPT_OP_LDI, 11, 0, 0, 2),
		I(SPT_OP_SSUB, 11, 7, 10, 7), /* [3, 2): "" */
		I(SPT_OP_RET, 0, 0, 0, 0),
	};

	cr_assert_eq(run_code(code, sizeof(code) / sizeof(code[0])), SPT_VM_DONE);
	cr_assert_str_eq((char *)vm.str + 4 * SPT_STRSIZE, "-9223372036854775808");
	cr_assert_eq(vm.r[4], 1ULL << 63);
	cr_assert_str_eq((char *)vm.str + 5 * SPT_STRSIZE, "0x8000000000000000");
	cr_assert_str_eq((char *)vm.str + 6 * SPT_STRSIZE, "hello/world");
	cr_assert_str_eq((char *)vm.str + 7 * SPT_STRSIZE, "");
	cr_assert_eq(vm.r[11], SPT_SREF_VM + 7 * SPT_STRSIZE);
}
