/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The output sink (print.h): the printer, the dispatch of every event to
 * its format's ops (print_text.c, print_json.c), the decoders of a
 * record's fields that both formats use, and the actions that act on the
 * sink itself (freopen, ftruncate, setopt, system) or hand it to the
 * consumer's aggregation code.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/types.h>

#include "abi/limits.h"
#include "fmt.h"
#include "print.h"
#include "print_priv.h"
#include "stack.h"

bool print_rawbytes;
unsigned int print_strsize = SPT_STRSIZE;

int print_init(struct printer *pr, FILE *out, bool quiet)
{
	memset(pr, 0, sizeof(*pr));
	pr->out = out;
	/*
	 * The consumer is the one thread that writes to its output: stdio need
	 * not lock the stream for each call (a third of a busy consumer's time).
	 */
	__fsetlocking(out, FSETLOCKING_BYCALLER);
	pr->ops = &print_text_ops;
	pr->format = PRINT_TEXT;
	pr->quiet = quiet;
	return pr->ops->init(pr);
}

void print_fini(struct printer *pr)
{
	/* A freopen() still in effect: that file is ours to close. */
	if (pr->orig_out) {
		fclose(pr->out);
		pr->out = pr->orig_out;
		pr->orig_out = NULL;
	}
	if (pr->ops)
		pr->ops->fini(pr);
}

int print_set_format(struct printer *pr, enum print_format format)
{
	const struct print_ops *ops = format == PRINT_JSON ? &print_json_ops : &print_text_ops;
	void *old = pr->state, *state;

	if (ops->init(pr)) {
		pr->state = old;
		return -ENOMEM;
	}
	/* The old format releases its own state. */
	state = pr->state;
	pr->state = old;
	pr->ops->fini(pr);
	pr->state = state;
	pr->ops = ops;
	pr->format = format;
	return 0;
}

void print_set_flow(struct printer *pr, bool flow)
{
	pr->flow = flow;
}

void print_set_testing(struct printer *pr, bool testing)
{
	pr->testing = testing;
}

void print_flow_reset(struct printer *pr, int cpu)
{
	if (pr->ops->flow_reset)
		pr->ops->flow_reset(pr, cpu);
}

void print_end_newline(struct printer *pr)
{
	if (pr->ops->end)
		pr->ops->end(pr);
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
		args[i].stk = NULL;
		args[i].bytes = NULL;
		args[i].nbytes = 0;
		if (f->type == IMG_BYTES) {
			/* %ls: the count of bytes recorded, then the bytes */
			uint64_t n;

			memcpy(&n, data + f->offset, 8);
			args[i].bytes = data + f->offset + 8;
			args[i].nbytes = n < f->size - 8 ? n : f->size - 8;
			continue;
		}
		if (f->type == IMG_STACK || f->type == IMG_USTACK || stack_is_sym(f)) {
			/* stacks, and addresses for %a and %A, are read from their field */
			args[i].stk = f;
			args[i].stkdata = data;
			continue;
		}
		args[i].size = f->type == IMG_STR ? 0 : f->size;
		args[i].sign = f->type == IMG_INT;
		if (args[i].is_str) {
			const char *str;
			int n = print_field_str(f, data, &str);

			if (n < (int)f->size) {
				args[i].s = str; /* NUL-terminated in the record: no copy */
				continue;
			}
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

char *print_system_cmd(const struct img_action *a, const struct img_clause *cl, const uint8_t *data)
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
	/* as dtrace: the text is formatted into a buffer of strsize bytes */
	if (strlen(cmd) >= print_strsize)
		cmd[print_strsize ? print_strsize - 1 : 0] = '\0';
	return cmd;
}

/*
 * system(): the command formatted as printf would print it, run with our
 * output flushed first, so its output lands in order with ours.
 */
void print_system(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		  const uint8_t *data, int fd)
{
	char *cmd;

	if (!pr->system)
		return;
	cmd = print_system_cmd(a, cl, data);
	fflush(pr->out);
	pr->system(pr->system_ctx, cmd, fd);
	free(cmd);
}

void print_file_action(struct printer *pr, const struct img_action *a, const struct img_clause *cl,
		       const uint8_t *data, uint32_t epid, const struct probe *p)
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
	__fsetlocking(f, FSETLOCKING_BYCALLER);
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
			    a->nfields ? (int64_t)print_field_value(&cl->fields[a->first], data) :
					 0);
}

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
