/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * User symbols (usym.h). Design: addresses are recorded raw in the
 * kernel; the consumer snapshots a process's executable mappings the
 * first time it learns of the pid (a ustack() record, or the kernel's
 * spt_upids map, polled by the consumer loop), and loads each mapped
 * file's symbol table then, opened through /proc/PID/root (so files in
 * another mount namespace are found). Files are cached by (device,
 * inode); an address resolves from the snapshot after the process has
 * exited. An address is turned into an ELF virtual address through the
 * mapping's file offset and the file's PT_LOAD headers.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "usym.h"

struct usym_sym {
	uint64_t addr, size;
	char *name;
};

struct usym_seg {
	uint64_t off, filesz, vaddr;
};

struct usym_file {
	unsigned long long dev_major, dev_minor, ino;
	char *path;
	const char *base;      /* basename of path */
	struct usym_sym *syms; /* sorted by addr */
	size_t nsyms;
	struct usym_seg *segs;
	size_t nsegs;
	int fd; /* kept open for the DWARF unwinder, -1: unreadable */
};

struct usym_map {
	uint64_t start, end, pgoff;
	struct usym_file *file;
};

struct usym_proc {
	uint32_t pid;
	struct usym_map *maps;
	size_t nmaps;
};

static struct usym_file **files;
static size_t nfiles;
static struct usym_proc *procs;
static size_t nprocs;

static int sym_cmp(const void *a, const void *b)
{
	const struct usym_sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The function symbols of one section (SHT_SYMTAB or SHT_DYNSYM). */
static void load_syms(Elf *e, Elf_Scn *scn, GElf_Shdr *sh, struct usym_file *f)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t i, n;

	if (!d || !sh->sh_entsize)
		return;
	n = sh->sh_size / sh->sh_entsize;
	for (i = 0; i < n; i++) {
		GElf_Sym s;
		const char *name;
		struct usym_sym *ns;

		if (!gelf_getsym(d, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC ||
		    !s.st_value || s.st_shndx == SHN_UNDEF)
			continue;
		name = elf_strptr(e, sh->sh_link, s.st_name);
		if (!name || !*name)
			continue;
		ns = realloc(f->syms, (f->nsyms + 1) * sizeof(*ns));
		if (!ns)
			return;
		f->syms = ns;
		ns[f->nsyms].addr = s.st_value;
		ns[f->nsyms].size = s.st_size;
		ns[f->nsyms].name = strdup(name);
		if (ns[f->nsyms].name)
			f->nsyms++;
	}
}

/* FD's ELF symbols and load segments into F. */
static void load_elf(int fd, struct usym_file *f)
{
	Elf_Scn *scn = NULL;
	bool have_symtab = false;
	size_t i, nph;
	Elf *e;

	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e)
		return;
	if (elf_kind(e) == ELF_K_ELF && !elf_getphdrnum(e, &nph)) {
		for (i = 0; i < nph; i++) {
			GElf_Phdr ph;
			struct usym_seg *ns;

			if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
				continue;
			ns = realloc(f->segs, (f->nsegs + 1) * sizeof(*ns));
			if (!ns)
				break;
			f->segs = ns;
			ns[f->nsegs].off = ph.p_offset;
			ns[f->nsegs].filesz = ph.p_filesz;
			ns[f->nsegs].vaddr = ph.p_vaddr;
			f->nsegs++;
		}
		while ((scn = elf_nextscn(e, scn))) {
			GElf_Shdr sh;

			if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB) {
				load_syms(e, scn, &sh, f);
				have_symtab = true;
			}
		}
		/* .dynsym too: a stripped file has only it, and .symtab may lack exports. */
		scn = NULL;
		while ((scn = elf_nextscn(e, scn))) {
			GElf_Shdr sh;

			if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_DYNSYM)
				load_syms(e, scn, &sh, f);
		}
		(void)have_symtab;
	}
	elf_end(e);
	if (f->nsyms)
		qsort(f->syms, f->nsyms, sizeof(*f->syms), sym_cmp);
}

static struct usym_file *file_get(uint32_t pid, unsigned long long maj, unsigned long long min,
				  unsigned long long ino, const char *path)
{
	struct usym_file *f, **nf;
	char p[4200];
	size_t i;
	int fd;

	for (i = 0; i < nfiles; i++)
		if (files[i]->ino == ino && files[i]->dev_major == maj &&
		    files[i]->dev_minor == min && !strcmp(files[i]->path, path))
			return files[i];
	f = calloc(1, sizeof(*f));
	nf = realloc(files, (nfiles + 1) * sizeof(*nf));
	if (!f || !nf) {
		free(f);
		if (nf)
			files = nf;
		return NULL;
	}
	files = nf;
	f->dev_major = maj;
	f->dev_minor = min;
	f->ino = ino;
	f->path = strdup(path);
	if (!f->path) {
		free(f);
		return NULL;
	}
	f->base = strrchr(f->path, '/') ? strrchr(f->path, '/') + 1 : f->path;
	snprintf(p, sizeof(p), "/proc/%u/root%s", pid, path);
	fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fd = open(path, O_RDONLY | O_CLOEXEC);
	f->fd = fd;
	if (fd >= 0)
		load_elf(fd, f);
	files[nfiles++] = f;
	return f;
}

static struct usym_proc *proc_find(uint32_t pid)
{
	size_t i;

	for (i = 0; i < nprocs; i++)
		if (procs[i].pid == pid)
			return &procs[i];
	return NULL;
}

/* Read PID's mappings into a new snapshot, replacing an older one only if it reads. */
static int snapshot(uint32_t pid)
{
	struct usym_proc *pr, *np, *old;
	char path[64], line[4400];
	FILE *m;

	snprintf(path, sizeof(path), "/proc/%u/maps", pid);
	m = fopen(path, "re");
	if (!m)
		return -1;
	np = realloc(procs, (nprocs + 1) * sizeof(*np));
	if (!np) {
		fclose(m);
		return -1;
	}
	procs = np;
	pr = &procs[nprocs++];
	memset(pr, 0, sizeof(*pr));
	pr->pid = pid;
	while (fgets(line, sizeof(line), m)) {
		unsigned long long start, end, off, maj, min, ino;
		char perm[8], file[4200];
		struct usym_map *nm;
		int n;

		file[0] = 0;
		n = sscanf(line, "%llx-%llx %7s %llx %llx:%llx %llu %4199[^\n]", &start, &end, perm,
			   &off, &maj, &min, &ino, file);
		if (n < 7 || perm[2] != 'x')
			continue;
		nm = realloc(pr->maps, (pr->nmaps + 1) * sizeof(*nm));
		if (!nm)
			break;
		pr->maps = nm;
		nm[pr->nmaps].start = start;
		nm[pr->nmaps].end = end;
		nm[pr->nmaps].pgoff = off;
		nm[pr->nmaps].file = file[0] == '/' && ino ? file_get(pid, maj, min, ino, file) :
							     NULL;
		pr->nmaps++;
	}
	fclose(m);
	/* An exited process (a zombie) has no mappings: not a snapshot to keep. */
	if (!pr->nmaps) {
		nprocs--;
		return -1;
	}
	old = proc_find(pid);
	if (old != pr) {
		/* the older one (found first) takes the new maps; the new entry goes */
		free(old->maps);
		old->maps = pr->maps;
		old->nmaps = pr->nmaps;
		nprocs--;
	}
	return 0;
}

int usym_note(uint32_t pid)
{
	if (!pid || proc_find(pid))
		return 0;
	return snapshot(pid);
}

int usym_refresh(uint32_t pid)
{
	return pid ? snapshot(pid) : 0;
}

/* The function of F holding virtual address VA: its index, or -1. */
static long sym_find(const struct usym_file *f, uint64_t va)
{
	size_t lo = 0, hi = f->nsyms;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->syms[mid].addr <= va)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return -1;
	/* Inside it, or past an unsized one (assembler entry points). */
	if (va < f->syms[lo - 1].addr + f->syms[lo - 1].size || !f->syms[lo - 1].size)
		return (long)(lo - 1);
	return -1;
}

/* File offset OFF of F as a virtual address (its PT_LOAD holding it). */
static int off2va(const struct usym_file *f, uint64_t off, uint64_t *va)
{
	size_t i;

	for (i = 0; i < f->nsegs; i++)
		if (off >= f->segs[i].off && off < f->segs[i].off + f->segs[i].filesz) {
			*va = off - f->segs[i].off + f->segs[i].vaddr;
			return 0;
		}
	return -1;
}

int usym_lookup(uint32_t pid, uint64_t addr, char *mod, size_t modlen, char *sym, size_t symlen,
		uint64_t *off)
{
	const struct usym_proc *pr;
	size_t i;

	mod[0] = sym[0] = 0;
	*off = addr;
	usym_note(pid);
	pr = proc_find(pid);
	if (!pr)
		return 0;
	for (i = 0; i < pr->nmaps; i++) {
		const struct usym_map *m = &pr->maps[i];
		uint64_t va;
		long k;

		if (addr < m->start || addr >= m->end || !m->file)
			continue;
		snprintf(mod, modlen, "%s", m->file->base);
		if (off2va(m->file, addr - m->start + m->pgoff, &va))
			return 1;
		k = sym_find(m->file, va);
		if (k < 0)
			return 1;
		snprintf(sym, symlen, "%s", m->file->syms[k].name);
		*off = va - m->file->syms[k].addr;
		return 2;
	}
	return 0;
}

int usym_mod_start(uint32_t pid, uint64_t addr, uint64_t *start)
{
	const struct usym_proc *pr;
	const struct usym_file *file = NULL;
	size_t i;

	*start = addr;
	usym_note(pid);
	pr = proc_find(pid);
	for (i = 0; pr && i < pr->nmaps && !file; i++)
		if (addr >= pr->maps[i].start && addr < pr->maps[i].end)
			file = pr->maps[i].file;
	if (!file)
		return 0;
	for (i = 0; i < pr->nmaps; i++)
		if (pr->maps[i].file == file && pr->maps[i].start < *start)
			*start = pr->maps[i].start;
	return 1;
}

int usym_lookup_file(const char *path, uint64_t vaddr, char *sym, size_t symlen, uint64_t *off)
{
	struct usym_file f;
	long k;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t i;

	sym[0] = 0;
	if (fd < 0)
		return -1;
	memset(&f, 0, sizeof(f));
	load_elf(fd, &f);
	close(fd);
	k = sym_find(&f, vaddr);
	if (k >= 0) {
		snprintf(sym, symlen, "%s", f.syms[k].name);
		*off = vaddr - f.syms[k].addr;
	}
	for (i = 0; i < f.nsyms; i++)
		free(f.syms[i].name);
	free(f.syms);
	free(f.segs);
	return k >= 0 ? 0 : -1;
}

size_t usym_files(uint32_t pid, void (*cb)(void *ctx, const char *name, int fd, uint64_t bias),
		  void *ctx)
{
	const struct usym_proc *pr = proc_find(pid);
	size_t i, j, n = 0;

	for (i = 0; pr && i < pr->nmaps; i++) {
		const struct usym_map *m = &pr->maps[i];
		bool seen = false;
		uint64_t va;

		if (!m->file || m->file->fd < 0 || off2va(m->file, m->pgoff, &va))
			continue;
		for (j = 0; j < i; j++)
			seen |= pr->maps[j].file == m->file;
		if (seen)
			continue;
		/* bias: where virtual address 0 of the file is in the process */
		cb(ctx, m->file->base, m->file->fd, m->start - va);
		n++;
	}
	return n;
}

void usym_free(void)
{
	size_t i, j;

	for (i = 0; i < nfiles; i++) {
		for (j = 0; j < files[i]->nsyms; j++)
			free(files[i]->syms[j].name);
		free(files[i]->syms);
		free(files[i]->segs);
		if (files[i]->fd >= 0)
			close(files[i]->fd);
		free(files[i]->path);
		free(files[i]);
	}
	free(files);
	files = NULL;
	nfiles = 0;
	for (i = 0; i < nprocs; i++)
		free(procs[i].maps);
	free(procs);
	procs = NULL;
	nprocs = 0;
}
