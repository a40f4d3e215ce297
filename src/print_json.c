/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The output sink's JSON format (-x oformat=json): one object per line,
 * built whole in the format's line buffer and written with one fwrite, so
 * a line on the output is always a complete object. A record's printa()
 * output is rendered while the record is, into the "after" buffer, and
 * written after the record's line: the record that asked comes first.
 *
 * Integers are exact decimal numbers (readers that use doubles lose
 * precision above 2^53); strings go through json_str() (jbuf.c), never
 * printf's %s. The text format's options (-q, -F) do not change this
 * output. The buffers are this format's own state (struct json_state).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/types.h>

#include "abi/agg.h"
#include "abi/fault.h"
#include "agg.h"
#include "jbuf.h"
#include "stack.h"
#include "print.h"
#include "print_priv.h"
#include "diag.h"

/*
 * The line being built, printf()'s text of the current record, and the
 * lines printa() made meanwhile, which follow the record.
 */
struct json_state {
	struct jbuf line, text, after;
	bool in_record;
};

static struct json_state *state(struct printer *pr)
{
	return pr->state;
}

void json_value(struct jbuf *b, const struct img_field *f, const uint8_t *data)
{
	const char *s;
	size_t n, i;

	switch (f->type) {
	case IMG_INT:
		jbuf_printf(b, "\"type\":\"int\",\"value\":%lld",
			    (long long)print_field_value(f, data));
		return;
	case IMG_UINT:
		jbuf_printf(b, "\"type\":\"uint\",\"value\":%llu",
			    (unsigned long long)print_field_value(f, data));
		return;
	case IMG_STACK:
	case IMG_USTACK:
		stack_json(b, f, data);
		return;
	case IMG_SYM:
	case IMG_MOD:
	case IMG_USYM:
	case IMG_UADDR:
	case IMG_UMOD:
		stack_sym_json(b, f, data);
		return;
	case IMG_BYTES: {
		/* tracemem(): the bytes copied, as hex */
		const uint8_t *p = data + f->offset;
		uint64_t k;

		memcpy(&k, p, 8);
		if (k > f->size - 8)
			k = f->size - 8;
		jbuf_puts(b, "\"type\":\"bytes\",\"value\":\"");
		for (i = 0; i < k; i++)
			jbuf_printf(b, "%02x", p[8 + i]);
		jbuf_puts(b, "\"");
		return;
	}
	case IMG_STR:
		break;
	}
	n = (size_t)print_field_str(f, data, &s);
	jbuf_puts(b, "\"type\":\"string\",\"value\":");
	if (!json_str(b, s, n))
		return;
	/* Lossless for readers who need the bytes: a file name in Latin-1. */
	jbuf_puts(b, ",\"hex\":\"");
	for (i = 0; i < n; i++)
		jbuf_printf(b, "%02x", (uint8_t)s[i]);
	jbuf_puts(b, "\"");
}

const char *json_fault_name(uint32_t fault)
{
	/* clang-format off */
	static const char *const names[] = {
		[SPT_FLT_UNKNOWN] = "unknown",	 [SPT_FLT_BADADDR] = "badaddr",
		[SPT_FLT_BADALIGN] = "badalign", [SPT_FLT_ILLOP] = "illop",
		[SPT_FLT_DIVZERO] = "divzero",	 [SPT_FLT_NOSCRATCH] = "noscratch",
		[SPT_FLT_KPRIV] = "kpriv",	 [SPT_FLT_UPRIV] = "upriv",
		[SPT_FLT_TUPOFLOW] = "tupoflow", [SPT_FLT_BADSTACK] = "badstack",
		[SPT_FLT_BADSIZE] = "badsize",	 [SPT_FLT_BADINDEX] = "badindex",
	};
	/* clang-format on */

	return fault < sizeof(names) / sizeof(names[0]) ? names[fault] : "unknown";
}

/* --- the sink --- */

/* Write a finished buffer of lines; one that lost a part is not written. */
static void flush_buf(struct printer *pr, struct jbuf *b)
{
	if (b->oom)
		fprintf(stderr, "%s: out of memory: a JSON record was not written\n", spt_progname);
	else if (b->len)
		fwrite(b->p, 1, b->len, pr->out);
	b->len = 0;
	b->oom = 0;
}

/* "probe":"prov:mod:func:name" and its parts, or "probe":null. */
static void probe_members(struct jbuf *b, const struct probe *p)
{
	char name[4 * PROBE_FIELD_MAX + 4];

	if (!p) {
		jbuf_puts(b, "\"id\":null,\"probe\":null");
		return;
	}
	snprintf(name, sizeof(name), "%s:%s:%s:%s", p->prov, p->mod, p->func, p->name);
	jbuf_printf(b, "\"id\":%u,\"probe\":", p->id);
	json_str(b, name, strlen(name));
	jbuf_puts(b, ",\"provider\":");
	json_str(b, p->prov, strlen(p->prov));
	jbuf_puts(b, ",\"module\":");
	json_str(b, p->mod, strlen(p->mod));
	jbuf_puts(b, ",\"function\":");
	json_str(b, p->func, strlen(p->func));
	jbuf_puts(b, ",\"name\":");
	json_str(b, p->name, strlen(p->name));
}

/* "@name" of aggregation ID ("@" for the anonymous one). */
static void agg_name(struct jbuf *b, const struct img_agg *a)
{
	char name[256];

	snprintf(name, sizeof(name), "@%s", strcmp(a->name, "_") ? a->name : "");
	json_str(b, name, strlen(name));
}

static const char *agg_func_name(uint32_t func)
{
	/* clang-format off */
	switch (func) {
	case SPT_AGG_COUNT: return "count";
	case SPT_AGG_SUM: return "sum";
	case SPT_AGG_AVG: return "avg";
	case SPT_AGG_MIN: return "min";
	case SPT_AGG_MAX_: return "max";
	case SPT_AGG_STDDEV: return "stddev";
	case SPT_AGG_QUANTIZE: return "quantize";
	case SPT_AGG_LQUANTIZE: return "lquantize";
	case SPT_AGG_LLQUANTIZE: return "llquantize";
	}
	/* clang-format on */
	return "unknown";
}

/* The text printf() action A makes of DATA, appended to B as it is. */
static void capture_printf(struct jbuf *b, const struct img_action *a, const struct img_clause *cl,
			   const uint8_t *data)
{
	char *s = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&s, &n);

	if (!m) {
		b->oom = 1;
		return;
	}
	print_printf(m, a, cl, data);
	if (fclose(m))
		b->oom = 1;
	else
		jbuf_put(b, s, n);
	free(s);
}

static const char *act_name(enum img_act kind)
{
	/* clang-format off */
	switch (kind) {
	case IMG_ACT_TRACE: return "trace";
	case IMG_ACT_PRINTF: return "printf";
	case IMG_ACT_EXIT: return "exit";
	case IMG_ACT_PRINTA: return "printa";
	case IMG_ACT_CLEAR: return "clear";
	case IMG_ACT_TRUNC: return "trunc";
	case IMG_ACT_NORMALIZE: return "normalize";
	case IMG_ACT_DENORMALIZE: return "denormalize";
	case IMG_ACT_SYSTEM: return "system";
	case IMG_ACT_FREOPEN: return "freopen";
	case IMG_ACT_FTRUNCATE: return "ftruncate";
	case IMG_ACT_SETOPT: return "setopt";
	}
	/* clang-format on */
	return "unknown";
}

/* One element of a record's "data": what action A recorded. */
static void action_item(struct printer *pr, const struct img_clause *cl, const struct img_action *a,
			const uint8_t *data)
{
	struct json_state *js = state(pr);
	struct jbuf *b = &js->line;
	size_t start;

	jbuf_printf(b, "{\"action\":\"%s\"", act_name(a->kind));
	switch (a->kind) {
	case IMG_ACT_TRACE:
		jbuf_puts(b, ",");
		json_value(b, &cl->fields[a->first], data);
		break;
	case IMG_ACT_PRINTF:
		start = js->text.len;
		capture_printf(&js->text, a, cl, data);
		jbuf_puts(b, ",\"value\":");
		/* Nothing printed yet: no buffer either. */
		json_str(b, js->text.p ? js->text.p + start : "", js->text.len - start);
		break;
	case IMG_ACT_EXIT:
		jbuf_printf(b, ",\"value\":%lld",
			    (long long)print_field_value(&cl->fields[a->first], data));
		break;
	case IMG_ACT_FTRUNCATE:
	case IMG_ACT_SETOPT:
		break;
	case IMG_ACT_FREOPEN: {
		/* the file; the output moves once the record's line is out (json_record) */
		char *path = print_system_cmd(a, cl, data);

		jbuf_puts(b, ",\"file\":");
		if (path)
			json_str(b, path, strlen(path));
		else
			b->oom = 1;
		free(path);
		break;
	}
	case IMG_ACT_SYSTEM: {
		/* the command; it runs once the record's line is out (json_record) */
		char *cmd = print_system_cmd(a, cl, data);

		jbuf_puts(b, ",\"command\":");
		if (cmd)
			json_str(b, cmd, strlen(cmd));
		else
			b->oom = 1;
		free(cmd);
		break;
	}
	case IMG_ACT_PRINTA:
	case IMG_ACT_CLEAR:
	case IMG_ACT_TRUNC:
	case IMG_ACT_NORMALIZE:
	case IMG_ACT_DENORMALIZE:
		if (pr->img && a->agg < pr->img->naggs) {
			jbuf_puts(b, ",\"aggregation\":");
			agg_name(b, &pr->img->aggs[a->agg]);
		}
		if (a->nfields)
			jbuf_printf(b, ",\"value\":%lld",
				    (long long)print_field_value(&cl->fields[a->first], data));
		/* printa's own line goes to the "after" buffer (json_agg). */
		print_agg_action(pr, a, cl, data);
		break;
	}
	jbuf_puts(b, "}");
}

static void json_record(struct printer *pr, int cpu, uint32_t epid, const struct probe *p,
			const struct img_clause *cl, const uint8_t *data)
{
	struct json_state *js = state(pr);
	struct jbuf *b = &js->line;
	bool has_printf = false;
	size_t i;

	b->len = 0;
	js->text.len = 0;
	js->text.oom = 0;
	jbuf_printf(b, "{\"type\":\"probe\",\"cpu\":%d,\"epid\":%u,", cpu, epid);
	probe_members(b, p);
	jbuf_puts(b, ",\"data\":[");
	js->in_record = true;
	for (i = 0; cl && i < cl->nacts; i++) {
		if (i)
			jbuf_puts(b, ",");
		action_item(pr, cl, &cl->acts[i], data);
		has_printf |= cl->acts[i].kind == IMG_ACT_PRINTF;
	}
	js->in_record = false;
	jbuf_puts(b, "]");
	if (has_printf) {
		/* All of the record's printf() output, as the text format shows it. */
		jbuf_puts(b, ",\"printf\":");
		json_str(b, js->text.p, js->text.len);
		b->oom |= js->text.oom;
	}
	jbuf_puts(b, "}\n");
	flush_buf(pr, b);
	flush_buf(pr, &js->after);
	/*
	 * system(): run after its record's line, its output on stderr so that
	 * the output stays one JSON object per line.
	 */
	/* freopen(), ftruncate(): after the record's own line. */
	for (i = 0; cl && i < cl->nacts; i++)
		if (cl->acts[i].kind == IMG_ACT_FREOPEN || cl->acts[i].kind == IMG_ACT_FTRUNCATE)
			print_file_action(pr, &cl->acts[i], cl, data, epid, p);
		else if (cl->acts[i].kind == IMG_ACT_SETOPT)
			print_setopt(pr, &cl->acts[i], cl, data, epid, p);
	for (i = 0; cl && i < cl->nacts; i++)
		if (cl->acts[i].kind == IMG_ACT_SYSTEM)
			print_system(pr, &cl->acts[i], cl, data, STDERR_FILENO);
}

/* A histogram's buckets with a count, each with its inclusive bounds (null: unbounded). */
static void buckets(struct jbuf *b, const struct agg_snap *snap, const uint64_t *w, uint64_t normal)
{
	const struct img_agg *a = snap->agg;
	const int64_t *e = snap->edges + a->edge0;
	const int64_t *c = (const int64_t *)w + 1;
	bool first = true;
	uint32_t k;

	jbuf_puts(b, "\"buckets\":[");
	for (k = 0; k <= a->nedges; k++) {
		if (!c[k])
			continue;
		jbuf_puts(b, first ? "{\"min\":" : ",{\"min\":");
		first = false;
		if (k == 0)
			jbuf_puts(b, "null");
		else
			jbuf_printf(b, "%lld", (long long)e[k - 1]);
		if (k == a->nedges)
			jbuf_puts(b, ",\"max\":null");
		else
			jbuf_printf(b, ",\"max\":%lld", (long long)(e[k] - 1));
		jbuf_printf(b, ",\"count\":%lld}", (long long)(c[k] / (int64_t)normal));
	}
	jbuf_puts(b, "]");
}

/* A tuple's "value" (stddev's unsigned), or a histogram's "buckets". */
static void tuple_value(struct jbuf *b, const struct agg_snap *snap, const uint64_t *w,
			uint64_t normal)
{
	const struct img_agg *a = snap->agg;

	if (a->func == SPT_AGG_QUANTIZE || a->func == SPT_AGG_LQUANTIZE ||
	    a->func == SPT_AGG_LLQUANTIZE)
		buckets(b, snap, w, normal);
	else if (a->func == SPT_AGG_STDDEV)
		jbuf_printf(b, "\"value\":%llu", (unsigned long long)agg_value(a, w, normal));
	else
		jbuf_printf(b, "\"value\":%lld", (long long)agg_value(a, w, normal));
}

static void json_agg(struct printer *pr, const struct agg_snap *snap, const struct fmt *f,
		     uint64_t normal, enum print_agg_when when)
{
	struct json_state *js = state(pr);
	const struct img_agg *a = snap->agg;
	struct jbuf *b = js->in_record ? &js->after : &js->line;
	size_t i, k;

	if (!normal)
		normal = 1;
	if (!js->in_record)
		b->len = 0;
	jbuf_puts(b, "{\"type\":\"aggregation\",\"name\":");
	agg_name(b, a);
	jbuf_printf(b, ",\"function\":\"%s\",\"when\":\"%s\"", agg_func_name(a->func),
		    when == PRINT_AGG_PRINTA ? "printa" : "exit");
	if (normal != 1)
		jbuf_printf(b, ",\"normalize\":%llu", (unsigned long long)normal);
	jbuf_puts(b, ",\"tuples\":[");
	for (i = 0; i < snap->n; i++) {
		const struct agg_tuple *t = &snap->t[i];

		jbuf_puts(b, i ? ",{\"keys\":[" : "{\"keys\":[");
		for (k = 0; k < a->nkeys; k++) {
			jbuf_puts(b, k ? ",{" : "{");
			json_value(b, &a->keys[k], t->key);
			jbuf_puts(b, "}");
		}
		jbuf_puts(b, "],");
		tuple_value(b, snap, t->w, normal);
		/* printa(@a, @b, ...): the others' values of this key, in order */
		for (k = 0; k < snap->nmore; k++) {
			const struct agg_snap *m = &snap->more[k];

			jbuf_puts(b, k ? ",{\"name\":" : ",\"more\":[{\"name\":");
			agg_name(b, m->agg);
			jbuf_printf(b, ",\"function\":\"%s\",", agg_func_name(m->agg->func));
			tuple_value(b, m, m->t[i].w, m->normal ? m->normal : 1);
			jbuf_puts(b, k + 1 == snap->nmore ? "}]" : "}");
		}
		if (f) {
			/* printa("format", @a): this tuple's text, as the text format prints it. */
			struct agg_snap one = *snap, more[IMG_PRINTA_MAX];
			char *s = NULL;
			size_t n = 0, j;
			FILE *m = open_memstream(&s, &n);

			one.t = (struct agg_tuple *)t;
			one.n = 1;
			/* printa(@a, @b, ...): the other aggregations' values of this key. */
			for (j = 0; j < snap->nmore && j < IMG_PRINTA_MAX; j++) {
				more[j] = snap->more[j];
				more[j].t = &snap->more[j].t[i];
				more[j].n = 1;
			}
			one.more = snap->nmore ? more : NULL;
			if (m) {
				print_agg_fmt(m, &one, f, normal);
				if (fclose(m))
					b->oom = 1;
				jbuf_puts(b, ",\"printa\":");
				json_str(b, s ? s : "", s ? n : 0);
			} else {
				b->oom = 1;
			}
			free(s);
		}
		jbuf_puts(b, "}");
	}
	jbuf_puts(b, "]}\n");
	if (!js->in_record)
		flush_buf(pr, b);
}

static void json_fault(struct printer *pr, const struct print_fault *f)
{
	struct json_state *js = state(pr);
	struct jbuf *b = &js->line;

	b->len = 0;
	jbuf_printf(b, "{\"type\":\"fault\",\"cpu\":%d,\"epid\":%u,", f->cpu, f->epid);
	probe_members(b, f->probe);
	jbuf_printf(
		b,
		",\"action\":%u,\"offset\":%u,\"fault\":\"%s\",\"fault_code\":%u,\"address\":%llu,\"message\":",
		f->action, f->offset, json_fault_name(f->fault), f->fault,
		(unsigned long long)f->value);
	json_str(b, f->text, strlen(f->text));
	jbuf_puts(b, "}\n");
	flush_buf(pr, b);
}

static void json_count(struct printer *pr, enum print_count kind, int cpu, uint64_t n)
{
	struct json_state *js = state(pr);
	/* clang-format off */
	static const struct {
		const char *type;
		const char *kind;	/* the "kind" or "reason" member, if any */
		const char *member;
	} shapes[] = {
		[PRINT_CNT_DROP] = { "drop", "principal", "kind" },
		[PRINT_CNT_AGGDROP] = { "drop", "aggregation", "kind" },
		[PRINT_CNT_DYNDROP] = { "drop", "dynamic", "kind" },
		[PRINT_CNT_SPECDROP] = { "drop", "speculative", "kind" },
		[PRINT_CNT_MISSED] = { "drop", "recursion", "kind" },
		[PRINT_CNT_ERROR] = { "errors", NULL, NULL },
		[PRINT_CNT_SPEC_UNAVAIL] = { "speculation_failure", "unavailable", "reason" },
		[PRINT_CNT_SPEC_BUSY] = { "speculation_failure", "busy", "reason" },
	};
	/* clang-format on */
	struct jbuf *b = &js->line;

	if ((size_t)kind >= sizeof(shapes) / sizeof(shapes[0]))
		return;
	b->len = 0;
	jbuf_printf(b, "{\"type\":\"%s\"", shapes[kind].type);
	if (shapes[kind].kind)
		jbuf_printf(b, ",\"%s\":\"%s\"", shapes[kind].member, shapes[kind].kind);
	if (cpu >= 0)
		jbuf_printf(b, ",\"cpu\":%d", cpu);
	jbuf_printf(b, ",\"count\":%llu}\n", (unsigned long long)n);
	flush_buf(pr, b);
}

static int json_init(struct printer *pr)
{
	pr->state = calloc(1, sizeof(struct json_state));
	return pr->state ? 0 : -ENOMEM;
}

static void json_fini(struct printer *pr)
{
	struct json_state *js = state(pr);

	if (!js)
		return;
	jbuf_free(&js->line);
	jbuf_free(&js->text);
	jbuf_free(&js->after);
	free(js);
	pr->state = NULL;
}

const struct print_ops print_json_ops = {
	.init = json_init,
	.fini = json_fini,
	.record = json_record,
	.agg = json_agg,
	.fault = json_fault,
	.count = json_count,
};
