/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/* Golden -S output: the code generator and the disassembler together. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include <linux/types.h>

#include "cg.h"
#include "compile.h"
#include "dis.h"
#include "parse.h"

static char *disassemble(const char *text)
{
	struct compile_ctx cc;
	struct image img;
	struct opts o;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	opt_init(&o);
	compile_ctx_init(&cc);
	cr_assert_eq(cg_compile(&cc, &o, NULL, 0, NULL, "t.d", text, strlen(text), &img), 0,
		     "%s does not compile", text);
	f = open_memstream(&buf, &len);
	dis_image(f, &img);
	fclose(f);
	cg_image_free(&img);
	compile_ctx_fini(&cc);
	return buf;
}

Test(dis, predicate_and_keyed_count)
{
	char *s = disassemble("syscall::openat:entry /pid == 42/ { @[execname] = count(); }");

	cr_assert_str_eq(s, "clause 0: syscall::openat:entry\n"
			    "  record 0 bytes:\n"
			    "  aggregation 0: @_ count(), 1 key, 1 words\n"
			    "  fast predicate: pid == 42\n"
			    "  0000: ldb   %r1, pid\n"
			    "  0001: ldi   %r2, 42\n"
			    "  0002: eq    %r1, %r1, %r2\n"
			    "  0003: pred  %r1\n"
			    "  0004: execn %r1, %r0\n"
			    "  0005: kinit array 0\n"
			    "  0006: kstr  key+8, %r1\n"
			    "  0007: agg   @0, %r0, %r0\n"
			    "  0008: ret   \n");
	free(s);
}

/* Fast counts: a keyless count() alone, after no predicate or a fast one. */
Test(dis, fast_count)
{
	char *s = disassemble("BEGIN /pid != 7/ { @n = count(); }\n"
			      "BEGIN { @n = count(); }\n"
			      "BEGIN /pid > 7/ { @n = count(); }\n"
			      "BEGIN { @s = sum(1); }\n"
			      "BEGIN { @k[1] = count(); }\n"
			      "BEGIN { @n = count(); x = 1; }\n");

	cr_assert_str_eq(s, "clause 0: BEGIN\n"
			    "  record 0 bytes:\n"
			    "  aggregation 0: @n count(), 0 keys, 1 words\n"
			    "  aggregation 1: @s sum(), 0 keys, 2 words\n"
			    "  aggregation 2: @k count(), 1 key, 1 words\n"
			    "  fast predicate: pid != 7\n"
			    "  fast count: @0, in the probe program\n"
			    "  0000: ldb   %r1, pid\n"
			    "  0001: ldi   %r2, 7\n"
			    "  0002: ne    %r1, %r1, %r2\n"
			    "  0003: pred  %r1\n"
			    "  0004: agg   @0, %r0, %r0\n"
			    "  0005: ret   \n"
			    "clause 1: BEGIN\n"
			    "  record 0 bytes:\n"
			    "  fast count: @0, in the probe program\n"
			    "  0000: agg   @0, %r0, %r0\n"
			    "  0001: ret   \n"
			    "clause 2: BEGIN\n"
			    "  record 0 bytes:\n"
			    "  0000: ldb   %r1, pid\n"
			    "  0001: ldi   %r2, 7\n"
			    "  0002: slt   %r1, %r2, %r1\n"
			    "  0003: pred  %r1\n"
			    "  0004: agg   @0, %r0, %r0\n"
			    "  0005: ret   \n"
			    "clause 3: BEGIN\n"
			    "  record 0 bytes:\n"
			    "  0000: ldi   %r1, 1\n"
			    "  0001: agg   @1, %r1, %r0\n"
			    "  0002: ret   \n"
			    "clause 4: BEGIN\n"
			    "  record 0 bytes:\n"
			    "  0000: ldi   %r1, 1\n"
			    "  0001: kinit array 2\n"
			    "  0002: sext  %r1, %r1, 32\n"
			    "  0003: kint  key+8, %r1\n"
			    "  0004: agg   @2, %r0, %r0\n"
			    "  0005: ret   \n"
			    "clause 5: BEGIN\n"
			    "  record 0 bytes:\n"
			    "  0000: agg   @0, %r0, %r0\n"
			    "  0001: ldi   %r1, 1\n"
			    "  0002: sext  %r1, %r1, 32\n"
			    "  0003: stg   [0], %r1\n"
			    "  0004: ret   \n");
	free(s);
}

Test(dis, speculation)
{
	char *s = disassemble(
		"BEGIN { self->s = speculation(); speculate(self->s); trace(arg0 + 1); }"
		"END { commit(self->s); discard(2); }");

	cr_assert_str_eq(s, "clause 0: BEGIN\n"
			    "  record 16 bytes: int64@8\n"
			    "  0000: specn %r1\n"
			    "  0001: sext  %r1, %r1, 32\n"
			    "  0002: sts   [0], %r1\n"
			    "  0003: lds   %r1, [0]\n"
			    "  0004: spec  %r1\n"
			    "  0005: ldb   %r1, arg0\n"
			    "  0006: ldi   %r2, 1\n"
			    "  0007: add   %r1, %r1, %r2\n"
			    "  0008: spchk 16\n"
			    "  0009: rec   rec+8, %r1, 8\n"
			    "  0010: ret   \n"
			    "clause 1: END\n"
			    "  record 0 bytes:\n"
			    "  0000: lds   %r1, [0]\n"
			    "  0001: comm  %r1\n"
			    "  0002: ldi   %r1, 2\n"
			    "  0003: comm  %r1, discard\n"
			    "  0004: ret   \n");
	free(s);
}

Test(dis, default_action_and_strings)
{
	char *s = disassemble("BEGIN { } END { printf(\"%s\\n\", strjoin(\"a\", execname)); }");

	cr_assert(strstr(s,
			 "clause 0: BEGIN\n  record 8 bytes:\n  (no bytecode: records its EPID)\n"),
		  "%s", s);
	/* strjoin("a", execname): 1 + 15 bytes and the NUL, in 24 */
	cr_assert(strstr(s, "clause 1: END\n  record 32 bytes: string24@8\n"), "%s", s);
	free(s);
}

/* Issue #9's scenario 3: a 32-byte record, execname in 16 bytes. */
Test(dis, printf_pid_execname)
{
	char *s = disassemble("syscall::getppid:entry { printf(\"%d %s\\n\", pid, execname); }");

	cr_assert_str_eq(s, "clause 0: syscall::getppid:entry\n"
			    "  record 32 bytes: int32@8 string16@16\n"
			    "  fast record: 2 fields, in the probe program\n"
			    "  0000: ldb   %r1, pid\n"
			    "  0001: sext  %r1, %r1, 32\n"
			    "  0002: rec   rec+8, %r1, 8\n"
			    "  0003: execn %r1, %r0\n"
			    "  0004: recs  rec+16, %r1, 16\n"
			    "  0005: ret   \n");
	free(s);
}

/*
 * String fields by the strings' bounds (with the NUL, rounded up to 8):
 * a variable 256; a literal its length + 1; copyinstr 256; probe names
 * 128; lltostr with a base 65; a ternary the larger; basename("") ".";
 * substr its argument; toupper its argument; strjoin the sum, at most
 * 256; strchr its argument; stringof its argument; self-> 256; an
 * assignment the variable's.
 */
Test(dis, string_field_bounds)
{
	char *s = disassemble(
		"BEGIN { x = \"ab\"; trace(x); trace(\"ab\"); trace(copyinstr(0)); trace(probename);"
		" trace(lltostr(-1, 2)); trace(lltostr(-1)); trace(pid ? \"abc\" : execname);"
		" trace(basename(\"\")); trace(substr(execname, 1)); trace(toupper(\"abcdefghi\"));"
		" trace(strjoin(strjoin(probefunc, probefunc), probefunc));"
		" trace(strjoin(\"abcdefgh\", \"ijklmnop\")); trace(strchr(\"abcdefghijk\", 99));"
		" trace(stringof(\"abcdefghijklmn\")); self->s = \"ab\"; trace(self->s);"
		" trace(x = \"abc\"); }");

	cr_assert(strstr(s, "clause 0: BEGIN\n  record 1632 bytes: string256@8 string8@264"
			    " string256@272 string128@528 string72@656 string24@728 string16@752"
			    " string8@768 string16@776 string16@792 string256@808 string24@1064"
			    " string16@1088 string16@1104 string256@1120 string256@1376\n"),
		  "%s", s);
	cr_assert(strstr(s, "recs  rec+264, %r1, 8\n"), "%s", s);
	free(s);
}

Test(dis, destructive_actions)
{
	char *s = disassemble("#pragma D option destructive\n"
			      "syscall::getppid:entry { raise(SIGUSR1); stop(); "
			      "system(\"kill -CONT %d; echo %s\", pid, execname); }");

	cr_assert_str_eq(s, "clause 0: syscall::getppid:entry\n"
			    "  record 32 bytes: int32@8 string16@16\n"
			    "  0000: ldi   %r1, 10\n"
			    "  0001: sext  %r1, %r1, 32\n"
			    "  0002: raise %r1\n"
			    "  0003: stop  \n"
			    "  0004: ldb   %r1, pid\n"
			    "  0005: sext  %r1, %r1, 32\n"
			    "  0006: rec   rec+8, %r1, 8\n"
			    "  0007: execn %r1, %r0\n"
			    "  0008: recs  rec+16, %r1, 16\n"
			    "  0009: ret   \n");
	free(s);
}

/*
 * Fast records: integer builtins and execname recorded, nothing else, after
 * no predicate or a fast one; up to four fields.
 */
Test(dis, fast_record)
{
	static const struct {
		const char *d;
		unsigned int nfrec;
	} cases[] = {
		{ "BEGIN { trace(pid); }", 1 },
		{ "BEGIN /pid != 3/ { trace(timestamp); trace(execname); }", 2 },
		{ "BEGIN { printf(\"%d %d %d %s\", tid, uid, arg0, execname); }", 4 },
		{ "BEGIN { printf(\"%d %d %d %d %d\", pid, tid, uid, gid, cpu); }", 0 },
		{ "BEGIN /pid > 3/ { trace(pid); }", 0 },
		{ "BEGIN { trace(pid + 1); }", 0 },
		{ "BEGIN { trace(probefunc); }", 0 },
		{ "BEGIN { trace(pid); exit(0); }", 0 },
		{ "BEGIN { x = 1; trace(pid); }", 0 },
		{ "BEGIN { }", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = disassemble(cases[i].d), want[64];

		snprintf(want, sizeof(want), "  fast record: %u field%s,", cases[i].nfrec,
			 cases[i].nfrec == 1 ? "" : "s");
		if (cases[i].nfrec)
			cr_assert(strstr(s, want), "%s: want %s in\n%s", cases[i].d, want, s);
		else
			cr_assert(!strstr(s, "fast record"), "%s: no fast record in\n%s",
				  cases[i].d, s);
		free(s);
	}
}

/*
 * D's types in the bytecode: constants fold as dtrace folds them (one
 * ldi; -16 >> 2 logically, 7 % -2 as C), the record's fields carry each
 * value's size and signedness, a cast that changes nothing emits nothing (to long),
 * one that narrows a sext or zext, and char + char is not promoted.
 */
Test(dis, types_and_folding)
{
	char *s =
		disassemble("char c; BEGIN { trace(1 + 2 * 3); trace(-16 >> 2); trace(7 % -2);"
			    " trace(0xdeadbeef); trace(c + c); trace((long)pid); trace((char)pid);"
			    " trace((unsigned int)pid); trace(1 ? 2L : 3); }");

	cr_assert_str_eq(s, "clause 0: BEGIN\n"
			    "  record 80 bytes: int32@8 int32@16 int32@24 uint32@32 int8@40"
			    " int64@48 int8@56 uint32@64 int64@72\n"
			    "  0000: ldi   %r1, 7\n"
			    "  0001: sext  %r1, %r1, 32\n"
			    "  0002: rec   rec+8, %r1, 8\n"
			    "  0003: ldi64 %r1, 0x3ffffffffffffffc\n"
			    "  0005: sext  %r1, %r1, 32\n"
			    "  0006: rec   rec+16, %r1, 8\n"
			    "  0007: ldi   %r1, 1\n"
			    "  0008: sext  %r1, %r1, 32\n"
			    "  0009: rec   rec+24, %r1, 8\n"
			    "  0010: ldi64 %r1, 0xdeadbeef\n"
			    "  0012: zext  %r1, %r1, 32\n"
			    "  0013: rec   rec+32, %r1, 8\n"
			    "  0014: ldg   %r1, [0]\n"
			    "  0015: ldg   %r2, [0]\n"
			    "  0016: add   %r1, %r1, %r2\n"
			    "  0017: sext  %r1, %r1, 8\n"
			    "  0018: rec   rec+40, %r1, 8\n"
			    "  0019: ldb   %r1, pid\n"
			    "  0020: rec   rec+48, %r1, 8\n"
			    "  0021: ldb   %r1, pid\n"
			    "  0022: sext  %r1, %r1, 8\n"
			    "  0023: sext  %r1, %r1, 8\n"
			    "  0024: rec   rec+56, %r1, 8\n"
			    "  0025: ldb   %r1, pid\n"
			    "  0026: zext  %r1, %r1, 32\n"
			    "  0027: zext  %r1, %r1, 32\n"
			    "  0028: rec   rec+64, %r1, 8\n"
			    "  0029: ldi   %r1, 2\n"
			    "  0030: rec   rec+72, %r1, 8\n"
			    "  0031: ret   \n");
	free(s);
}
