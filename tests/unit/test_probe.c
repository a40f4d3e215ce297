/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "probe.h"

struct desc_case {
	char in[32];
	char prov[16], mod[16], func[16], name[16];
};

ParameterizedTestParameters(probe, desc_parse)
{
	static struct desc_case cases[] = {
		{ "syscall::openat:entry", "syscall", "", "openat", "entry" },
		{ "syscall:::entry", "syscall", "", "", "entry" },
		{ "::openat:", "", "", "openat", "" },
		{ "openat:entry", "", "", "openat", "entry" },
		{ "entry", "", "", "", "entry" },
		{ "vmlinux:openat:entry", "", "vmlinux", "openat", "entry" },
		{ "syscall:vmlinux:open*:ret?rn", "syscall", "vmlinux", "open*", "ret?rn" },
		{ ":::", "", "", "", "" },
		{ "BEGIN", "", "", "", "BEGIN" },
	};
	return cr_make_param_array(struct desc_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct desc_case *c, probe, desc_parse)
{
	struct probe_desc pd;

	cr_assert_eq(probe_desc_parse(c->in, &pd), 0, "%s", c->in);
	cr_assert_str_eq(pd.prov, c->prov, "%s: provider", c->in);
	cr_assert_str_eq(pd.mod, c->mod, "%s: module", c->in);
	cr_assert_str_eq(pd.func, c->func, "%s: function", c->in);
	cr_assert_str_eq(pd.name, c->name, "%s: name", c->in);
}

Test(probe, desc_parse_errors)
{
	struct probe_desc pd;
	char longfield[300];

	cr_assert_eq(probe_desc_parse("a:b:c:d:e", &pd), -EINVAL);
	cr_assert_eq(probe_desc_parse("::::", &pd), -EINVAL);
	memset(longfield, 'x', sizeof(longfield) - 1);
	longfield[sizeof(longfield) - 1] = '\0';
	cr_assert_eq(probe_desc_parse(longfield, &pd), -EINVAL);
}

static const struct probe openat_entry = {
	.id = 10,
	.kind = PROBE_SYSCALL_ENTRY,
	.arg = 257,
	.prov = "syscall",
	.mod = "vmlinux",
	.func = "openat",
	.name = "entry",
};

struct match_case {
	char desc[40];
	int match;
};

ParameterizedTestParameters(probe, glob_match)
{
	static struct match_case cases[] = {
		{ "syscall::openat:entry", 1 },
		{ "syscall:::entry", 1 },
		{ "syscall:::return", 0 },
		{ "::openat:", 1 },
		{ "openat:entry", 1 },
		{ "entry", 1 },
		{ "syscall::open:entry", 0 },
		{ "syscall::open*:entry", 1 },
		{ "syscall::*at:entry", 1 },
		{ "syscall::open??:entry", 1 },
		{ "syscall::open?:entry", 0 },
		{ "syscall::[op]penat:entry", 1 },
		{ "syscall::[!o]penat:entry", 0 },
		{ "sys*:vmlinux:*:*", 1 },
		{ "fbt:::", 0 },
		{ "syscall:kernel::", 0 },
		{ "", 1 },
	};
	return cr_make_param_array(struct match_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct match_case *c, probe, glob_match)
{
	struct probe_desc pd;

	cr_assert_eq(probe_desc_parse(c->desc, &pd), 0);
	cr_assert_eq(probe_desc_match(&pd, &openat_entry), c->match, "%s", c->desc);
}

Test(probe, syscall_numbers)
{
	cr_assert_eq(probe_syscall_nr("read"), 0);
	cr_assert_eq(probe_syscall_nr("openat"), 257);
	cr_assert_eq(probe_syscall_nr("exit_group"), 231);
	/* Tracepoints carry the kernel's function names, not the uapi ones. */
	cr_assert_eq(probe_syscall_nr("newfstat"), 5);
	cr_assert_eq(probe_syscall_nr("fstat"), -1);
	cr_assert_eq(probe_syscall_nr("umount"), 166);
	cr_assert_eq(probe_syscall_nr("mseal"), 462);
	cr_assert_eq(probe_syscall_nr("nosuch"), -1);
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	cr_assert_eq(fputs(text, f) >= 0, 1);
	cr_assert_eq(fclose(f), 0);
}

/* A format file as Linux 6.18 writes it. */
static const char openat_enter_format[] =
	"name: sys_enter_openat\n"
	"ID: 782\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"dfd: 0x%08lx, filename: 0x%08lx\", ((unsigned long)(REC->dfd))\n";

static const char exit_format[] = "name: sys_exit_openat\n"
				  "format:\n"
				  "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
				  "\n"
				  "\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
				  "\tfield:long ret;\toffset:16;\tsize:8;\tsigned:1;\n";

Test(probe, format_args)
{
	struct probe_args a;

	cr_assert_eq(probe_format_args(openat_enter_format, &a), 0);
	cr_assert_eq(a.n, 4, "the fields after __syscall_nr, common ones left out");
	cr_assert_str_eq(a.type[0], "int");
	cr_assert_str_eq(a.type[1], "const char *");
	cr_assert_str_eq(a.type[2], "int");
	cr_assert_str_eq(a.type[3], "umode_t");

	cr_assert_eq(probe_format_args("\tfield:int __syscall_nr;\n", &a), 0);
	cr_assert_eq(a.n, 0, "getpid: no arguments");

	cr_assert_eq(probe_format_args(
			     "field:int __syscall_nr;\n"
			     "field:const char *const * argv;\n"
			     "field:struct stat  __user  *statbuf;\n"
			     "field:const char __attribute__((btf_type_tag(\"user\"))) * path;\n"
			     "field:unsigned long\tlen;\n"
			     "field:char comm[16];\n",
			     &a),
		     0);
	cr_assert_eq(a.n, 5);
	cr_assert_str_eq(a.type[0], "const char *const *");
	cr_assert_str_eq(a.type[1], "struct stat *", "__user is no part of the type");
	cr_assert_str_eq(a.type[2], "const char *", "nor is an attribute");
	cr_assert_str_eq(a.type[3], "unsigned long");
	cr_assert_str_eq(a.type[4], "char[16]");

	cr_assert_eq(probe_format_args("field:int dfd;\n", &a), -EINVAL, "no __syscall_nr");
	cr_assert_eq(probe_format_args("field:int __syscall_nr;\nfield:int;\n", &a), -EINVAL,
		     "a field without a name");
	cr_assert_eq(probe_format_args("field:int __syscall_nr;\n"
				       "field:long a0;\nfield:long a1;\nfield:long a2;\n"
				       "field:long a3;\nfield:long a4;\nfield:long a5;\n"
				       "field:long a6;\nfield:long a7;\nfield:long a8;\n"
				       "field:long a9;\nfield:long a10;\n",
				       &a),
		     -EINVAL, "more than ten arguments");
}

static void touch(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	cr_assert_eq(mkdir(path, 0755), 0, "mkdir %s", path);
}

Test(probe, table_from_tracefs)
{
	char root[] = "/tmp/spt-tracefs-XXXXXX", path[512], err[256] = "";
	struct probe_table t;
	const struct probe *p;

	cr_assert_not_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/events", root);
	cr_assert_eq(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/events/syscalls", root);
	cr_assert_eq(mkdir(path, 0755), 0);
	touch(path, "sys_enter_openat");
	touch(path, "sys_exit_openat");
	touch(path, "sys_enter_read");
	touch(path, "sys_exit_read");
	touch(path, "sys_enter_no_such_syscall");
	touch(path, "enable");

	cr_assert_eq(probe_table_load(&t, root, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(t.n, 3 + 4 + 16,
		     "dtrace's three, unknown syscalls left out, the profile provider's 16 listed");
	cr_assert_str_eq(t.probes[7].prov, "profile");
	cr_assert_str_eq(t.probes[7].name, "profile-97");
	cr_assert_eq(t.probes[7].id, PROBE_FIRST_SYSCALL_ID + 4, "profile probes follow syscalls");
	cr_assert_str_eq(t.probes[0].prov, "dtrace");
	cr_assert_str_eq(t.probes[0].name, "BEGIN");
	cr_assert_eq(t.probes[0].id, 1);
	cr_assert_str_eq(t.probes[1].name, "END");
	cr_assert_str_eq(t.probes[2].name, "ERROR");
	cr_assert_eq(t.probes[2].id, 3);
	/* Syscall-number order, entry before return. */
	cr_assert_str_eq(t.probes[3].func, "read");
	cr_assert_str_eq(t.probes[3].name, "entry");
	cr_assert_eq(t.probes[3].id, PROBE_FIRST_SYSCALL_ID);
	cr_assert_eq(t.probes[4].kind, PROBE_SYSCALL_RETURN);
	cr_assert_str_eq(t.probes[4].name, "return");
	cr_assert_str_eq(t.probes[5].func, "openat");
	cr_assert_eq(t.probes[5].arg, 257);
	p = probe_table_find(&t, PROBE_FIRST_SYSCALL_ID + 3);
	cr_assert_not_null(p);
	cr_assert_str_eq(p->func, "openat");
	cr_assert_str_eq(p->name, "return");
	cr_assert_str_eq(probe_table_find(&t, 1)->name, "BEGIN");
	cr_assert_null(probe_table_find(&t, 99));

	/* -lv: types from the format files under this tracefs. */
	struct probe_args a;

	write_file(path, "sys_enter_openat/format", openat_enter_format);
	write_file(path, "sys_exit_openat/format", exit_format);
	cr_assert_eq(probe_arg_types(&t, &t.probes[5], &a), 0);
	cr_assert_eq(a.n, 4);
	cr_assert_str_eq(a.type[1], "const char *");
	cr_assert_str_eq(a.type[3], "umode_t");
	cr_assert_eq(probe_arg_types(&t, &t.probes[6], &a), 0);
	cr_assert_eq(a.n, 2, "a return probe's arg0 and arg1 are the return value");
	cr_assert_str_eq(a.type[0], "long");
	cr_assert_str_eq(a.type[1], "long");
	cr_assert_eq(probe_arg_types(&t, &t.probes[3], &a), -ENOENT, "no format file for read");
	cr_assert_eq(probe_arg_types(&t, &t.probes[0], &a), 0);
	cr_assert_eq(a.n, 0, "BEGIN has no arguments");
	cr_assert_eq(probe_arg_types(&t, &t.probes[2], &a), 0);
	cr_assert_eq(a.n, 6, "ERROR: arg0 and the fault's arg1..arg5");
	cr_assert_str_eq(a.type[1], "uint32_t");
	cr_assert_str_eq(a.type[5], "uint64_t");
	cr_assert_eq(probe_arg_types(&t, &t.probes[7], &a), 0);
	cr_assert_eq(a.n, 2, "profile: the kernel and the user PC");
	cr_assert_str_eq(a.type[0], "uint64_t");
	probe_table_free(&t);

	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	cr_assert_eq(system(path), 0);
}

Test(probe, table_missing_tracefs)
{
	struct probe_table t;
	char err[256] = "";

	cr_assert_eq(probe_table_load(&t, "/nonexistent-tracefs", err, sizeof(err)), -ENOENT);
	cr_assert(strstr(err, "cannot read syscall tracepoints in /nonexistent-tracefs") != NULL,
		  "%s", err);
}
