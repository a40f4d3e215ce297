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
	unsigned long long mstart; /* its module's first text address */
	char *name;		   /* "mod`sym" */
};

static struct ksym *syms;
static size_t nsyms;
static int loaded;

static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The length of symbol I's module name ("vmlinux" for the core kernel). */
static size_t mod_len(size_t i)
{
	return (size_t)(strchr(syms[i].name, '`') - syms[i].name);
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
	/* a module's symbols are contiguous in address order */
	for (size_t i = 0; i < nsyms; i++) {
		size_t ml = mod_len(i);

		syms[i].mstart = i && mod_len(i - 1) == ml &&
						 !strncmp(syms[i - 1].name, syms[i].name, ml) ?
					 syms[i - 1].mstart :
					 syms[i].addr;
	}
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

/* The number of the symbol ADDR is in, plus 1; 0: none. */
static size_t find(unsigned long long addr)
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
	if (!addr || !lo || (lo == nsyms && addr - syms[lo - 1].addr > 0x100000))
		return 0;
	return lo;
}

int ksym_start(unsigned long long addr, unsigned long long *start, unsigned long long *mstart)
{
	size_t lo = find(addr);

	*start = *mstart = addr;
	if (!lo)
		return 0;
	*start = syms[lo - 1].addr;
	*mstart = syms[lo - 1].mstart;
	return 1;
}

void ksym_addr2str(unsigned long long addr, char *buf, size_t len)
{
	size_t lo = find(addr);

	if (!lo) {
		snprintf(buf, len, "0x%llx", addr);
		return;
	}
	if (addr == syms[lo - 1].addr)
		snprintf(buf, len, "%s", syms[lo - 1].name);
	else
		snprintf(buf, len, "%s+0x%llx", syms[lo - 1].name, addr - syms[lo - 1].addr);
}
