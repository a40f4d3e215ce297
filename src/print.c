/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The printer: the dispatch of the output sink (print.h) and its text
 * format. Column widths are dtrace(1)'s, so scripts that parse dtrace
 * output read ours: "%3d %6d %32s " per record, the heading printed once,
 * lazily, before the first record and never under -q. Faults, drops and
 * the like are the consumer's messages on stderr: the text format puts
 * nothing for them on the output. The JSON format is json.c's.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/types.h>

#include "agg.h"
#include "fmt.h"
#include "print.h"
#include "stack.h"
#include "vm.h"

static const struct print_ops text_ops;

void print_init(struct printer *pr, FILE *out, bool quiet)
{
	memset(pr, 0, sizeof(*pr));
	pr->out = out;
	pr->ops = &text_ops;
	pr->quiet = quiet;
}

void print_fini(struct printer *pr)
{
	/* A freopen() still in effect: that file is ours to close. */
	if (pr->orig_out) {
		fclose(pr->out);
		pr->out = pr->orig_out;
		pr->orig_out = NULL;
	}
	jbuf_free(&pr->line);
	jbuf_free(&pr->text);
	jbuf_free(&pr->after);
}

void print_set_format(struct printer *pr, enum print_format format)
{
	pr->format = format;
	pr->ops = format == PRINT_JSON ? &json_ops : &text_ops;
}

void print_set_flow(struct printer *pr, bool flow)
{
	pr->flow = flow;
}

void print_set_testing(struct printer *pr, bool testing)
{
	pr->testing = testing;
}

/*
 * dtrace's column heading, once, before the first record: "CPU ID
 * FUNCTION:NAME" unless quiet; under -F "CPU FUNCTION" padded to the
 * function column, quiet or not. _DTRACE_TESTING leaves the CPU and ID
 * columns out.
 */
static void heading(struct printer *pr)
{
	if (pr->heading_done)
		return;
	pr->heading_done = true;
	if (pr->flow) {
		if (pr->testing)
			fprintf(pr->out, "%-41s\n", "FUNCTION");
		else
			fprintf(pr->out, "%3s %-41s\n", "CPU", "FUNCTION");
	} else if (!pr->quiet) {
		if (pr->testing)
			fprintf(pr->out, "%32s\n", "FUNCTION:NAME");
		else
			fprintf(pr->out, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
	}
}

/* NAME is S, or ends in "-S" (dtrace's entry and return probes). */
static bool name_is(const char *name, const char *s)
{
	size_t n = strlen(name), k = strlen(s);

	return !strcmp(name, s) || (n > k && name[n - k - 1] == '-' && !strcmp(name + n - k, s));
}

void print_flow_reset(struct printer *pr, int cpu)
{
	struct print_flow *fl;

	if (cpu < 0 || cpu >= PRINT_MAX_CPUS)
		return;
	fl = &pr->flowst[cpu];
	fl->depth = 0;
	fl->last_epid = 0;
	fl->last_id = 0;
}

/*
 * -F: the function column as dtrace builds it. An entry probe (name
 * "entry" or "...-entry") prints " -> func" (" => " for the syscall
 * provider) at the CPU's indent, which then grows by two; a return probe
 * shrinks it by two first and prints " <- func" (" <= "); any other probe
 * prints "| func:name". An entry that follows a record of the same probe
 * from another clause counts as "other", as in dtrace. The indent and the
 * previous record are per CPU and start afresh with each pass over the
 * CPU's buffer (print_flow_reset()).
 */
static void flow_prefix(struct printer *pr, int cpu, uint32_t epid, const struct probe *p)
{
	char col[2 * PROBE_FIELD_MAX + 64];
	struct print_flow *fl = &pr->flowst[cpu >= 0 && cpu < PRINT_MAX_CPUS ? cpu : 0];
	bool sys = !strcmp(p->prov, "syscall");
	int kind = 0;	/* 1 entry, -1 return, 0 other */

	if (name_is(p->name, "entry"))
		kind = 1;
	else if (name_is(p->name, "return"))
		kind = -1;
	if (kind == 1 && fl->last_epid && fl->last_id == p->id && fl->last_epid != epid)
		kind = 0;
	fl->last_epid = epid;
	fl->last_id = p->id;
	if (kind == 1) {
		snprintf(col, sizeof(col), "%*s%s%s", fl->depth, "", sys ? " => " : " -> ", p->func);
		fl->depth += 2;
	} else if (kind == -1) {
		fl->depth = fl->depth >= 2 ? fl->depth - 2 : 0;
		snprintf(col, sizeof(col), "%*s%s%s", fl->depth, "", sys ? " <= " : " <- ", p->func);
	} else {
		snprintf(col, sizeof(col), "%*s| %s:%s", fl->depth, "", p->func, p->name);
	}
	if (pr->testing)
		fprintf(pr->out, "%-41s ", col);
	else
		fprintf(pr->out, "%3d %-41s ", cpu, col);
}

/*
 * The record's prefix: under -F the function column (quiet or not),
 * otherwise "%3d %6d %32s " unless quiet ("%32s " under _DTRACE_TESTING).
 */
static void prefix(struct printer *pr, int cpu, uint32_t epid, const struct probe *p)
{
	char fn[2 * PROBE_FIELD_MAX + 2];

	if (pr->flow) {
		flow_prefix(pr, cpu, epid, p);
		return;
	}
	if (pr->quiet)
		return;
	if (pr->pfx_probe != p || pr->pfx_cpu != cpu) {
		int n;

		snprintf(fn, sizeof(fn), "%s:%s", p->func, p->name);
		if (pr->testing)
			n = snprintf(pr->pfx, sizeof(pr->pfx), "%32s ", fn);
		else
			n = snprintf(pr->pfx, sizeof(pr->pfx), "%3d %6u %32s ", cpu, p->id, fn);
		if (n < 0 || (size_t)n >= sizeof(pr->pfx)) {
			pr->pfx_probe = NULL;
			if (pr->testing)
				fprintf(pr->out, "%32s ", fn);
			else
				fprintf(pr->out, "%3d %6u %32s ", cpu, p->id, fn);
			return;
		}
		pr->pfx_probe = p;
		pr->pfx_cpu = cpu;
		pr->pfx_len = n;
	}
	fwrite(pr->pfx, 1, (size_t)pr->pfx_len, pr->out);
}

uint64_t print_field_value(const struct img_field *f, const uint8_t *data)
{
	uint64_t v;

	memcpy(&v, data + f->offset, sizeof(v));
	return v;
}

int print_field_str(const struct img_field *f, const uint8_t *data, const char **s)
{
	const uint8_t *p = data + f->offset;
	const uint8_t *nul = memchr(p, 0, f->size);

	*s = (const char *)p;
	return nul ? (int)(nul - p) : (int)f->size;
}

/*
 * trace(): dtrace-utils' formats, chosen by the recorded size and the
 * signedness of the argument's D type (" %10d" for an int, " %20lu" for
 * an unsigned long or a pointer, ...), without the width under quiet.
 * The field holds the value sign- or zero-extended from its size, so
 * printing it as a long long gives the digits of the narrower format.
 */
static void print_trace(struct printer *pr, const struct img_field *f, const uint8_t *data)
{
	if (f->type == IMG_STACK || f->type == IMG_USTACK) {
		stack_print(pr->out, f, data, stack_indent, 0);
		return;
	}
	if (f->type == IMG_STR) {
		const char *str;
		int n = print_field_str(f, data, &str);

		if (pr->quiet)
			fprintf(pr->out, "%.*s", n, str);
		else
			fprintf(pr->out, "  %-33.*s", n, str);
		return;
	}
	/* by size: 1 %3hhd, 2 %5hd, 4 %10d, 8 %19ld (unsigned %20lu) */
	static const int widths[9] = { 0, 3, 5, 0, 10, 0, 0, 0, 19 };
	uint64_t v = print_field_value(f, data);
	int w = widths[f->size <= 8 ? f->size : 8];

	if (f->size == 8 && f->type == IMG_UINT)
		w = 20;
	if (pr->quiet)
		w = 0;
	else
		fputc(' ', pr->out);
	if (f->type == IMG_INT)
		fprintf(pr->out, "%*lld", w, (long long)v);
	else
		fprintf(pr->out, "%*llu", w, (unsigned long long)v);
}

/* The arguments of a printf-like action A, from its fields; returns how many. */
static uint32_t fmt_args(const struct img_action *a, const struct img_clause *cl,
			 const uint8_t *data, struct fmt_arg *args)
{
	static char strs[64][SPT_STRSIZE + 1];
	uint32_t i;

	for (i = 0; i < a->nfields && i < 64; i++) {
		const struct img_field *f = &cl->fields[a->first + i];

		args[i].is_str = f->type == IMG_STR;
		args[i].v = 0;
		args[i].s = NULL;
		args[i].size = f->type == IMG_STR ? 0 : f->size;
		args[i].sign = f->type == IMG_INT;
		if (args[i].is_str) {
			const char *str;
			int n = print_field_str(f, data, &str);

			if (n > SPT_STRSIZE)
				n = SPT_STRSIZE;
			memcpy(strs[i], str, (size_t)n);
			strs[i][n] = '\0';
			args[i].s = strs[i];
		} else {
			args[i].v = print_field_value(f, data);
		}
	}
	return i;
}

void print_printf(FILE *out, const struct img_action *a, const struct img_clause *cl,
		  const uint8_t *data)
{
	struct fmt_arg args[64];

	fmt_print(out, &a->fmt, args, fmt_args(a, cl, data, args));
}

char *print_system_cmd(const struct img_action *a, const struct img_clause *cl,
		       const uint8_t *data)
{
	struct fmt_arg args[64];
	char *cmd = NULL;
	size_t len = 0;
	FILE *f;

	f = open_memstream(&cmd, &len);
	if (!f)
		return NULL;
	fmt_print(f, &a->fmt, args, fmt_args(a, cl, data, args));
	if (fclose(f)) {
		free(cmd);
		return NULL;
	}
	return cmd;
}

/*
 * system(): the command formatted as printf would print it, run with our
 * output flushed first, so its output lands in order with ours.
 */
static void print_system(struct printer *pr, const struct img_action *a,
			 const struct img_clause *cl, const uint8_t *data)
{
	char *cmd;

	if (!pr->system)
		return;
	cmd = print_system_cmd(a, cl, data);
	fflush(pr->out);
	pr->system(pr->system_ctx, cmd, fileno(pr->out));
	free(cmd);
}

void print_file_action(struct printer *pr, const struct img_action *a,
		       const struct img_clause *cl, const uint8_t *data, uint32_t epid,
		       const struct probe *p)
{
	char *path, msg[PATH_MAX + 128];
	FILE *f;

	fflush(pr->out);
	if (a->kind == IMG_ACT_FTRUNCATE) {
		/* As dtrace: errors ignored, nothing happens on a terminal or pipe. */
		if (!ftruncate(fileno(pr->out), 0))
			rewind(pr->out);
		return;
	}
	path = print_system_cmd(a, cl, data);
	if (!path)
		return;
	if (!path[0]) {
		/* freopen(""): back to the original output, if it was redirected */
		if (pr->orig_out) {
			fclose(pr->out);
			pr->out = pr->orig_out;
			pr->orig_out = NULL;
		}
		free(path);
		return;
	}
	f = fopen(path, "ae");
	if (!f) {
		snprintf(msg, sizeof(msg), "couldn't freopen() \"%s\": %s", path, strerror(errno));
		if (pr->liberr)
			pr->liberr(pr->liberr_ctx, epid, p, msg);
		free(path);
		return;
	}
	if (pr->orig_out)
		fclose(pr->out);
	else
		pr->orig_out = pr->out;
	pr->out = f;
	free(path);
}

void print_setopt(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		  const uint8_t *data, uint32_t epid, const struct probe *p)
{
	char name[SPT_STRSIZE + 1], value[SPT_STRSIZE + 1] = "1";
	const struct img_field *f = &cl->fields[a->first];

	if (!pr->setopt || !a->nfields)
		return;
	snprintf(name, sizeof(name), "%.*s", (int)f->size, (const char *)data + f->offset);
	if (a->nfields > 1)
		snprintf(value, sizeof(value), "%.*s", (int)f[1].size,
			 (const char *)data + f[1].offset);
	pr->setopt(pr->setopt_ctx, pr, name, value, epid, p);
}

void print_agg_action(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		      const uint8_t *data)
{
	if (pr->agg_act)
		pr->agg_act(pr->agg_ctx, pr, a,
			    a->nfields ? (int64_t)print_field_value(&cl->fields[a->first], data) : 0);
}

static void text_record(struct printer *pr, int cpu, uint32_t epid, const struct probe *p,
			const struct img_clause *cl, const uint8_t *data)
{
	size_t i;

	heading(pr);
	prefix(pr, cpu, epid, p);
	if (!cl) {
		if (!pr->quiet)
			fputc('\n', pr->out);
		return;
	}
	for (i = 0; i < cl->nacts; i++) {
		const struct img_action *a = &cl->acts[i];

		switch (a->kind) {
		case IMG_ACT_TRACE:
			print_trace(pr, &cl->fields[a->first], data);
			break;
		case IMG_ACT_PRINTF:
			print_printf(pr->out, a, cl, data);
			break;
		case IMG_ACT_EXIT:
			break;
		case IMG_ACT_SYSTEM:
			print_system(pr, a, cl, data);
			break;
		case IMG_ACT_FREOPEN:
		case IMG_ACT_FTRUNCATE:
			print_file_action(pr, a, cl, data, epid, p);
			break;
		case IMG_ACT_SETOPT:
			print_setopt(pr, a, cl, data, epid, p);
			break;
		case IMG_ACT_PRINTA:
		case IMG_ACT_CLEAR:
		case IMG_ACT_TRUNC:
		case IMG_ACT_NORMALIZE:
		case IMG_ACT_DENORMALIZE:
			print_agg_action(pr, a, cl, data);
			break;
		}
	}
	if (!pr->quiet)
		fputc('\n', pr->out);
}

/*
 * printa() without a format starts with a newline, also for an empty
 * aggregation; printa() with one has none; at exit the aggregations follow
 * one another without a separator (the run's final newline comes first).
 */
static void text_agg(struct printer *pr, const struct agg_snap *snap, const struct fmt *f,
		     uint64_t normal, enum print_agg_when when)
{
	if (f) {
		agg_print_fmt(pr->out, snap, f, normal);
		return;
	}
	if (when == PRINT_AGG_PRINTA)
		fputc('\n', pr->out);
	agg_print_default(pr->out, snap, normal);
}

void print_end_newline(struct printer *pr)
{
	if (pr->format == PRINT_TEXT)
		fputc('\n', pr->out);
}

/* dtrace prints these on stderr only, which the consumer does. */
static void text_fault(struct printer *pr, const struct print_fault *f)
{
	(void)pr;
	(void)f;
}

static void text_count(struct printer *pr, enum print_count kind, int cpu, uint64_t n)
{
	(void)pr;
	(void)kind;
	(void)cpu;
	(void)n;
}

static const struct print_ops text_ops = {
	.record = text_record,
	.agg = text_agg,
	.fault = text_fault,
	.count = text_count,
};

void print_default(struct printer *pr, int cpu, uint32_t epid, const struct probe *p)
{
	pr->ops->record(pr, cpu, epid, p, NULL, NULL);
}

void print_record(struct printer *pr, int cpu, uint32_t epid, const struct probe *p,
		  const struct img_clause *cl, const uint8_t *data)
{
	pr->ops->record(pr, cpu, epid, p, cl, data);
}

void print_agg(struct printer *pr, const struct agg_snap *snap, const struct fmt *f,
	       uint64_t normal, enum print_agg_when when)
{
	pr->ops->agg(pr, snap, f, normal, when);
}

void print_fault(struct printer *pr, const struct print_fault *f)
{
	pr->ops->fault(pr, f);
}

void print_count(struct printer *pr, enum print_count kind, int cpu, uint64_t n)
{
	pr->ops->count(pr, kind, cpu, n);
}

void print_list_heading(FILE *out)
{
	fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
}

void print_list_probe(FILE *out, const struct probe *p)
{
	fprintf(out, "%5u %10s %17s %33s %s\n", p->id, p->prov, p->mod, p->func, p->name);
}

void print_list_args(FILE *out, const struct probe_args *a)
{
	int i;

	fprintf(out, "\n\tArgument Types\n");
	for (i = 0; i < a->n; i++)
		fprintf(out, "\t\targs[%d]: %s\n", i, a->type[i]);
	if (!a->n)
		fprintf(out, "\t\tNone\n");
	fputc('\n', out);
}
