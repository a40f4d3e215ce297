/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <string.h>
#include <criterion/criterion.h>

#include "cpp.h"

/* The preprocessor's arguments follow the options, -D/-U/-I in command-line order. */
Test(cpp, argv_from_options)
{
	struct opts o;
	char *v[16], store[256], err[64];

	opt_init(&o);
	cr_assert_eq(cpp_argv(&o, v, 16, store, sizeof(store)), 2);
	cr_assert_str_eq(v[0], "cpp");
	cr_assert_str_eq(v[1], "-std=c99");
	cr_assert_null(v[2]);
	opt_set(&o, "define", "A=1", err, sizeof(err));
	opt_set(&o, "undef", "B", err, sizeof(err));
	opt_set(&o, "incdir", "/inc", err, sizeof(err));
	opt_set(&o, "cpphdrs", NULL, err, sizeof(err));
	opt_set(&o, "stdc", "s", err, sizeof(err));
	opt_set(&o, "cpppath", "/opt/cpp", err, sizeof(err));
	opt_set(&o, "cppargs", "  -P   -C ", err, sizeof(err));
	cr_assert_eq(cpp_argv(&o, v, 16, store, sizeof(store)), 8);
	cr_assert_str_eq(v[0], "/opt/cpp");
	cr_assert_str_eq(v[1], "-traditional-cpp");
	cr_assert_str_eq(v[2], "-H");
	cr_assert_str_eq(v[3], "-DA=1");
	cr_assert_str_eq(v[4], "-UB");
	cr_assert_str_eq(v[5], "-I/inc");
	cr_assert_str_eq(v[6], "-P");
	cr_assert_str_eq(v[7], "-C");
	cr_assert_null(v[8]);
	cr_assert_eq(cpp_argv(&o, v, 4, store, sizeof(store)), 0, "too little room");
	opt_fini(&o);
}

/* A "#!" first line is left out; the lines keep their numbers (cpp's markers). */
Test(cpp, runs_cpp)
{
	static const char text[] = "#!/usr/sbin/dtrace -s\n#define X 41\nX + 1\n";
	struct opts o;
	char err[128] = "", *out = NULL;
	size_t len = 0;
	int ret;

	opt_init(&o);
	ret = cpp_run(&o, text, strlen(text), &out, &len, err, sizeof(err));
	cr_assert_eq(ret, 0, "%s", err);
	cr_assert_not_null(out);
	cr_assert(strstr(out, "41 + 1"), "%s", out);
	cr_assert_null(strstr(out, "#!"), "%s", out);
	free(out);
	/* cpp's own error: "preprocessor failed" */
	ret = cpp_run(&o, "#error stop\n", 12, &out, &len, err, sizeof(err));
	cr_assert_eq(ret, -EINVAL);
	cr_assert_str_eq(err, "preprocessor failed");
	opt_fini(&o);
}
