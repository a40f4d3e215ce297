/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Probe descriptions (provider:module:function:name with globs) and the
 * table of probes the providers publish.
 */
#ifndef SPT_PROBE_H
#define SPT_PROBE_H

#include <stddef.h>
#include <stdint.h>

#define PROBE_FIELD_MAX 128 /* bytes per description field, NUL included */

/*
 * A parsed description. Empty fields match anything. Fewer than four
 * fields name the rightmost ones: "openat:entry" is ::openat:entry.
 */
struct probe_desc {
	char prov[PROBE_FIELD_MAX];
	char mod[PROBE_FIELD_MAX];
	char func[PROBE_FIELD_MAX];
	char name[PROBE_FIELD_MAX];
};

enum probe_kind {
	PROBE_SYSCALL_ENTRY,
	PROBE_SYSCALL_RETURN,
	PROBE_DTRACE,  /* arg: SPT_DTRACE_BEGIN, _END or _ERROR */
	PROBE_PROFILE, /* profile-N: every CPU, period_ns */
	PROBE_TICK,    /* tick-N: one CPU, period_ns */
};

struct probe {
	uint32_t id; /* as shown by -l and in records' default output */
	enum probe_kind kind;
	int arg; /* syscall number (syscall), which probe (dtrace) */
	const char *prov;
	const char *mod;
	const char *func;
	const char *name; /* profile, tick: probe_profile_parse() gives the period */
};

struct probe_table {
	struct probe *probes;
	size_t n;
	size_t cap;
	char tracefs[256]; /* the tracefs root the syscall probes came from */
};

/*
 * A probe's typed arguments, as dtrace -lv lists them: args[0] .. args[n-1]
 * with their C types as text.
 */
#define PROBE_ARGS_MAX 10
#define PROBE_TYPE_MAX 64
struct probe_args {
	int n;
	char type[PROBE_ARGS_MAX][PROBE_TYPE_MAX];
};

/* First probe id of the syscall provider; 1..3 are dtrace:::BEGIN/END/ERROR. */
#define PROBE_FIRST_SYSCALL_ID 4

/* Returns 0 or -EINVAL (more than four fields, or a field too long). */
int probe_desc_parse(const char *text, struct probe_desc *pd);

/* Does probe P match description PD (fnmatch globs, empty = any)? */
int probe_desc_match(const struct probe_desc *pd, const struct probe *p);

/*
 * Fill T with every probe of every provider. TRACEFS is the tracefs root
 * (NULL: find or mount it). Returns 0 or -errno; on failure ERR holds a
 * one-line reason.
 */
int probe_table_load(struct probe_table *t, const char *tracefs, char *err, size_t errlen);
void probe_table_free(struct probe_table *t);
const struct probe *probe_table_find(const struct probe_table *t, uint32_t id);

/*
 * The argument types of probe P of T: syscall entry probes have the
 * syscall's parameters and return probes its return value twice (arg0 and
 * arg1), both from the tracepoints' format files under T's tracefs;
 * dtrace:::ERROR has spectrace's fault arguments, profile and tick probes
 * two PCs. Returns 0, or -errno when a format file cannot be read.
 */
int probe_arg_types(const struct probe_table *t, const struct probe *p, struct probe_args *a);

/*
 * The arguments in the text of a syscall tracepoint's format file: the
 * fields after __syscall_nr, each "type name". Returns 0, or -EINVAL when
 * the text has no __syscall_nr field or more than PROBE_ARGS_MAX arguments.
 */
int probe_format_args(const char *text, struct probe_args *a);

/*
 * The profile provider's names: "profile-N" or "tick-N" with N a positive
 * integer and an optional unit (ns nsec us usec ms msec s sec m min h hour
 * d day hz; none is hz, as in DTrace). Sets *KIND (PROBE_PROFILE or
 * PROBE_TICK) and *PERIOD_NS. Returns 0, -EINVAL (not such a name) or
 * -ERANGE (a rate faster than PROBE_PROFILE_MIN_NS or a period that
 * overflows).
 */
#define PROBE_PROFILE_MIN_NS 200000ULL /* 5000 Hz, DTrace's profile minimum */
int probe_profile_parse(const char *name, enum probe_kind *kind, uint64_t *period_ns);

/*
 * Profile probes exist when they are named (as in DTrace): add
 * profile:::NAME to T when description DESC names one exactly (no glob in
 * the name; provider, module and function match it) and T does not have
 * it yet. Returns 1 when added, 0 when not, -ENOMEM. Pointers into T's
 * probes are invalidated when a probe is added.
 */
int probe_table_add_profile(struct probe_table *t, const char *desc);

/*
 * The syscall number of the syscall whose tracepoints are named NAME
 * (sys_enter_NAME), or -1 when spectrace does not know it.
 */
int probe_syscall_nr(const char *name);

/*
 * Locate a mounted tracefs (or mount it at /sys/kernel/tracing when we
 * may). Writes the root into BUF. Returns 0 or -errno.
 */
int probe_tracefs_root(char *buf, size_t len);

#endif /* SPT_PROBE_H */
