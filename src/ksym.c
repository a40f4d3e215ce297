/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Kernel addresses as dtrace prints them (printf's %a): module`symbol+0xoff
 * from /proc/kallsyms, read once, when the first address is printed.
 * "vmlinux" is the core kernel's name, as in dtrace-utils.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksym.h"

struct ksym {
	unsigned long long addr;
	char *name; /* "mod`sym" */
};

static struct ksym *syms;
static size_t nsyms;
static int loaded;

static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Text symbols of the kernel and its modules, sorted by address. */
int ksym_load_file(const char *path)
{
	char line[512], name[256], mod[128], type;
	unsigned long long addr;
	size_t cap = 0;
	FILE *f = fopen(path, "re");

	ksym_free();
	loaded = 1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		int n;

		mod[0] = 0;
		n = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type, name, mod);
		if (n < 3 || !addr || (type != 't' && type != 'T' && type != 'w' && type != 'W'))
			continue;
		if (nsyms == cap) {
			struct ksym *ns = realloc(syms, (cap ? cap * 2 : 4096) * sizeof(*ns));

			if (!ns)
				break;
			syms = ns;
			cap = cap ? cap * 2 : 4096;
		}
		syms[nsyms].addr = addr;
		syms[nsyms].name = malloc(strlen(name) + strlen(mod[0] ? mod : "vmlinux") + 2);
		if (!syms[nsyms].name)
			break;
		sprintf(syms[nsyms].name, "%s`%s", mod[0] ? mod : "vmlinux", name);
		nsyms++;
	}
	fclose(f);
	qsort(syms, nsyms, sizeof(*syms), ksym_cmp);
	return 0;
}

void ksym_free(void)
{
	size_t i;

	for (i = 0; i < nsyms; i++)
		free(syms[i].name);
	free(syms);
	syms = NULL;
	nsyms = 0;
	loaded = 0;
}

void ksym_addr2str(unsigned long long addr, char *buf, size_t len)
{
	size_t lo = 0, hi;

	if (!loaded)
		ksym_load_file("/proc/kallsyms");
	hi = nsyms;
	/* The last symbol at or below ADDR. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!addr || !lo || (lo == nsyms && addr - syms[lo - 1].addr > 0x100000)) {
		snprintf(buf, len, "0x%llx", addr);
		return;
	}
	if (addr == syms[lo - 1].addr)
		snprintf(buf, len, "%s", syms[lo - 1].name);
	else
		snprintf(buf, len, "%s+0x%llx", syms[lo - 1].name, addr - syms[lo - 1].addr);
}
