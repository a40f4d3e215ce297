/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Enablings. EPIDs are dense and assigned in program order (clause by
 * clause, probes of a clause in probe-id order), so the consumer finds an
 * EPID's description by index and every clause's records keep their order.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "enab.h"
#include "diag.h"

int enab_add(struct enabling *e, const struct probe_table *t, const char *desc, unsigned int clause,
	     uint32_t size, uint32_t prog)
{
	struct probe_desc pd;
	size_t i;
	int n = 0;

	if (probe_desc_parse(desc, &pd))
		return -EINVAL;
	for (i = 0; i < t->n; i++) {
		struct enab_ecb *ecb;

		if (!probe_desc_match(&pd, &t->probes[i]))
			continue;
		if (e->n == e->cap) {
			size_t cap = e->cap ? e->cap * 2 : 64;
			struct enab_ecb *ne = realloc(e->ecbs, cap * sizeof(*ne));

			if (!ne)
				return -ENOMEM;
			e->ecbs = ne;
			e->cap = cap;
		}
		ecb = &e->ecbs[e->n];
		ecb->epid = (uint32_t)++e->n;
		ecb->probe = &t->probes[i];
		ecb->clause = clause;
		ecb->size = size;
		ecb->prog = prog;
		n++;
	}
	return n;
}

__attribute__((format(printf, 2, 3))) static void say(FILE *f, const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "%s: ", spt_progname);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

/*
 * dtrace's D_PDESC_ZERO, a compile error: the description's four fields,
 * in a script with the line the description is on.
 */
static void pdesc_zero(FILE *f, const struct enab_src *src, const char *desc, uint32_t line)
{
	const char *tag = src->errtags ? "[D_PDESC_ZERO] " : "";
	struct probe_desc pd;

	probe_desc_parse(desc, &pd);
	if (src->is_file)
		say(f,
		    "failed to compile script %s: %sline %u: probe description %s:%s:%s:%s does not match any probes",
		    src->text, tag, line, pd.prov, pd.mod, pd.func, pd.name);
	else
		say(f,
		    "invalid probe specifier %s: %sprobe description %s:%s:%s:%s does not match any probes",
		    src->text, tag, pd.prov, pd.mod, pd.func, pd.name);
}

/* Profile probes exist once named: create those the clauses name. */
static int add_profile_probes(struct probe_table *t, const struct image *img, FILE *f)
{
	size_t c, d;

	for (c = 0; c < img->nclauses; c++)
		for (d = 0; d < img->clauses[c].ndescs; d++)
			if (probe_table_add_profile(t, img->clauses[c].descs[d]) < 0) {
				say(f, "out of memory");
				return -ENOMEM;
			}
	return 0;
}

/* Description D of clause C (statement STMT): enable it, or say why not. */
static int enab_desc(struct enabling *e, const struct probe_table *t, const struct image *img,
		     size_t c, size_t d, unsigned int stmt, struct enab_src *src,
		     const struct enab_how *how)
{
	const struct img_clause *ic = &img->clauses[c];
	int n = enab_add(e, t, ic->descs[d], (unsigned int)c, ic->recsize, ic->prog);

	if (n == -EINVAL) {
		say(how->err, "invalid probe specifier %s: malformed probe description",
		    ic->descs[d]);
		return n;
	}
	if (n < 0) {
		say(how->err, "cannot enable %s: %s", ic->descs[d], strerror(-n));
		return n;
	}
	for (size_t i = e->n - (size_t)n; i < e->n; i++)
		e->ecbs[i].stmt = stmt;
	if (n == 0 && how->list) {
		/* -l goes on: dtrace lists what the others match */
		struct probe_desc pd;

		probe_desc_parse(ic->descs[d], &pd);
		say(how->err, "failed to match %s:%s:%s:%s: No probe matches description", pd.prov,
		    pd.mod, pd.func, pd.name);
		return 0;
	}
	if (n == 0 && !how->zdefs && !src->zdefs) {
		pdesc_zero(how->err, src, ic->descs[d], ic->desc_lines ? ic->desc_lines[d] : 0);
		return -ENOENT;
	}
	src->matched += n;
	return 0;
}

int enab_build(struct enabling *e, struct probe_table *t, const struct image *img,
	       struct enab_src *srcs, size_t nsrcs, const struct enab_how *how)
{
	unsigned int stmt = 0;
	size_t c, d;
	int ret;

	e->img = img;
	ret = add_profile_probes(t, img, how->err);
	for (c = 0; c < img->nclauses && !ret; c++) {
		const struct img_clause *ic = &img->clauses[c];

		if (ic->src >= nsrcs)
			return -EINVAL;
		/* dtrace numbers its statements, dt_clause_N, from 0 */
		for (d = 0; d < ic->ndescs && !ret; d++)
			ret = enab_desc(e, t, img, c, d, stmt++, &srcs[ic->src], how);
	}
	if (ret)
		return ret;
	/* -x zdefs lets each description match nothing, but not all of them (only -Z does) */
	if (!how->zdefs && !how->list && !how->compile_only && e->n == 0) {
		say(how->err, "no probes matched");
		return -ENOENT;
	}
	return 0;
}

const struct enab_ecb *enab_lookup(const struct enabling *e, uint32_t epid)
{
	if (epid == 0 || epid > e->n)
		return NULL;
	return &e->ecbs[epid - 1];
}

void enab_free(struct enabling *e)
{
	free(e->ecbs);
	memset(e, 0, sizeof(*e));
}
