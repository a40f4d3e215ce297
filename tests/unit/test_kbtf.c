/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <criterion/criterion.h>
#include <errno.h>
#include <bpf/btf.h>

#include "kbtf.h"

/*
 * struct inner { int a; long b; };
 * struct task {                          offset
 *         long flags;                    0
 *         union { int x; long y; };      8   (anonymous)
 *         struct inner se;               16
 *         int bits : 3;                  32  (bit-field)
 *         struct { int tgid; };          36  (anonymous, nested below)
 * };
 * typedef struct inner inner_t; struct other { inner_t in; }  (through a typedef)
 */
static struct btf *sample(void)
{
	struct btf *b = btf__new_empty();
	int i32, i64, inner, anon_u, anon_s, task, td, other;

	cr_assert(b);
	i32 = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	i64 = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
	inner = btf__add_struct(b, "inner", 16);
	btf__add_field(b, "a", i32, 0, 0);
	btf__add_field(b, "b", i64, 64, 0);
	anon_u = btf__add_union(b, NULL, 8);
	btf__add_field(b, "x", i32, 0, 0);
	btf__add_field(b, "y", i64, 0, 0);
	anon_s = btf__add_struct(b, NULL, 4);
	btf__add_field(b, "tgid", i32, 0, 0);
	task = btf__add_struct(b, "task", 40);
	btf__add_field(b, "flags", i64, 0, 0);
	btf__add_field(b, NULL, anon_u, 64, 0);
	btf__add_field(b, "se", inner, 128, 0);
	btf__add_field(b, "bits", i32, 256, 3);
	btf__add_field(b, NULL, anon_s, 288, 0);
	td = btf__add_typedef(b, "inner_t", inner);
	other = btf__add_struct(b, "other", 16);
	btf__add_field(b, "in", td, 0, 0);
	cr_assert(task > 0 && other > 0);
	return b;
}

Test(kbtf, members_and_paths)
{
	struct btf *b = sample();
	uint32_t off = 99;

	cr_assert_eq(kbtf_member_offset(b, "task", "flags", &off), 0);
	cr_assert_eq(off, 0);
	cr_assert_eq(kbtf_member_offset(b, "task", "se.b", &off), 0);
	cr_assert_eq(off, 24);
	cr_assert_eq(kbtf_member_offset(b, "other", "in.b", &off), 0, "through a typedef");
	cr_assert_eq(off, 8);
	btf__free(b);
}

Test(kbtf, anonymous_members)
{
	struct btf *b = sample();
	uint32_t off = 99;

	cr_assert_eq(kbtf_member_offset(b, "task", "y", &off), 0);
	cr_assert_eq(off, 8);
	cr_assert_eq(kbtf_member_offset(b, "task", "tgid", &off), 0);
	cr_assert_eq(off, 36);
	btf__free(b);
}

Test(kbtf, refusals)
{
	struct btf *b = sample();
	uint32_t off = 99;

	cr_assert_eq(kbtf_member_offset(b, "task", "nope", &off), -ENOENT);
	cr_assert_eq(kbtf_member_offset(b, "nosuch", "flags", &off), -ENOENT);
	cr_assert_eq(kbtf_member_offset(b, "task", "bits", &off), -EINVAL, "a bit-field");
	cr_assert_eq(kbtf_member_offset(b, "task", "flags.x", &off), -EINVAL, "not a struct");
	cr_assert_eq(kbtf_member_offset(b, "task", "se.", &off), -ENOENT);
	cr_assert_eq(off, 99, "untouched on failure");
	btf__free(b);
}
