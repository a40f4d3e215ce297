/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The printer. Column widths are dtrace(1)'s, so scripts that parse dtrace
 * output read ours: "%3d %6d %32s " per record, the heading printed once,
 * lazily, before the first record and never under -q.
 */
#include <stdio.h>

#include "print.h"

void print_init(struct printer *pr, FILE *out, bool quiet)
{
	pr->out = out;
	pr->quiet = quiet;
	pr->heading_done = false;
}

static void heading(struct printer *pr)
{
	if (pr->heading_done)
		return;
	pr->heading_done = true;
	if (!pr->quiet)
		fprintf(pr->out, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
}

void print_default(struct printer *pr, int cpu, const struct probe *p)
{
	char fn[2 * PROBE_FIELD_MAX + 2];

	heading(pr);
	if (pr->quiet)
		return;
	snprintf(fn, sizeof(fn), "%s:%s", p->func, p->name);
	fprintf(pr->out, "%3d %6u %32s \n", cpu, p->id, fn);
}

void print_list_heading(FILE *out)
{
	fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
}

void print_list_probe(FILE *out, const struct probe *p)
{
	fprintf(out, "%5u %10s %17s %33s %s\n", p->id, p->prov, p->mod, p->func, p->name);
}
