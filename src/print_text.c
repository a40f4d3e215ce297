/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The output sink's text format: dtrace(1)'s layout. Column widths are
 * dtrace's, so scripts that parse dtrace output read ours: "%3d %6d %32s "
 * per record, the heading printed once, lazily, before the first record
 * and never under -q. Faults, drops and the like are the consumer's
 * messages on stderr: this format puts nothing for them on the output.
 *
 * Aggregations as dtrace lays them out: tuples print as trace() would
 * print each key ("  %-50s" for strings, " %Nd" by integer size) and the
 * value as " %16lld"; histograms as the "value ---- Distribution ----
 * count" table with 40 '@' at full scale, trimmed to the buckets around
 * the data. And -l's listing of probes.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/types.h>

#include "abi/agg.h"
#include "abi/limits.h"
#include "agg.h"
#include "fmt.h"
#include "print.h"
#include "print_priv.h"
#include "stack.h"

#define PRINT_MAX_CPUS 256

/* -F: a CPU's indent and the record before, for this pass over its buffer. */
struct print_flow {
	int depth;
	uint32_t last_epid; /* 0: none yet */
	uint32_t last_id;   /* its probe id */
};

struct text_state {
	bool heading_done; /* the column heading goes out before the first record */
	struct print_flow flowst[PRINT_MAX_CPUS]; /* -F: each CPU's indent */
	/* the last record's column prefix, for the next one of the same CPU
	 * and probe (most of them: buffers are drained one CPU at a time) */
	const struct probe *pfx_probe;
	int pfx_cpu;
	int pfx_len;
	char pfx[2 * PROBE_FIELD_MAX + 48];
};

static struct text_state *state(struct printer *pr)
{
	return pr->state;
}

static int text_init(struct printer *pr)
{
	pr->state = calloc(1, sizeof(struct text_state));
	return pr->state ? 0 : -ENOMEM;
}

static void text_fini(struct printer *pr)
{
	free(pr->state);
	pr->state = NULL;
}

/*
 * dtrace's column heading, once, before the first record: "CPU ID
 * FUNCTION:NAME" unless quiet; under -F "CPU FUNCTION" padded to the
 * function column, quiet or not. _DTRACE_TESTING leaves the CPU and ID
 * columns out.
 */
static void heading(struct printer *pr)
{
	if (state(pr)->heading_done)
		return;
	state(pr)->heading_done = true;
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

static void text_flow_reset(struct printer *pr, int cpu)
{
	struct print_flow *fl;

	if (cpu < 0 || cpu >= PRINT_MAX_CPUS)
		return;
	fl = &state(pr)->flowst[cpu];
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
	struct print_flow *fl = &state(pr)->flowst[cpu >= 0 && cpu < PRINT_MAX_CPUS ? cpu : 0];
	bool sys = !strcmp(p->prov, "syscall");
	int kind = 0; /* 1 entry, -1 return, 0 other */

	if (name_is(p->name, "entry"))
		kind = 1;
	else if (name_is(p->name, "return"))
		kind = -1;
	if (kind == 1 && fl->last_epid && fl->last_id == p->id && fl->last_epid != epid)
		kind = 0;
	fl->last_epid = epid;
	fl->last_id = p->id;
	if (kind == 1) {
		snprintf(col, sizeof(col), "%*s%s%s", fl->depth, "", sys ? " => " : " -> ",
			 p->func);
		fl->depth += 2;
	} else if (kind == -1) {
		fl->depth = fl->depth >= 2 ? fl->depth - 2 : 0;
		snprintf(col, sizeof(col), "%*s%s%s", fl->depth, "", sys ? " <= " : " <- ",
			 p->func);
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
	struct text_state *ts = state(pr);
	char fn[2 * PROBE_FIELD_MAX + 2];

	if (pr->flow) {
		flow_prefix(pr, cpu, epid, p);
		return;
	}
	if (pr->quiet)
		return;
	if (ts->pfx_probe != p || ts->pfx_cpu != cpu) {
		int n;

		snprintf(fn, sizeof(fn), "%s:%s", p->func, p->name);
		if (pr->testing)
			n = snprintf(ts->pfx, sizeof(ts->pfx), "%32s ", fn);
		else
			n = snprintf(ts->pfx, sizeof(ts->pfx), "%3d %6u %32s ", cpu, p->id, fn);
		if (n < 0 || (size_t)n >= sizeof(ts->pfx)) {
			ts->pfx_probe = NULL;
			if (pr->testing)
				fprintf(pr->out, "%32s ", fn);
			else
				fprintf(pr->out, "%3d %6u %32s ", cpu, p->id, fn);
			return;
		}
		ts->pfx_probe = p;
		ts->pfx_cpu = cpu;
		ts->pfx_len = n;
	}
	fwrite(ts->pfx, 1, (size_t)ts->pfx_len, pr->out);
}

/*
 * trace(): dtrace-utils' formats, chosen by the recorded size and the
 * signedness of the argument's D type (" %10d" for an int, " %20lu" for
 * an unsigned long or a pointer, ...), without the width under quiet.
 * The field holds the value sign- or zero-extended from its size, so
 * printing it as a long long gives the digits of the narrower format.
 */
/*
 * dtrace's hex dump (dt_print_rawbytes): a heading of the column digits,
 * then per 16 bytes the offset, the bytes in hex and as text ('.' for a
 * byte that is not printable ASCII). Nothing for no bytes.
 */
void print_hexdump(FILE *out, const uint8_t *p, size_t n)
{
	size_t i, j;

	if (!n)
		return;
	fprintf(out, "\n%5s%6s", "", "");
	for (i = 0; i < 16; i++)
		fprintf(out, "  %c", "0123456789abcdef"[i]);
	fprintf(out, "  0123456789abcdef\n");
	for (i = 0; i < n; i += 16) {
		fprintf(out, "%5s%5zx:", "", i);
		for (j = i; j < i + 16; j++) {
			if (j < n)
				fprintf(out, " %02x", p[j]);
			else
				fputs("   ", out);
		}
		fputs("  ", out);
		for (j = i; j < i + 16 && j < n; j++)
			fputc(p[j] < ' ' || p[j] > '~' ? '.' : p[j], out);
		fputc('\n', out);
	}
}

/* A string of SIZE bytes at P as rawbytes shows it: strsize + 1 bytes, zeroes after the text. */
static void hexdump_str(FILE *out, const uint8_t *p, size_t size)
{
	uint8_t b[SPT_STRSIZE + 1] = { 0 };
	const uint8_t *nul = memchr(p, 0, size);
	size_t n = nul ? (size_t)(nul - p) : size;
	size_t all = print_strsize + 1 <= sizeof(b) ? print_strsize + 1 : sizeof(b);

	memcpy(b, p, n < all - 1 ? n : all - 1);
	print_hexdump(out, b, all);
}

static void print_trace(struct printer *pr, const struct img_field *f, const uint8_t *data)
{
	if (print_rawbytes && (f->type == IMG_INT || f->type == IMG_UINT)) {
		/* the value's own bytes, little-endian, as many as its type has */
		print_hexdump(pr->out, data + f->offset, f->size <= 8 ? f->size : 8);
		return;
	}
	if (print_rawbytes && f->type == IMG_STR) {
		hexdump_str(pr->out, data + f->offset, f->size);
		return;
	}
	if (f->type == IMG_BYTES) {
		uint64_t k;

		memcpy(&k, data + f->offset, 8);
		print_hexdump(pr->out, data + f->offset + 8, k < f->size - 8 ? k : f->size - 8);
		return;
	}
	if (f->type == IMG_STACK || f->type == IMG_USTACK) {
		stack_print(pr->out, f, data, stack_indent, 0);
		return;
	}
	if (stack_is_sym(f)) {
		/* sym() and the others: "  %-50s", quiet or not (dt_print_sym) */
		char t[512];

		stack_sym_text(f, data, t, sizeof(t));
		fprintf(pr->out, "  %-50s", t);
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
			print_system(pr, a, cl, data, fileno(pr->out));
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
		print_agg_fmt(pr->out, snap, f, normal);
		return;
	}
	if (when == PRINT_AGG_PRINTA)
		fputc('\n', pr->out);
	print_agg_default(pr->out, snap, normal);
}

static void text_end(struct printer *pr)
{
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

const struct print_ops print_text_ops = {
	.init = text_init,
	.fini = text_fini,
	.record = text_record,
	.agg = text_agg,
	.fault = text_fault,
	.count = text_count,
	.flow_reset = text_flow_reset,
	.end = text_end,
};

/* An llquantize bucket no integer falls in: dtrace prints no label for it. */
static bool llq_ghost(const struct agg_snap *snap, uint32_t b)
{
	uint32_t k = agg_llq_k(snap->agg, b);

	return k && agg_llq_pos(snap, k) == agg_llq_pos(snap, k + 1);
}

/*
 * Whether a string key prints as text (dt_print_bytes): a first byte that
 * is not its NUL, and every byte before the NUL printable or a blank
 * (isprint, isspace, \b, \a); else it is shown as a hex dump.
 */
static bool key_printable(const uint8_t *p, size_t size)
{
	size_t i;

	if (!size || !p[0])
		return false;
	for (i = 0; i < size && p[i]; i++)
		if (!isprint(p[i]) && !isspace(p[i]) && p[i] != '\b' && p[i] != '\a')
			return false;
	return true;
}

/*
 * Unformatted keys, dtrace's formats by recorded size whatever the type's
 * signedness: 1 " %3d", 2 " %5d" (the bytes zero-extended: a char -1 is
 * 255), 4 " %8d" (as a 32-bit int: an unsigned 2^31 is negative), 8
 * " %16lld"; strings "  %-50s".
 */
static void print_key(FILE *out, const struct img_agg *a, const uint8_t *key)
{
	uint32_t i;

	for (i = 0; i < a->nkeys; i++) {
		const struct img_field *k = &a->keys[i];
		uint64_t v;

		if (k->type == IMG_STACK || k->type == IMG_USTACK) {
			stack_print(out, k, key, stack_indent, 0);
			continue;
		}
		if (stack_is_sym(k)) {
			char t[512];

			stack_sym_text(k, key, t, sizeof(t));
			fprintf(out, "  %-50s", t);
			continue;
		}
		if (k->type == IMG_STR &&
		    (print_rawbytes || !key_printable(key + k->offset, k->size))) {
			hexdump_str(out, key + k->offset, k->size);
			continue;
		}
		if (k->type == IMG_STR) {
			fprintf(out, "  %-50.*s", (int)k->size, (const char *)key + k->offset);
			continue;
		}
		memcpy(&v, key + k->offset, 8);
		switch (k->size) {
		case 1:
			fprintf(out, " %3d", (int)(uint8_t)v);
			break;
		case 2:
			fprintf(out, " %5d", (int)(uint16_t)v);
			break;
		case 4:
			fprintf(out, " %8d", (int)(int32_t)(uint32_t)v);
			break;
		default:
			fprintf(out, " %16lld", (long long)v);
			break;
		}
	}
}

/* dtrace-utils' llquantize labels, cut at 15 characters; FIRST: the first bucket shown. */
static void llq_text(const struct agg_snap *snap, uint32_t b, uint32_t first, char *buf, size_t len)
{
	const struct img_agg *a = snap->agg;
	uint32_t r = agg_llq_r(a), k = agg_llq_k(a, b);
	int64_t f = agg_llq_pos(snap, r + 1), s = agg_llq_pos(snap, 1);
	char t[48];

	if (b == 0)
		snprintf(t, sizeof(t), "<= -%lld", (long long)f);
	else if (b == 2 * r + 2)
		snprintf(t, sizeof(t), ">= %lld", (long long)f);
	else if (b == r + 1 && s == 1)
		snprintf(t, sizeof(t), "0");
	else if (b == r + 1)
		snprintf(t, sizeof(t), "%s< %lld", first >= r + 1 ? "" : "abs() ", (long long)s);
	else
		snprintf(t, sizeof(t), "%s%lld", b < r + 1 ? "-" : "",
			 (long long)agg_llq_pos(snap, k));
	snprintf(buf, len, "%.15s", t);
}

static void bucket_text(const struct agg_snap *snap, uint32_t b, char *buf, size_t len)
{
	const struct img_agg *a = snap->agg;

	if (a->func != SPT_AGG_QUANTIZE && b == 0)
		snprintf(buf, len, "< %lld", (long long)snap->edges[a->edge0]);
	else if (a->func != SPT_AGG_QUANTIZE && b == a->nedges)
		snprintf(buf, len, ">= %lld", (long long)snap->edges[a->edge0 + a->nedges - 1]);
	else
		snprintf(buf, len, "%lld", (long long)agg_bucket_label(snap, b));
}

/* One bar of the distribution: 40 columns at full scale, halves when counts have both signs. */
static void bar(FILE *out, long double val, long double total, bool pos, bool neg, int64_t printed)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	int len = 40, depth;

	if (!neg) {
		depth = pos && total > 0 ? (int)((val < 0 ? -val : val) * len / total + 0.5L) : 0;
		fprintf(out, "|%.*s%*s %-9lld\n", depth, ats, len - depth, "", (long long)printed);
		return;
	}
	if (!pos) {
		depth = total > 0 ? (int)((val < 0 ? -val : val) * len / total + 0.5L) : 0;
		fprintf(out, "%*s%.*s| %-9lld\n", len - depth, "", depth, ats, (long long)printed);
		return;
	}
	len /= 2;
	depth = total > 0 ? (int)((val < 0 ? -val : val) * len / total + 0.5L) : 0;
	if (val <= 0)
		fprintf(out, "%*s%.*s|%*s %-9lld\n", len - depth, "", depth, ats, len, "",
			(long long)printed);
	else
		fprintf(out, "%20s|%.*s%*s %-9lld\n", "", depth, ats, len - depth, "",
			(long long)printed);
}

static void print_hist(FILE *out, const struct agg_snap *snap, const uint64_t *w, uint64_t normal)
{
	const struct img_agg *a = snap->agg;
	uint32_t n = agg_nbuckets(a), first = 0, last = n - 1, b;
	const int64_t *c = (const int64_t *)w + 1;
	long double total = 0;
	bool pos = false, neg = false;
	char label[48];

	while (first < n && c[first] == 0)
		first++;
	if (first == n && a->func == SPT_AGG_LLQUANTIZE) {
		/* dtrace-utils: the bucket above bin0, widened as data would be */
		first = agg_llq_r(a) + 1;
		last = first + 2;
	} else if (first == n) {
		/* No data (cleared, or increments summing to zero): the buckets around 0. */
		if (a->func == SPT_AGG_QUANTIZE) {
			first = 62;
			last = 64;
		} else {
			first = 0;
			last = n - 1 < 2 ? n - 1 : 2;
		}
	} else {
		if (first > 0)
			first--;
		while (last > 0 && c[last] == 0)
			last--;
		if (last < n - 1)
			last++;
	}
	for (b = first; b <= last; b++) {
		pos |= c[b] > 0;
		neg |= c[b] < 0;
		total += c[b] < 0 ? -(long double)c[b] : (long double)c[b];
	}
	fprintf(out, "\n%16s %41s %-9s\n", "value", "------------- Distribution -------------",
		"count");
	for (b = first; b <= last; b++) {
		if (a->func == SPT_AGG_LLQUANTIZE) {
			uint32_t lb = b;

			/*
			 * A bucket without a label is left out, unless it is the
			 * first or last shown: then it takes the label of the
			 * nearest labelled one outward, as dtrace-utils prints it.
			 */
			if (llq_ghost(snap, b)) {
				if (b != first && b != last)
					continue;
				while (llq_ghost(snap, lb))
					lb = b == first ? lb - 1 : lb + 1;
			}
			llq_text(snap, lb, first, label, sizeof(label));
		} else {
			bucket_text(snap, b, label, sizeof(label));
		}
		fprintf(out, "%16s ", label);
		bar(out, (long double)c[b], total, pos, neg, c[b] / (int64_t)normal);
	}
}

/* Tuple I's value of SNAP (or of the joined SNAP->more[J - 1], J > 0). */
static const struct agg_snap *value_snap(const struct agg_snap *snap, size_t j, uint64_t *normal)
{
	if (j == 0 || !snap->nmore)
		return snap;
	if (j > snap->nmore)
		j = snap->nmore;
	*normal = snap->more[j - 1].normal ? snap->more[j - 1].normal : 1;
	return &snap->more[j - 1];
}

static void print_value(FILE *out, const struct agg_snap *snap, const uint64_t *w, uint64_t normal)
{
	const struct img_agg *a = snap->agg;

	if (agg_is_hist(a->func))
		print_hist(out, snap, w, normal);
	else if (a->func == SPT_AGG_STDDEV)
		fprintf(out, " %16llu", (unsigned long long)agg_value(a, w, normal));
	else
		fprintf(out, " %16lld", (long long)agg_value(a, w, normal));
}

void print_agg_default(FILE *out, const struct agg_snap *snap, uint64_t normal)
{
	const struct img_agg *a = snap->agg;
	size_t i, j;

	if (!normal)
		normal = 1;
	for (i = 0; i < snap->n; i++) {
		const struct agg_tuple *t = &snap->t[i];

		print_key(out, a, t->key);
		print_value(out, snap, t->w, normal);
		/* aggpercpu: each CPU's value after it, as dtrace-utils prints them */
		for (j = 0; t->pcw && j < snap->ncpus; j++) {
			fprintf(out, "\n    [CPU %zu]", j);
			print_value(out, snap, t->pcw + j * a->nwords, normal);
		}
		/* printa(@a, @b, ...): the other values on the same line, in order. */
		for (j = 0; j < snap->nmore; j++) {
			const struct agg_snap *m = &snap->more[j];

			print_value(out, m, m->t[i].w, m->normal ? m->normal : 1);
		}
		fputc('\n', out);
	}
}

void print_agg_fmt(FILE *out, const struct agg_snap *snap, const struct fmt *f, uint64_t normal)
{
	const struct img_agg *a = snap->agg;
	size_t i, p;

	if (!normal)
		normal = 1;
	for (i = 0; i < snap->n; i++) {
		const struct agg_tuple *t = &snap->t[i];
		uint32_t k = 0;
		size_t nv = 0;

		for (p = 0; p < f->n; p++) {
			const struct fmt_piece *pc = &f->pieces[p];
			struct fmt one = { .pieces = (struct fmt_piece *)pc, .n = 1 };
			struct fmt_arg args[3];
			char s[SPT_STRSIZE + 1];
			size_t na = 0;
			int st;

			if (pc->kind == FMT_LIT) {
				fwrite(pc->text, 1, pc->len, out);
				continue;
			}
			memset(args, 0, sizeof(args));
			/* '*' widths and precisions take integer keys, in order. */
			for (st = 0; st < pc->star_width + pc->star_prec; st++) {
				if (k < a->nkeys)
					memcpy(&args[na].v, t->key + a->keys[k++].offset, 8);
				na++;
			}
			if (pc->agg) {
				/* The n-th %@ prints the n-th aggregation listed; more, the last. */
				uint64_t nm = normal;
				const struct agg_snap *vs = value_snap(snap, nv++, &nm);
				const uint64_t *w = vs == snap ? t->w : vs->t[i].w;

				if (agg_is_hist(vs->agg->func)) {
					print_hist(out, vs, w, nm);
					continue;
				}
				args[na].v = (uint64_t)agg_value(vs->agg, w, nm);
			} else if (k < a->nkeys) {
				const struct img_field *kf = &a->keys[k++];

				if (kf->type == IMG_STACK || kf->type == IMG_USTACK ||
				    stack_is_sym(kf)) {
					args[na].stk = kf;
					args[na].stkdata = t->key;
				} else if (kf->type == IMG_STR) {
					memcpy(s, t->key + kf->offset, SPT_STRSIZE);
					s[SPT_STRSIZE] = 0;
					args[na].is_str = 1;
					args[na].s = s;
				} else {
					memcpy(&args[na].v, t->key + kf->offset, 8);
					args[na].size = kf->size;
					args[na].sign = kf->type == IMG_INT;
				}
			}
			one.nargs = ++na;
			fmt_print(out, &one, args, na);
		}
	}
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
