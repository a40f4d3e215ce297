/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The DWARF unwinder (unwind.h): one Dwfl per process, its modules the
 * files of the process's mapping snapshot (src/usym.c, so it works after
 * the process exited), its one thread's state the recorded registers and
 * stack window of the record being unwound. libdwfl reads memory through
 * memory_read, which answers from the window only: an unwind stops where
 * the copy ends.
 */
#define _GNU_SOURCE
#include <elfutils/libdwfl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <unistd.h>

#include "abi/isa.h"
#include "unwind.h"
#include "usym.h"

/* The record being unwound (the callbacks' state). */
static struct {
	const uint64_t *regs;
	const uint8_t *win;
	uint64_t len, sp;
	uint64_t *pcs;
	unsigned int n, max;
} cur;

struct unw_proc {
	uint32_t pid;
	Dwfl *dwfl; /* NULL: could not be set up */
};

static struct unw_proc *procs;
static size_t nprocs;

static pid_t next_thread(Dwfl *dwfl, void *arg, void **targ)
{
	(void)arg;
	if (*targ)
		return 0;
	*targ = (void *)1;
	return dwfl_pid(dwfl);
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	(void)dwfl;
	(void)arg;
	if (addr < cur.sp || addr - cur.sp + 8 > cur.len)
		return false;
	memcpy(result, cur.win + (addr - cur.sp), 8);
	return true;
}

/* pt_regs (r15 r14 r13 r12 bp bx r11 r10 r9 r8 ax cx dx si di orig_ax ip cs flags sp ss)
 * as x86-64's DWARF registers 0..16 (ax dx cx bx si di bp sp r8..r15 ip). */
static bool set_initial_registers(Dwfl_Thread *thread, void *targ)
{
	static const int from[17] = { 10, 12, 11, 5, 13, 14, 4, 19, 9, 8, 7, 6, 3, 2, 1, 0, 16 };
	Dwarf_Word r[17];
	int i;

	(void)targ;
	for (i = 0; i < 17; i++)
		r[i] = cur.regs[from[i]];
	return dwfl_thread_state_registers(thread, 0, 17, r);
}

static const Dwfl_Thread_Callbacks thread_cb = {
	.next_thread = next_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

static char *debuginfo_path;
static const Dwfl_Callbacks dwfl_cb = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

static void report(void *ctx, const char *name, int fd, uint64_t bias)
{
	int d = dup(fd);

	if (d >= 0 && !dwfl_report_elf(ctx, name, name, d, bias, true))
		close(d);
}

static Dwfl *proc_dwfl(uint32_t pid)
{
	struct unw_proc *np;
	Dwfl *d;
	size_t i;

	for (i = 0; i < nprocs; i++)
		if (procs[i].pid == pid)
			return procs[i].dwfl;
	np = realloc(procs, (nprocs + 1) * sizeof(*np));
	if (!np)
		return NULL;
	procs = np;
	d = dwfl_begin(&dwfl_cb);
	if (d) {
		dwfl_report_begin(d);
		usym_note(pid);
		if (!usym_files(pid, report, d) || dwfl_report_end(d, NULL, NULL) ||
		    !dwfl_attach_state(d, NULL, (pid_t)pid, &thread_cb, NULL)) {
			dwfl_end(d);
			d = NULL;
		}
	}
	procs[nprocs].pid = pid;
	procs[nprocs].dwfl = d;
	nprocs++;
	return d;
}

static int frame_cb(Dwfl_Frame *st, void *arg)
{
	Dwarf_Addr pc;
	bool act;

	(void)arg;
	if (!dwfl_frame_pc(st, &pc, &act) || !pc)
		return DWARF_CB_ABORT;
	cur.pcs[cur.n++] = pc;
	return cur.n < cur.max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

unsigned int unwind_user(uint32_t pid, const uint64_t *regs, const uint8_t *win, uint64_t len,
			 uint64_t *pcs, unsigned int max)
{
	Dwfl *d = proc_dwfl(pid);

	if (!d || !max || !regs[16])
		return 0;
	cur.regs = regs;
	cur.win = win;
	cur.len = len;
	cur.sp = regs[19];
	cur.pcs = pcs;
	cur.n = 0;
	cur.max = max;
	/* It ends with an error where CFI or the window runs out: the frames so far stand. */
	dwfl_getthread_frames(d, (pid_t)pid, frame_cb, NULL);
	return cur.n;
}

void unwind_free(void)
{
	size_t i;

	for (i = 0; i < nprocs; i++)
		if (procs[i].dwfl)
			dwfl_end(procs[i].dwfl);
	free(procs);
	procs = NULL;
	nprocs = 0;
}
