/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/* The profile provider's names: units, bare numbers as hz, rejects. */
#include <errno.h>
#include <string.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "probe.h"

struct rate_case {
	char name[32];
	int tick;
	unsigned long long ns;
};

ParameterizedTestParameters(profile, parse)
{
	static struct rate_case cases[] = {
		{ "profile-97", 0, 1000000000ULL / 97 },
		{ "profile-97hz", 0, 1000000000ULL / 97 },
		{ "profile-4999", 0, 1000000000ULL / 4999 },
		{ "profile-5000", 0, 200000ULL },
		{ "profile-1ms", 0, 1000000ULL },
		{ "profile-1msec", 0, 1000000ULL },
		{ "profile-200us", 0, 200000ULL },
		{ "profile-250usec", 0, 250000ULL },
		{ "profile-300000ns", 0, 300000ULL },
		{ "profile-300000nsec", 0, 300000ULL },
		{ "tick-1", 1, 1000000000ULL },
		{ "tick-10", 1, 100000000ULL },
		{ "tick-1000", 1, 1000000ULL },
		{ "tick-10ms", 1, 10000000ULL },
		{ "tick-100ms", 1, 100000000ULL },
		{ "tick-1s", 1, 1000000000ULL },
		{ "tick-1sec", 1, 1000000000ULL },
		{ "tick-2m", 1, 120000000000ULL },
		{ "tick-2min", 1, 120000000000ULL },
		{ "tick-1h", 1, 3600000000000ULL },
		{ "tick-1hour", 1, 3600000000000ULL },
		{ "tick-1d", 1, 86400000000000ULL },
		{ "tick-1day", 1, 86400000000000ULL },
		{ "tick-007s", 1, 7000000000ULL },
	};
	return cr_make_param_array(struct rate_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct rate_case *c, profile, parse)
{
	enum probe_kind kind;
	uint64_t ns = 0;

	cr_assert_eq(probe_profile_parse(c->name, &kind, &ns), 0, "%s", c->name);
	cr_assert_eq(kind, c->tick ? PROBE_TICK : PROBE_PROFILE, "%s: kind", c->name);
	cr_assert_eq(ns, c->ns, "%s: %llu ns, expected %llu", c->name, (unsigned long long)ns,
		     c->ns);
}

struct bad_case {
	char name[48];
	int err;
};

ParameterizedTestParameters(profile, rejects)
{
	static struct bad_case cases[] = {
		{ "tick-0", -ERANGE },
		{ "profile-0hz", -ERANGE },
		{ "tick-0s", -ERANGE },
		{ "tick-abc", -EINVAL },
		{ "tick-", -EINVAL },
		{ "tick-1x", -EINVAL },
		{ "tick-1 s", -EINVAL },
		{ "tick--1", -EINVAL },
		{ "tick-1.5s", -EINVAL },
		{ "tick-1S", -EINVAL },
		{ "tick-s", -EINVAL },
		{ "tick1s", -EINVAL },
		{ "profile", -EINVAL },
		{ "entry", -EINVAL },
		{ "ticks-1", -EINVAL },
		{ "profile-5001", -ERANGE }, /* faster than 5000 Hz */
		{ "profile-1000000hz", -ERANGE },
		{ "tick-1ns", -ERANGE },
		{ "tick-199999ns", -ERANGE },
		{ "tick-199us", -ERANGE },
		{ "tick-99999999999999999999", -ERANGE }, /* overflows */
		{ "tick-300000000000d", -ERANGE },
		{ "tick-18446744073709551615", -ERANGE },
	};
	return cr_make_param_array(struct bad_case, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct bad_case *c, profile, rejects)
{
	enum probe_kind kind;
	uint64_t ns = 0;

	cr_assert_eq(probe_profile_parse(c->name, &kind, &ns), c->err, "%s", c->name);
}

Test(profile, created_when_named)
{
	struct probe_table t;
	size_t i, n = 0;

	memset(&t, 0, sizeof(t));
	cr_assert_eq(probe_table_add_profile(&t, "tick-250ms"), 1);
	cr_assert_eq(probe_table_add_profile(&t, "profile:::tick-250ms"), 0, "added twice");
	cr_assert_eq(probe_table_add_profile(&t, "profile:::profile-1ms"), 1);
	cr_assert_eq(probe_table_add_profile(&t, "syscall:::tick-1s"), 0, "other provider");
	cr_assert_eq(probe_table_add_profile(&t, "profile::f:tick-1s"), 0, "a function");
	cr_assert_eq(probe_table_add_profile(&t, "prof*:::tick-1s"), 1, "provider glob");
	cr_assert_eq(probe_table_add_profile(&t, "tick-*"), 0, "name glob");
	cr_assert_eq(probe_table_add_profile(&t, "tick-0"), 0);
	cr_assert_eq(probe_table_add_profile(&t, "tick-abc"), 0);
	cr_assert_eq(probe_table_add_profile(&t, "BEGIN"), 0);
	cr_assert_eq(t.n, 3);
	for (i = 0; i < t.n; i++) {
		cr_assert_str_eq(t.probes[i].prov, "profile");
		cr_assert_str_eq(t.probes[i].mod, "");
		cr_assert_str_eq(t.probes[i].func, "");
		cr_assert_eq(t.probes[i].id, i + 1);
		n += t.probes[i].kind == PROBE_TICK;
	}
	cr_assert_str_eq(t.probes[1].name, "profile-1ms");
	cr_assert_eq(t.probes[1].kind, PROBE_PROFILE);
	cr_assert_eq(n, 2);
	probe_table_free(&t);
}
