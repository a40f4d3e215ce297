/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Probe descriptions and the probe table.
 *
 * The syscall provider publishes an entry and a return probe for every
 * syscall that has tracepoints in this kernel (tracefs
 * events/syscalls/sys_enter_*), in syscall-number order, ids from
 * PROBE_FIRST_SYSCALL_ID. A tracepoint whose syscall number spectrace does
 * not know is left out rather than attached to the wrong number.
 *
 * The profile provider (profile-N, tick-N) follows: a few common probes
 * for -l, and any other rate created when a description names it.
 *
 * Argument types (-lv) come from the same tracefs directory: each syscall
 * tracepoint's format file declares its fields with the types written in
 * the kernel's SYSCALL_DEFINE. The kernel's BTF has only the pt_regs
 * wrappers (__x64_sys_*), not the typed functions behind them.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include <linux/types.h>

#include "abi/buf.h"
#include "probe.h"
#include "syscall_tab.h"

int probe_desc_parse(const char *text, struct probe_desc *pd)
{
	char *fields[4] = { pd->prov, pd->mod, pd->func, pd->name };
	const char *parts[4], *p;
	size_t lens[4];
	int n = 0, i, first;

	memset(pd, 0, sizeof(*pd));
	parts[0] = text;
	for (p = text;; p++) {
		if (*p == ':' || !*p) {
			if (n == 4)
				return -EINVAL;
			lens[n] = (size_t)(p - parts[n]);
			n++;
			if (!*p)
				break;
			if (n < 4)
				parts[n] = p + 1;
			else
				return -EINVAL;
		}
	}
	/* Right-align: the last field given is always the probe name. */
	first = 4 - n;
	for (i = 0; i < n; i++) {
		if (lens[i] >= PROBE_FIELD_MAX)
			return -EINVAL;
		memcpy(fields[first + i], parts[i], lens[i]);
		fields[first + i][lens[i]] = '\0';
	}
	return 0;
}

static int field_match(const char *pat, const char *s)
{
	return !*pat || fnmatch(pat, s, 0) == 0;
}

int probe_desc_match(const struct probe_desc *pd, const struct probe *p)
{
	return field_match(pd->prov, p->prov) && field_match(pd->mod, p->mod) &&
	       field_match(pd->func, p->func) && field_match(pd->name, p->name);
}

int probe_syscall_nr(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(syscall_tab) / sizeof(syscall_tab[0]); i++)
		if (!strcmp(syscall_tab[i].name, name))
			return syscall_tab[i].nr;
	return -1;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int probe_tracefs_root(char *buf, size_t len)
{
	static const char *const roots[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	char path[256];
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/events", roots[i]);
		errno = 0;
		if (is_dir(path)) {
			snprintf(buf, len, "%s", roots[i]);
			return 0;
		}
		/* mounted (or there) but closed to this process */
		if (errno == EACCES) {
			snprintf(buf, len, "%s", roots[i]);
			return -EACCES;
		}
	}
	if (mount("nodev", roots[0], "tracefs", 0, NULL))
		return -errno;
	snprintf(buf, len, "%s", roots[0]);
	return 0;
}

static struct probe *table_add(struct probe_table *t)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 512;
		struct probe *np = realloc(t->probes, cap * sizeof(*np));

		if (!np)
			return NULL;
		t->probes = np;
		t->cap = cap;
	}
	memset(&t->probes[t->n], 0, sizeof(t->probes[0]));
	return &t->probes[t->n++];
}

struct sysent {
	int nr;
	char *name;
};

static int sysent_cmp(const void *a, const void *b)
{
	const struct sysent *x = a, *y = b;

	return x->nr - y->nr;
}

static int load_syscalls(struct probe_table *t, const char *tracefs, char *err, size_t errlen)
{
	struct sysent *ents = NULL;
	size_t n = 0, cap = 0, i;
	char path[512];
	struct dirent *de;
	DIR *d;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/events/syscalls", tracefs);
	d = opendir(path);
	if (!d) {
		ret = -errno;
		snprintf(err, errlen, "cannot read syscall tracepoints in %s: %s", path,
			 strerror(errno));
		return ret;
	}
	while ((de = readdir(d))) {
		const char *name;
		int nr;

		if (strncmp(de->d_name, "sys_enter_", 10))
			continue;
		name = de->d_name + 10;
		nr = probe_syscall_nr(name);
		if (nr < 0)
			continue;
		if (n == cap) {
			struct sysent *ne;

			cap = cap ? cap * 2 : 512;
			ne = realloc(ents, cap * sizeof(*ne));
			if (!ne) {
				ret = -ENOMEM;
				goto out;
			}
			ents = ne;
		}
		ents[n].nr = nr;
		ents[n].name = strdup(name);
		if (!ents[n].name) {
			ret = -ENOMEM;
			goto out;
		}
		n++;
	}
	qsort(ents, n, sizeof(*ents), sysent_cmp);
	for (i = 0; i < n; i++) {
		int dir;

		for (dir = 0; dir < 2; dir++) {
			struct probe *p = table_add(t);

			if (!p) {
				ret = -ENOMEM;
				goto out;
			}
			p->id = PROBE_FIRST_SYSCALL_ID + (uint32_t)(2 * i + dir);
			p->kind = dir ? PROBE_SYSCALL_RETURN : PROBE_SYSCALL_ENTRY;
			p->arg = ents[i].nr;
			p->prov = "syscall";
			p->mod = "vmlinux";
			/* The entry probe owns the name; the return probe shares it. */
			p->func = dir ? t->probes[t->n - 2].func : ents[i].name;
			p->name = dir ? "return" : "entry";
			if (!dir)
				ents[i].name = NULL;
		}
	}
out:
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	for (i = 0; i < n; i++)
		free(ents[i].name);
	free(ents);
	closedir(d);
	return ret;
}

static const struct {
	const char *unit;
	uint64_t ns; /* 0: hz */
} profile_units[] = {
	{ "", 0 },
	{ "hz", 0 },
	{ "ns", 1 },
	{ "nsec", 1 },
	{ "us", 1000ULL },
	{ "usec", 1000ULL },
	{ "ms", 1000000ULL },
	{ "msec", 1000000ULL },
	{ "s", 1000000000ULL },
	{ "sec", 1000000000ULL },
	{ "m", 60000000000ULL },
	{ "min", 60000000000ULL },
	{ "h", 3600000000000ULL },
	{ "hour", 3600000000000ULL },
	{ "d", 86400000000000ULL },
	{ "day", 86400000000000ULL },
};

int probe_profile_parse(const char *name, enum probe_kind *kind, uint64_t *period_ns)
{
	const char *p;
	uint64_t n = 0, period = 0;
	size_t i;

	if (!strncmp(name, "profile-", 8)) {
		*kind = PROBE_PROFILE;
		p = name + 8;
	} else if (!strncmp(name, "tick-", 5)) {
		*kind = PROBE_TICK;
		p = name + 5;
	} else {
		return -EINVAL;
	}
	if (*p < '0' || *p > '9')
		return -EINVAL;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > (UINT64_MAX - 9) / 10)
			return -ERANGE;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	for (i = 0; i < sizeof(profile_units) / sizeof(profile_units[0]); i++)
		if (!strcmp(p, profile_units[i].unit))
			break;
	if (i == sizeof(profile_units) / sizeof(profile_units[0]))
		return -EINVAL;
	if (n == 0)
		return -ERANGE;
	if (!profile_units[i].ns) {
		period = 1000000000ULL / n; /* hz */
	} else {
		if (n > UINT64_MAX / profile_units[i].ns)
			return -ERANGE;
		period = n * profile_units[i].ns;
	}
	if (period < PROBE_PROFILE_MIN_NS)
		return -ERANGE;
	*period_ns = period;
	return 0;
}

static int add_profile(struct probe_table *t, const char *name, enum probe_kind kind)
{
	uint32_t id = t->n ? t->probes[t->n - 1].id + 1 : 1;
	char *copy = strdup(name);
	struct probe *p;

	if (!copy)
		return -ENOMEM;
	p = table_add(t);
	if (!p) {
		free(copy);
		return -ENOMEM;
	}
	p->id = id;
	p->kind = kind;
	p->prov = "profile";
	p->mod = "";
	p->func = "";
	p->name = copy;
	return 0;
}

/* The profile provider's probes that -l lists, as dtrace -l does. */
static int load_profile(struct probe_table *t)
{
	static const char *const names[] = {
		"profile-97",	"profile-199",	"profile-499",	"profile-997",
		"profile-1001", "profile-1999", "profile-4001", "profile-4999",
		"tick-1",	"tick-10",	"tick-100",	"tick-500",
		"tick-1000",	"tick-5000",	"tick-1s",	"tick-10s",
	};
	enum probe_kind kind;
	uint64_t period;
	size_t i;
	int ret;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (probe_profile_parse(names[i], &kind, &period))
			return -EINVAL;
		ret = add_profile(t, names[i], kind);
		if (ret)
			return ret;
	}
	return 0;
}

int probe_table_add_profile(struct probe_table *t, const char *desc)
{
	struct probe_desc pd;
	struct probe probe = { .prov = "profile", .mod = "", .func = "" };
	enum probe_kind kind;
	uint64_t period;
	size_t i;

	if (probe_desc_parse(desc, &pd) || strpbrk(pd.name, "*?[\\"))
		return 0;
	probe.name = pd.name;
	if (!probe_desc_match(&pd, &probe) || probe_profile_parse(pd.name, &kind, &period))
		return 0;
	for (i = 0; i < t->n; i++)
		if ((t->probes[i].kind == PROBE_PROFILE || t->probes[i].kind == PROBE_TICK) &&
		    !strcmp(t->probes[i].name, pd.name))
			return 0;
	return add_profile(t, pd.name, kind) ? -ENOMEM : 1;
}

/* The dtrace provider: BEGIN, END and ERROR, ids 1..3 as in DTrace. */
static int load_dtrace(struct probe_table *t)
{
	static const char *const names[] = { "BEGIN", "END", "ERROR" };
	int i;

	for (i = 0; i < 3; i++) {
		struct probe *p = table_add(t);

		if (!p)
			return -ENOMEM;
		p->id = (uint32_t)i + 1;
		p->kind = PROBE_DTRACE;
		p->arg = i;
		p->prov = "dtrace";
		p->mod = "";
		p->func = "";
		p->name = names[i];
	}
	return 0;
}

int probe_table_load(struct probe_table *t, const char *tracefs, char *err, size_t errlen)
{
	char root[256];
	int ret;

	memset(t, 0, sizeof(*t));
	ret = load_dtrace(t);
	if (ret) {
		snprintf(err, errlen, "out of memory");
		probe_table_free(t);
		return ret;
	}
	if (!tracefs) {
		ret = probe_tracefs_root(root, sizeof(root));
		if (ret == -EACCES) {
			snprintf(err, errlen, "cannot read tracefs at %s: %s", root,
				 strerror(-ret));
			probe_table_free(t);
			return ret;
		}
		if (ret) {
			snprintf(
				err, errlen,
				"tracefs is not mounted and mounting it at /sys/kernel/tracing failed: %s (mount -t tracefs nodev /sys/kernel/tracing)",
				strerror(-ret));
			probe_table_free(t);
			return ret;
		}
		tracefs = root;
	}
	snprintf(t->tracefs, sizeof(t->tracefs), "%s", tracefs);
	ret = load_syscalls(t, tracefs, err, errlen);
	if (!ret) {
		ret = load_profile(t);
		if (ret)
			snprintf(err, errlen, "out of memory");
	}
	if (ret)
		probe_table_free(t);
	return ret;
}

void probe_table_free(struct probe_table *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->probes[i].kind == PROBE_SYSCALL_ENTRY)
			free((char *)t->probes[i].func);
		else if (t->probes[i].kind == PROBE_PROFILE || t->probes[i].kind == PROBE_TICK)
			free((char *)t->probes[i].name);
	free(t->probes);
	memset(t, 0, sizeof(*t));
}

const struct probe *probe_table_find(const struct probe_table *t, uint32_t id)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->probes[i].id == id)
			return &t->probes[i];
	return NULL;
}

/*
 * The type of declaration D (LEN bytes, "type name" or "type name[N]") into
 * OUT: the name dropped, __attribute__((...)) and __user left out, blanks
 * collapsed, an array's bounds kept after the type.
 */
static int decl_type(const char *d, size_t len, char *out, size_t outlen)
{
	size_t end = len, name, i, o = 0, arr;

	while (end && isspace((unsigned char)d[end - 1]))
		end--;
	arr = end;
	if (end && d[end - 1] == ']') {
		while (end && d[end - 1] != '[')
			end--;
		if (!end)
			return -EINVAL;
		end--;
		arr = end;
		while (end && isspace((unsigned char)d[end - 1]))
			end--;
	}
	name = end;
	while (name && (isalnum((unsigned char)d[name - 1]) || d[name - 1] == '_'))
		name--;
	if (name == end)
		return -EINVAL;
	for (i = 0; i < name; i++) {
		if (!strncmp(d + i, "__attribute__", 13)) {
			int depth = 0;

			for (i += 13; i < name; i++) {
				if (d[i] == '(')
					depth++;
				else if (d[i] == ')' && --depth == 0)
					break;
			}
			continue;
		}
		if (!strncmp(d + i, "__user", 6) && !isalnum((unsigned char)d[i + 6]) &&
		    d[i + 6] != '_' && (i == 0 || !isalnum((unsigned char)d[i - 1]))) {
			i += 5;
			continue;
		}
		if (isspace((unsigned char)d[i])) {
			if (o && out[o - 1] != ' ' && o + 1 < outlen)
				out[o++] = ' ';
			continue;
		}
		if (o + 1 >= outlen)
			return -EINVAL;
		out[o++] = d[i];
	}
	while (o && out[o - 1] == ' ')
		o--;
	if (!o)
		return -EINVAL;
	for (i = arr; i < len && !isspace((unsigned char)d[i]); i++) {
		if (o + 1 >= outlen)
			return -EINVAL;
		out[o++] = d[i];
	}
	out[o] = '\0';
	return 0;
}

int probe_format_args(const char *text, struct probe_args *a)
{
	const char *line = text;
	int after_nr = 0;

	memset(a, 0, sizeof(*a));
	while (line && *line) {
		const char *nl = strchr(line, '\n'), *f = line, *semi;
		size_t len;

		while (*f == ' ' || *f == '\t')
			f++;
		if (!strncmp(f, "field:", 6)) {
			f += 6;
			semi = strchr(f, ';');
			if (!semi || (nl && semi > nl))
				return -EINVAL;
			len = (size_t)(semi - f);
			if (after_nr) {
				if (a->n == PROBE_ARGS_MAX ||
				    decl_type(f, len, a->type[a->n], PROBE_TYPE_MAX))
					return -EINVAL;
				a->n++;
			} else if (len >= 12 && !strncmp(f + len - 12, "__syscall_nr", 12)) {
				after_nr = 1;
			}
		}
		line = nl ? nl + 1 : NULL;
	}
	return after_nr ? 0 : -EINVAL;
}

static void set_types(struct probe_args *a, int n, const char *const *types)
{
	int i;

	a->n = n;
	for (i = 0; i < n; i++)
		snprintf(a->type[i], PROBE_TYPE_MAX, "%s", types[i]);
}

int probe_arg_types(const struct probe_table *t, const struct probe *p, struct probe_args *a)
{
	/* ERROR: spectrace's arguments, typed as illumos's dtrace_probe_error() takes them. */
	static const char *const error_types[] = { "uint64_t", "uint32_t", "int",
						   "int",      "int",	   "uint64_t" };
	static const char *const pc_types[] = { "uint64_t", "uint64_t" };
	char path[512], text[8192];
	size_t n;
	FILE *f;
	int ret;

	memset(a, 0, sizeof(*a));
	switch (p->kind) {
	case PROBE_DTRACE:
		if (p->arg == SPT_DTRACE_ERROR)
			set_types(a, 6, error_types);
		return 0;
	case PROBE_PROFILE:
	case PROBE_TICK:
		set_types(a, 2, pc_types);
		return 0;
	case PROBE_SYSCALL_ENTRY:
	case PROBE_SYSCALL_RETURN:
		break;
	}
	snprintf(path, sizeof(path), "%s/events/syscalls/sys_%s_%s/format", t->tracefs,
		 p->kind == PROBE_SYSCALL_ENTRY ? "enter" : "exit", p->func);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	n = fread(text, 1, sizeof(text) - 1, f);
	ret = ferror(f) ? -EIO : 0;
	fclose(f);
	if (ret)
		return ret;
	text[n] = '\0';
	ret = probe_format_args(text, a);
	if (ret || p->kind == PROBE_SYSCALL_ENTRY)
		return ret;
	/* The return value is arg0 and arg1, as in DTrace. */
	if (a->n != 1)
		return -EINVAL;
	a->n = 2;
	memcpy(a->type[1], a->type[0], PROBE_TYPE_MAX);
	return 0;
}
