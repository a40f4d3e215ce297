/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Stacks in the consumer: user symbol lookup from a process's mappings
 * (usym.c), dtrace's frame texts and stack block (stack.c), kernel frames
 * through a kallsyms file, and the DWARF unwinder (unwind.c) on a stack
 * image recorded from this process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/types.h>
#include <criterion/criterion.h>

#include "abi/isa.h"
#include "ksym.h"
#include "stack.h"
#include "unwind.h"
#include "usym.h"

__attribute__((noinline, used)) int stk_target(int x)
{
	return x * 3 + 1;
}

Test(usym, own_function)
{
	char mod[128], sym[256];
	uint64_t off;
	uint64_t a = (uint64_t)(uintptr_t)&stk_target;

	cr_assert_eq(usym_note((uint32_t)getpid()), 0);
	cr_assert_eq(usym_lookup((uint32_t)getpid(), a, mod, sizeof(mod), sym, sizeof(sym), &off),
		     2);
	cr_assert_str_eq(mod, "test_stack");
	cr_assert_str_eq(sym, "stk_target");
	cr_assert_eq(off, 0);
	cr_assert_eq(usym_lookup((uint32_t)getpid(), a + 3, mod, sizeof(mod), sym, sizeof(sym),
				 &off),
		     2);
	cr_assert_eq(off, 3);
	/* an address in no mapping */
	cr_assert_eq(
		usym_lookup((uint32_t)getpid(), 0x10, mod, sizeof(mod), sym, sizeof(sym), &off), 0);
	cr_assert_str_eq(mod, "");
	/* libc's exported functions come from .dynsym */
	cr_assert_eq(usym_lookup((uint32_t)getpid(), (uint64_t)(uintptr_t)&getpid, mod, sizeof(mod),
				 sym, sizeof(sym), &off),
		     2);
	cr_assert_str_eq(mod, "libc.so.6");
	usym_free();
}

/* A user stack field of three frames: DEPTH, pid, frames. */
static size_t ufield(uint8_t *buf, struct img_field *f, const uint64_t *pcs, uint64_t n)
{
	uint64_t w[2 + 3] = { n, (uint64_t)getpid(), 0, 0, 0 };

	memcpy(w + 2, pcs, 8 * n);
	memcpy(buf, w, sizeof(w));
	f->type = IMG_USTACK;
	f->offset = 0;
	f->size = SPT_STACK_FIELD(3);
	return sizeof(w);
}

static char *print_block(const struct img_field *f, const uint8_t *data, unsigned int indent,
			 int width)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	stack_print(out, f, data, indent, width);
	fclose(out);
	return buf;
}

Test(stack, user_block)
{
	uint64_t a = (uint64_t)(uintptr_t)&stk_target, pcs[3] = { a + 4, a, 0x10 };
	struct img_field f;
	uint8_t data[64];
	char *s;

	ufield(data, &f, pcs, 3);
	s = print_block(&f, data, 14, 0);
	cr_assert_str_eq(s, "\n              test_stack`stk_target+0x4\n"
			    "              test_stack`stk_target\n"
			    "              0x10\n");
	free(s);
	/* printf("%k"): no indent */
	s = print_block(&f, data, 0, 0);
	cr_assert_str_eq(s, "\ntest_stack`stk_target+0x4\ntest_stack`stk_target\n0x10\n");
	free(s);
	/* the stack ends at its first zero frame */
	pcs[1] = 0;
	ufield(data, &f, pcs, 3);
	s = print_block(&f, data, 2, 0);
	cr_assert_str_eq(s, "\n  test_stack`stk_target+0x4\n");
	free(s);
	usym_free();
}

Test(stack, kernel_frames)
{
	char path[] = "/tmp/spt-ksyms-XXXXXX";
	int fd = mkstemp(path);
	FILE *k = fdopen(fd, "w");
	uint64_t w[2 + 4] = { 4,
			      0,
			      0xffffffff81000010ULL,
			      0xffffffff81000100ULL,
			      0xffffffff81000000ULL,
			      0xffffffffa0000010ULL };
	struct img_field f = { IMG_STACK, 0, SPT_STACK_FIELD(4) };
	struct stack_frame fr;
	char *s;

	fprintf(k, "ffffffff81000000 T do_syscall_64\nffffffff81000100 T entry_SYSCALL_64\n"
		   "ffffffffa0000000 t nf_hook\t[nf_tables]\n");
	fclose(k);
	cr_assert_eq(ksym_load_file(path), 0);
	unlink(path);
	s = print_block(&f, (const uint8_t *)w, 14, 0);
	cr_assert_str_eq(s, "\n              vmlinux`do_syscall_64+0x10\n"
			    "              vmlinux`entry_SYSCALL_64\n"
			    "              vmlinux`do_syscall_64\n"
			    "              nf_tables`nf_hook+0x10\n");
	free(s);
	stack_resolve(false, 0, 0xffffffff81000010ULL, &fr);
	cr_assert_str_eq(fr.mod, "vmlinux");
	cr_assert_str_eq(fr.func, "do_syscall_64");
	cr_assert_eq(fr.off, 0x10);
	ksym_free();
}

/*
 * A recorded stack image: the registers and the top of this thread's
 * stack as the kernel would copy them, taken inside capture(), called
 * from two levels below the test.
 */
static uint64_t regs[SPT_UREGS];
static uint8_t win[SPT_STACK_WINDOW_MAX];

__attribute__((noinline, used)) void capture(void)
{
	uint64_t sp, ip, bp;

	__asm__ volatile("mov %%rsp, %0\n\tlea 0(%%rip), %1\n\tmov %%rbp, %2"
			 : "=r"(sp), "=r"(ip), "=r"(bp));
	memset(regs, 0, sizeof(regs));
	regs[19] = sp;
	regs[16] = ip;
	regs[4] = bp;
	memcpy(win, (const void *)(uintptr_t)sp, sizeof(win));
}

__attribute__((noinline, used)) int level2(int x)
{
	capture();
	return x + 1;
}

__attribute__((noinline, used)) int level1(int x)
{
	return level2(x) * 2;
}

Test(unwind, recorded_image)
{
	uint64_t pcs[16];
	unsigned int n, i;
	char mod[128], sym[256], names[512] = "";
	uint64_t off;

	level1(1);
	cr_assert_eq(usym_note((uint32_t)getpid()), 0);
	n = unwind_user((uint32_t)getpid(), regs, win, sizeof(win), pcs, 16);
	cr_assert_geq(n, 3, "frames: %u", n);
	for (i = 0; i < 3; i++) {
		usym_lookup((uint32_t)getpid(), pcs[i], mod, sizeof(mod), sym, sizeof(sym), &off);
		strcat(names, sym);
		strcat(names, " ");
	}
	cr_assert_str_eq(names, "capture level2 level1 ");
	unwind_free();
	usym_free();
}

/* sym(), func(), mod() and the user ones: dtrace's texts, and the key reductions. */
Test(stack, symbol_fields)
{
	char path[] = "/tmp/spt-ksyms-XXXXXX", t[512];
	int fd = mkstemp(path);
	FILE *k = fdopen(fd, "w");
	uint64_t kw[1] = { 0xffffffffa0000010ULL }, uw[2];
	struct img_field f = { IMG_SYM, 0, 8 };
	uint64_t a = (uint64_t)(uintptr_t)&stk_target;

	fprintf(k, "ffffffff81000000 T do_syscall_64\nffffffffa0000000 t nf_hook\t[nf_tables]\n"
		   "ffffffffa0000100 t nf_tables_init\t[nf_tables]\n");
	fclose(k);
	cr_assert_eq(ksym_load_file(path), 0);
	unlink(path);
	stack_sym_text(&f, (const uint8_t *)kw, t, sizeof(t));
	cr_assert_str_eq(t, "nf_tables`nf_hook");
	stack_sym_addr(&f, (const uint8_t *)kw, t, sizeof(t));
	cr_assert_str_eq(t, "nf_tables`nf_hook+0x10", "%%a: with the offset");
	f.type = IMG_MOD;
	stack_sym_text(&f, (const uint8_t *)kw, t, sizeof(t));
	cr_assert_str_eq(t, "nf_tables");
	kw[0] = 0xffffffffa0000104ULL;
	stack_sym_reduce(&f, (uint8_t *)kw);
	cr_assert_eq(kw[0], 0xffffffffa0000000ULL, "mod(): the module's first text address");
	f.type = IMG_SYM;
	kw[0] = 0xffffffffa0000104ULL;
	stack_sym_reduce(&f, (uint8_t *)kw);
	cr_assert_eq(kw[0], 0xffffffffa0000100ULL, "sym(): the function's start");
	kw[0] = 0x10;
	stack_sym_text(&f, (const uint8_t *)kw, t, sizeof(t));
	cr_assert_str_eq(t, "0x10");
	ksym_free();

	/* user addresses: pid, then the address */
	uw[0] = (uint64_t)getpid();
	uw[1] = a + 4;
	f = (struct img_field){ IMG_USYM, 0, 16 };
	stack_sym_text(&f, (const uint8_t *)uw, t, sizeof(t));
	cr_assert_str_eq(t, "test_stack`stk_target");
	f.type = IMG_UADDR;
	stack_sym_text(&f, (const uint8_t *)uw, t, sizeof(t));
	cr_assert_str_eq(t, "test_stack`stk_target+0x4");
	stack_sym_reduce(&f, (uint8_t *)uw);
	cr_assert_eq(uw[1], a + 4, "uaddr() is not reduced");
	f.type = IMG_UMOD;
	stack_sym_text(&f, (const uint8_t *)uw, t, sizeof(t));
	cr_assert_str_eq(t, "test_stack");
	f.type = IMG_USYM;
	stack_sym_reduce(&f, (uint8_t *)uw);
	cr_assert_eq(uw[1], a, "usym(): the function's start");
	uw[1] = 0x10;
	stack_sym_text(&f, (const uint8_t *)uw, t, sizeof(t));
	cr_assert_str_eq(t, "0x10");
	usym_free();
}
