/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "dtype.h"

/*
 * struct task {                          offset
 *         long flags;                    0
 *         union { int x; long y; };      8   (anonymous)
 *         char comm[16];                 16
 *         struct task *parent;           32
 *         unsigned int bits : 3;         40  (bit-field, bit 320)
 *         const volatile int cv;         44
 * };
 * typedef struct task task_t; enum e { A }; struct fwd;
 */
struct sample {
	struct btf *b;
	int i32, i64, chr, task, arr, ptr, td, en, fwd;
};

static struct sample sample(void)
{
	struct sample s;
	int anon, u32, c, v;

	s.b = btf__new_empty();
	cr_assert(s.b);
	s.i32 = btf__add_int(s.b, "int", 4, BTF_INT_SIGNED);
	s.i64 = btf__add_int(s.b, "long", 8, BTF_INT_SIGNED);
	s.chr = btf__add_int(s.b, "char", 1, BTF_INT_CHAR);
	u32 = btf__add_int(s.b, "unsigned int", 4, 0);
	s.arr = btf__add_array(s.b, s.i32, s.chr, 16);
	anon = btf__add_union(s.b, NULL, 8);
	btf__add_field(s.b, "x", s.i32, 0, 0);
	btf__add_field(s.b, "y", s.i64, 0, 0);
	c = btf__add_const(s.b, s.i32);
	v = btf__add_volatile(s.b, c);
	s.task = btf__add_struct(s.b, "task", 48);
	btf__add_field(s.b, "flags", s.i64, 0, 0);
	btf__add_field(s.b, NULL, anon, 64, 0);
	btf__add_field(s.b, "comm", s.arr, 128, 0);
	btf__add_field(s.b, "parent", s.task + 1, 256, 0); /* the pointer, the next type added */
	btf__add_field(s.b, "bits", u32, 320, 3);
	btf__add_field(s.b, "cv", v, 352, 0);
	s.ptr = btf__add_ptr(s.b, s.task);
	s.td = btf__add_typedef(s.b, "task_t", s.task);
	s.en = btf__add_enum(s.b, "e", 4);
	btf__add_enum_value(s.b, "A", 0);
	s.fwd = btf__add_fwd(s.b, "fwd", BTF_FWD_STRUCT);
	cr_assert(s.fwd > 0);
	return s;
}

Test(dtype, find_and_resolve)
{
	struct sample s = sample();
	struct dtypes dt = { 0 };

	cr_assert_eq(dtype_open_btf(&dt, s.b), 0);
	cr_assert_eq(dtype_find(&dt, DTYPE_STRUCT, "task"), (uint32_t)s.task);
	cr_assert_eq(dtype_find(&dt, DTYPE_UNION, "task"), 0);
	cr_assert_eq(dtype_find(&dt, DTYPE_TYPEDEF, "task_t"), (uint32_t)s.td);
	cr_assert_eq(dtype_find(&dt, DTYPE_ENUM, "e"), (uint32_t)s.en);
	cr_assert_eq(dtype_find(&dt, DTYPE_STRUCT, "fwd"), (uint32_t)s.fwd, "a forward tag");
	cr_assert_eq(dtype_find(&dt, DTYPE_STRUCT, "nothing"), 0);
	cr_assert_eq(dtype_resolve(&dt, (uint32_t)s.td), (uint32_t)s.task);
	cr_assert_eq(dtype_size(&dt, (uint32_t)s.td), 48);
	cr_assert_eq(dtype_size(&dt, (uint32_t)s.arr), 16);
	cr_assert_eq(dtype_size(&dt, 0), 0, "void");
	dtype_close(&dt);
}

Test(dtype, info)
{
	struct sample s = sample();
	struct dtypes dt = { 0 };
	struct dtype_info ti;

	cr_assert_eq(dtype_open_btf(&dt, s.b), 0);
	cr_assert_eq(dtype_info(&dt, (uint32_t)s.chr, &ti), 0);
	cr_assert(ti.kind == DTYPE_K_INT && ti.size == 1 && ti.sign, "char is signed");
	cr_assert_eq(dtype_info(&dt, (uint32_t)s.arr, &ti), 0);
	cr_assert(ti.kind == DTYPE_K_ARRAY && ti.nelems == 16 && ti.ref == (uint32_t)s.chr);
	cr_assert_eq(dtype_info(&dt, (uint32_t)s.ptr, &ti), 0);
	cr_assert(ti.kind == DTYPE_K_PTR && ti.size == 8 && ti.ref == (uint32_t)s.task);
	cr_assert_eq(dtype_info(&dt, (uint32_t)s.en, &ti), 0);
	cr_assert(ti.kind == DTYPE_K_INT && ti.size == 4 && ti.sign, "an enum is an int");
	cr_assert_eq(dtype_info(&dt, (uint32_t)s.fwd, &ti), 0);
	cr_assert_eq(ti.kind, DTYPE_K_FWD);
	cr_assert_eq(dtype_info(&dt, 9999, &ti), -EINVAL);
	dtype_close(&dt);
}

Test(dtype, members)
{
	struct sample s = sample();
	struct dtypes dt = { 0 };
	struct dtype_member m;

	cr_assert_eq(dtype_open_btf(&dt, s.b), 0);
	cr_assert_eq(dtype_member(&dt, (uint32_t)s.td, "comm", &m), 0, "through the typedef");
	cr_assert(m.bit_off == 128 && m.type == (uint32_t)s.arr && m.bits == 0);
	cr_assert_eq(dtype_member(&dt, (uint32_t)s.task, "y", &m), 0, "in the anonymous union");
	cr_assert(m.bit_off == 64 && m.type == (uint32_t)s.i64);
	cr_assert_eq(dtype_member(&dt, (uint32_t)s.task, "bits", &m), 0);
	cr_assert(m.bit_off == 320 && m.bits == 3);
	cr_assert_eq(dtype_member(&dt, (uint32_t)s.task, "parent", &m), 0);
	cr_assert(m.bit_off == 256 && m.type == (uint32_t)s.ptr);
	cr_assert_eq(dtype_member(&dt, (uint32_t)s.task, "nope", &m), -ENOENT);
	cr_assert_eq(dtype_member(&dt, (uint32_t)s.i32, "x", &m), -EINVAL);
	dtype_close(&dt);
}

Test(dtype, names_and_pointers)
{
	struct sample s = sample();
	struct dtypes dt = { 0 };
	struct dtype_member m;
	char buf[64];
	uint32_t p, pp;

	cr_assert_eq(dtype_open_btf(&dt, s.b), 0);
	cr_assert_str_eq(dtype_name(&dt, (uint32_t)s.ptr, buf, sizeof(buf)), "struct task *");
	cr_assert_str_eq(dtype_name(&dt, (uint32_t)s.arr, buf, sizeof(buf)), "char [16]");
	cr_assert_str_eq(dtype_name(&dt, (uint32_t)s.td, buf, sizeof(buf)), "task_t");
	cr_assert_str_eq(dtype_name(&dt, (uint32_t)s.en, buf, sizeof(buf)), "enum e");
	cr_assert_str_eq(dtype_name(&dt, 0, buf, sizeof(buf)), "void");
	{
		/* the compiler's integers for D's types are named as D names them */
		int d32 = btf__add_int(dt.btf, "__d_s32", 4, BTF_INT_SIGNED);
		int du8 = btf__add_int(dt.btf, "__d_u8", 1, 0);
		int a = btf__add_array(dt.btf, s.i32, d32, 4);

		cr_assert_str_eq(dtype_name(&dt, (uint32_t)a, buf, sizeof(buf)), "int [4]");
		cr_assert_str_eq(dtype_name(&dt, (uint32_t)du8, buf, sizeof(buf)), "unsigned char");
	}
	cr_assert_eq(dtype_member(&dt, (uint32_t)s.task, "cv", &m), 0);
	cr_assert_str_eq(dtype_name(&dt, m.type, buf, sizeof(buf)), "int", "qualifiers dropped");
	/* pointers the compiler makes go to the split part, once each */
	p = dtype_ptr(&dt, (uint32_t)s.td);
	cr_assert(p > (uint32_t)s.fwd);
	cr_assert_eq(dtype_ptr(&dt, (uint32_t)s.td), p);
	pp = dtype_ptr(&dt, p);
	cr_assert_str_eq(dtype_name(&dt, pp, buf, sizeof(buf)), "task_t **");
	cr_assert_str_eq(dtype_name(&dt, (uint32_t)s.ptr, buf, 8), "struct ", "cut to the buffer");
	dtype_close(&dt);
}

Test(dtype, open_from_a_file)
{
	struct sample s = sample();
	struct dtypes dt = { 0 };
	char path[] = "/tmp/test_dtype.XXXXXX";
	const void *raw;
	__u32 size;
	int fd = mkstemp(path);

	cr_assert(fd >= 0);
	raw = btf__raw_data(s.b, &size);
	cr_assert(raw && write(fd, raw, size) == (ssize_t)size);
	close(fd);
	cr_assert_eq(dtype_open(&dt, path), 0);
	cr_assert_eq(dtype_find(&dt, DTYPE_STRUCT, "task"), (uint32_t)s.task);
	cr_assert_eq(dtype_open(&dt, path), 0, "open once");
	dtype_close(&dt);
	cr_assert_lt(dtype_open(&dt, "/nonexistent/btf"), 0);
	cr_assert(strstr(dt.err, "cannot read the kernel's BTF"));
	cr_assert_lt(dtype_open(&dt, path), 0, "a failure is not retried");
	dtype_close(&dt);
	unlink(path);
	btf__free(s.b);
}
