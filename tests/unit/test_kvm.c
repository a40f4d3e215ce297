/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The differential test: every clause of a corpus runs in the host VM and
 * in the kernel VM (BPF_PROG_TEST_RUN of spt_vm_test), with the same
 * builtin values; final state, fault, registers and record must be equal.
 * Needs root and a BPF-capable kernel; skipped otherwise.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <string.h>
#include <unistd.h>
#include <linux/types.h>
#include <criterion/criterion.h>

#include "abi/buf.h"
#include "cg.h"
#include "compile.h"
#include "enab.h"
#include "load.h"
#include "parse.h"
#include "vmhost.h"

static const char *const corpus[] = {
	"trace(1 + 2 * 3 - 4 / 2 % 3);",
	"trace(-7 / 2); trace(-7 % 2); trace(7 / -2); trace((unsigned long)-8 / 3);",
	"trace(1 << 63); trace((1 << 63) >> 63); trace((long)(1ULL << 63) >> 63);",
	"trace(0xdeadbeefcafe & 0xffff0000ffff); trace(5 | 8); trace(5 ^ 1); trace(~0);",
	"trace(3 < 4); trace(-1 < 0U); trace(4 <= 4); trace(5 > 6); trace(5 >= 5);",
	"trace(1 == 1); trace(1 != 1); trace(!0); trace(!5);",
	"trace(1 && 0); trace(0 || 3); trace(1 ^^ 0); trace(1 ^^ 1);",
	"trace(arg0 > 0 ? arg0 : -arg0); trace(arg1 ? 10 : 20);",
	"trace((char)0x1ff); trace((unsigned char)0x1ff); trace((short)0x18000);",
	"trace((int)0x80000000); trace((unsigned int)-1); trace((long long)-1);",
	"trace(pid); trace(tid); trace(ppid); trace(uid); trace(gid); trace(cpu);",
	"trace(arg0); trace(arg1); trace(arg5); trace(arg9); trace(errno);",
	"trace(timestamp); trace(walltimestamp); trace(epid); trace(id);",
	"x = arg1 * 6; x += 3; x <<= 2; x--; trace(x); trace(x++); trace(++x);",
	"this->a = 40; this->b = this->a + 2; trace(this->b);",
	"self->n = 9; self->n *= 3; trace(self->n); self->n = 0; trace(self->n);",
	"x = speculation(); speculate(x); trace(x); trace(speculation());",
	"trace(sizeof(int)); trace(sizeof(long)); trace(sizeof(arg0)); trace(sizeof pid);",
	"trace(0x7fffffffffffffff + 1); trace(18446744073709551615U);",
	"trace(arg0 / (arg1 - 7));",
	/* dtrace-utils' division: unsigned by 0 without a fault, signed % with sign a xor b */
	"trace((unsigned long)arg0 / (arg1 - 7)); trace((unsigned)arg1 % (arg1 - 7));",
	"x = arg1; y = -2; trace(x % y); trace(-x % y); trace(-x / y); trace(x / 2u); trace(-x / 2u);",
	"ch = (char)arg1; trace(ch + ch); trace((char)(ch * 40)); u = 0xffffffff; trace(u + 1 == 0); trace(-16 >> 2); trace(-16L >> 2);",
	"trace(*(char *)NULL);",
	"printf(\"%d %u %x\", arg0, arg1, pid);",
	"exit(arg1 - 4);",
	"trace(\"abc\"); trace(probefunc); trace(strlen(\"four\")); trace(\"b\" > \"a\");",
	"s = \"hello\"; this->t = s; printf(\"%s %d %s\", s, s == \"hello\", this->t);",
	"trace(execname); trace(execname == \"nosuch\");",
	"trace(copyinstr(arg2)); trace(strlen(copyinstr(arg2)));",
	"trace(copyinstr(8));",
	"a[1] = 5; a[2] = a[1] * 2; a[1]++; trace(a[1]); trace(a[2]); trace(a[3]);",
	"sa[\"k\", 1] = \"v\"; trace(sa[\"k\", 1]); trace(sa[\"k\", 2]); c[execname]++; trace(c[execname]);",
	/* String subroutines (the VM's string primitives), edge cases included. */
	"trace(strjoin(\"foo\", \"bar\")); trace(strjoin(\"\", \"\")); trace(strjoin(execname, copyinstr(arg2)));",
	"s = \"foobarbazbop\"; trace(substr(s, 3)); trace(substr(s, -10, -5)); trace(substr(s, 3, -1)); trace(substr(s, -24, 13)); trace(substr(s, 400, -1)); trace(substr(s, -24, -5)); trace(substr(s, 1, 0x7fffffffffffffff));",
	"s = \"fooeyfooeyfoo\"; trace(strchr(s, 'y')); trace(strrchr(s, 'f')); trace(strchr(s, 'a')); trace(strchr(s, 'a') == NULL); trace(strchr(s, 0)); trace(strstr(s, \"eyf\")); trace(strstr(s, \"\")); trace(strstr(s, \"x\") != NULL);",
	"trace(index(\"foofoofoo\", \"foo\", 4)); trace(rindex(\"foofoofoo\", \"foo\", 4)); trace(rindex(\"foofoofoo\", \"foo\", -1)); trace(rindex(\"foobar\", \"\", -1)); trace(index(\"foobar\", \"\", 400)); trace(index(\"\", \"a\")); trace(rindex(copyinstr(arg2), \"-\"));",
	"trace(basename(\"/a/b//\")); trace(dirname(\"/a/b//\")); trace(basename(\"\")); trace(dirname(\"\")); trace(basename(\"//\")); trace(dirname(\"a\")); trace(dirname(\"//a\")); trace(basename(copyinstr(arg2))); trace(dirname(copyinstr(arg2)));",
	"trace(lltostr(arg0)); trace(lltostr(0, 16)); trace(lltostr(arg0, 16)); trace(lltostr(8, 8)); trace(lltostr(-1, 2)); trace(lltostr(arg5, 36)); trace(lltostr(-0x7fffffffffffffff - 1));",
	"trace(strtoll(\" \\t-42x\")); trace(strtoll(\"0x1F\", 16)); trace(strtoll(\"0xg\", 16)); trace(strtoll(\"zZ\", 36)); trace(strtoll(\"18446744073709551617\")); trace(strtoll(lltostr(arg5, 7), 7));",
	"trace(toupper(execname)); trace(tolower(\"MiXeD 42\")); s = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"; t = strjoin(s, s); trace(strlen(t)); trace(strjoin(t, \"y\")); trace(index(t, \"xy\"));",
	"self->s = execname; self->t = strjoin(self->s, \"!\"); trace(self->t); self->t = strchr(\"a\", 'b'); trace(self->t == NULL); self->u = 0; trace(self->u == 0);",
	"self->s = execname; self->t = strjoin(self->s, \"!\"); trace(self->t); self->t = strchr(\"a\", 'b'); trace(self->t == NULL); trace(self->u == 0);",
	"trace(strtok(\"  a,b,,c  \", \" ,\")); trace(strtok(NULL, \" ,\")); trace(strtok(NULL, \",\")); trace(strtok(NULL, \" ,\")); trace(strtok(NULL, \" ,\") == NULL); trace(strtok(copyinstr(arg2), \"/-\")); trace(strtok(0, \"/\")); trace(strtok(\"\", \"x\") == NULL); trace(strtok(\"abc\", \"\"));",
	"trace(cleanpath(\"\")); trace(cleanpath(\"/\")); trace(cleanpath(\"/a//b/./c/../d\")); trace(cleanpath(\"../a/../../b\")); trace(cleanpath(\"/../../x\")); trace(cleanpath(\"a/..\")); trace(cleanpath(\"a/b/\")); trace(cleanpath(copyinstr(arg2))); trace(cleanpath(\"/x/..//y/.\"));",
	"trace(lltostr(1, arg1 + 30));",
	"trace(strtoll(\"1\", arg1 - 6));",
	/* Destructive actions: the signal the kernel would send when the clause ends. */
	"raise(arg1 + 3); trace(1); raise(SIGTERM);",
	"stop(); raise(arg1 + 2); trace(2);",
	"raise(arg1 - 7);",
	"trace(3); raise(65);",
	"raise(0x100000009);",
	/* String fields sized by the strings' bounds (cg.c), 8 to 256 bytes. */
	"trace(execname); trace(\"ab\"); trace(probename); trace(strjoin(execname, \"xy\")); trace(lltostr(-1, 2)); trace(lltostr(arg0)); trace(basename(\"\")); trace(1 ? \"abc\" : execname); trace(substr(copyinstr(arg2), 5)); printf(\"%d %s\", pid, execname);",
	/* Last: its string fields are cut to 8 bytes below (CUT_CLAUSE). */
	"trace(\"cut at eight bytes\"); trace(copyinstr(arg2));",
};

/* The clause whose `recs` instructions are changed to 8-byte fields: both VMs must cut. */
#define CUT_CLAUSE (sizeof(corpus) / sizeof(corpus[0]) - 1)

/* A user string both VMs read: the kernel through copyinstr, the host through its window. */
static const char user_string[] = "/tmp/spectrace-differential";

static void run_corpus(void)
{
	uint64_t builtins[SPT_B_NBUILTINS];
	struct probe begin = { 1, PROBE_DTRACE, 0, "dtrace", "", "", "BEGIN" };
	struct probe_table table = { &begin, 1, 1, "" };
	static char text[16384];
	static uint8_t strtab[SPT_STRTAB_MAX + SPT_STRSIZE];
	struct compile_ctx cc;
	struct enabling en;
	struct tracer tr;
	struct image img, kimg = { 0 };
	struct opts o;
	char err[256];
	size_t i, n = sizeof(corpus) / sizeof(corpus[0]);
	int ret;

	memset(builtins, 0, sizeof(builtins));
	builtins[SPT_B_ARG0] = (uint64_t)-5;
	builtins[SPT_B_ARG0 + 1] = 7;
	builtins[SPT_B_ARG0 + 2] = (uint64_t)(uintptr_t)user_string;
	builtins[SPT_B_ARG0 + 5] = 0x123456789ULL;
	builtins[SPT_B_PID] = 1234;
	builtins[SPT_B_TID] = 1235;
	builtins[SPT_B_PPID] = 1;
	builtins[SPT_B_UID] = 1000;
	builtins[SPT_B_GID] = 100;
	builtins[SPT_B_TIMESTAMP] = 123456789012345ULL;
	builtins[SPT_B_WALLTIMESTAMP] = 1796083906000000000ULL;
	builtins[SPT_B_CPU] = 1;
	builtins[SPT_B_ERRNO] = 22;
	builtins[SPT_B_EPID] = 3;
	builtins[SPT_B_ID] = 1;

	text[0] = '\0';
	for (i = 0; i < n; i++) {
		strcat(text, "BEGIN { ");
		strcat(text, corpus[i]);
		strcat(text, " }\n");
	}
	opt_init(&o);
	o.destructive = true;
	compile_ctx_init(&cc);
	ret = cg_compile(&cc, &o, NULL, 0, NULL, "corpus.d", text, strlen(text), &img);
	if (ret)
		diag_print(stderr, &cc.diags, NULL);
	cr_assert_eq(ret, 0);
	cr_assert_eq(img.nclauses, n);
	for (i = img.clauses[CUT_CLAUSE].prog; i < img.ninsns; i++)
		if (img.insns[i].op == SPT_OP_RECS)
			img.insns[i].b = 1;

	memset(&en, 0, sizeof(en));
	for (i = 0; i < n; i++)
		cr_assert_eq(enab_add(&en, &table, "dtrace:::BEGIN", (unsigned int)i,
				      img.clauses[i].recsize, img.clauses[i].prog),
			     1);
	/*
	 * The loader sees the bytecode and strings alone, as before the
	 * enabling referred to the image: no speculation buffers, no
	 * aggregations, no clause layouts (the host VM has none of them).
	 */
	kimg.insns = img.insns;
	kimg.insn_act = img.insn_act;
	kimg.ninsns = img.ninsns;
	kimg.strtab = img.strtab;
	kimg.strtab_len = img.strtab_len;
	en.img = &kimg;
	en.with_vmtest = 1;
	cr_assert_eq(load_tracer(&tr, &o, &en, err, sizeof(err)), 0, "load: %s", err);

	memset(strtab, 0, sizeof(strtab));
	memcpy(strtab, img.strtab, img.strtab_len);
	for (i = 0; i < n; i++) {
		static struct spt_vm hvm, kvm;
		static struct spt_env env;
		const struct img_clause *cl = &img.clauses[i];
		int r;

		memset(&env, 0, sizeof(env));
		memcpy(env.builtin, builtins, sizeof(builtins));
		env.strtab = strtab;
		prctl(PR_GET_NAME, env.comm);
		env.mem_base = (uint64_t)(uintptr_t)user_string;
		env.mem = (const uint8_t *)user_string;
		env.mem_len = sizeof(user_string);
		memset(&hvm, 0, sizeof(hvm));
		vmhost_run(&hvm, img.insns, cl->prog, &env, 4096);
		cr_assert_eq(load_vm_test(&tr, (uint32_t)i, builtins, &kvm), 0, "%s", corpus[i]);
		cr_expect_eq(kvm.state, hvm.state, "state of: %s", corpus[i]);
		cr_expect_eq(kvm.fault, hvm.fault, "fault of: %s", corpus[i]);
		cr_expect_eq(kvm.fault_val, hvm.fault_val, "fault value of: %s", corpus[i]);
		cr_expect_eq(kvm.dsig, hvm.dsig, "signal of: %s", corpus[i]);
		for (r = 1; r < SPT_NREGS; r++)
			cr_expect_eq(kvm.r[r], hvm.r[r], "r%d of: %s", r, corpus[i]);
		if (i == CUT_CLAUSE) {
			/* 7 bytes and a NUL, as a longer string is cut at strsize. */
			cr_expect_str_eq((char *)kvm.rec + cl->fields[0].offset, "cut at ");
			cr_expect_str_eq((char *)hvm.rec + cl->fields[0].offset, "cut at ");
			cr_expect_str_eq((char *)kvm.rec + cl->fields[1].offset, "/tmp/sp");
			cr_expect_str_eq((char *)hvm.rec + cl->fields[1].offset, "/tmp/sp");
		}
		for (r = 0; hvm.state == SPT_VM_DONE && r < (int)cl->nfields; r++) {
			const struct img_field *f = &cl->fields[r];

			/* Bytes after a string's NUL are whatever the scratch held. */
			if (f->type == IMG_STR) {
				cr_expect_eq(strncmp((char *)kvm.rec + f->offset,
						     (char *)hvm.rec + f->offset, f->size),
					     0, "string field %d of: %s (%.20s vs %.20s)", r,
					     corpus[i], kvm.rec + f->offset, hvm.rec + f->offset);
				cr_expect(memchr(kvm.rec + f->offset, 0, f->size) &&
						  memchr(hvm.rec + f->offset, 0, f->size),
					  "string field %d of: %s has no NUL in its %u bytes", r,
					  corpus[i], f->size);
			} else
				cr_expect_eq(memcmp(kvm.rec + f->offset, hvm.rec + f->offset, 8), 0,
					     "field %d of: %s", r, corpus[i]);
		}
	}
	load_close(&tr);
	enab_free(&en);
	cg_image_free(&img);
	compile_ctx_fini(&cc);
}

Test(kvm, host_and_kernel_agree)
{
	if (geteuid() != 0 || access("/sys/kernel/btf/vmlinux", R_OK))
		cr_skip_test("needs root and a kernel with BTF");
	/* The same machine-wide lock as the end-to-end tests: another tree's
	 * suite must not see this test's programs as leftovers. */
	int lock = open("/run/lock/spectrace-e2e.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (lock >= 0)
		flock(lock, LOCK_EX);
	run_corpus();
	if (lock >= 0)
		close(lock);
}
