/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The loader. It is the only module that knows the skeleton; everything it
 * writes into the kernel comes from the enabling and the options.
 *
 * Must not leave anything behind: load_close() destroys links, programs
 * and maps, and nothing is pinned but the KTR recorder (src/ktr.c), which
 * is meant to outlive the tracer.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/types.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "abi/agg.h"
#include "abi/buf.h"
#include "abi/isa.h"
#include "abi/kenv.h"
#include "abi/ktr.h"
#include "abi/limits.h"
#include "abi/profile.h"
#include "abi/spec.h"
#include "abi/vmstate.h"
#include "spectrace_bpf.skel.h"
#include "agg.h"
#include "image.h"
#include "kbtf.h"
#include "load.h"
#include "usym.h"
#include "diag.h"

/* Nanoseconds to add to the boot clock to get the wall clock. */
static uint64_t boot_to_wall(void)
{
	struct timespec rt, bt;

	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_BOOTTIME, &bt);
	return ((uint64_t)rt.tv_sec - (uint64_t)bt.tv_sec) * 1000000000ULL + (uint64_t)rt.tv_nsec -
	       (uint64_t)bt.tv_nsec;
}

static size_t page_round(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (n + pg - 1) / pg * pg;
}

/*
 * Fill the .rodata probe tables: ECBs grouped by probe (clauses in program
 * order within a probe) and the syscall-number index.
 */
/*
 * Add S to the kernel's string table after the image's strings, once;
 * returns its offset, or -1 when the table is full.
 */
static int strtab_add(struct spectrace_bpf__rodata *ro, uint32_t *len, const char *s)
{
	volatile __u8 *tab = ro->spt_strtab;
	size_t n = strlen(s) + 1;
	uint32_t off;

	for (off = 1; off + n <= *len; off++) /* 0 is NULL (abi/limits.h) */
		if (!memcmp((const void *)(tab + off), s, n))
			return (int)off;
	if (*len + n > SPT_STRTAB_MAX)
		return -1;
	memcpy((void *)(tab + *len), s, n);
	off = *len;
	*len += (uint32_t)n;
	return (int)off;
}

/*
 * Where the enabled-probe index of profile or tick probe P goes: its
 * perf events' cookie, or its timer's entry of spt_ticks. NULL when full.
 */
static volatile __u32 *timed_slot(struct tracer *tr, struct spectrace_bpf__rodata *ro,
				  const struct probe *p)
{
	enum probe_kind kind;
	uint64_t period;
	int k;

	if (probe_profile_parse(p->name, &kind, &period))
		return NULL;
	if (p->kind == PROBE_PROFILE) {
		for (k = 0; k < tr->nprof; k++)
			if (tr->prof[k].probe == p->id)
				return &tr->prof[k].ep;
		if (tr->nprof >= SPT_MAX_PROFILES)
			return NULL;
		tr->prof[k].probe = p->id;
		tr->prof[k].period = period;
		tr->nprof++;
		return &tr->prof[k].ep;
	}
	for (k = 0; k < (int)ro->spt_nticks; k++)
		if (tr->tick_probe[k] == p->id)
			return &ro->spt_ticks[k].ep;
	if (k >= SPT_MAX_TICKS)
		return NULL;
	tr->tick_probe[k] = p->id;
	ro->spt_ticks[k].period = period;
	ro->spt_nticks = (__u32)k + 1;
	return &ro->spt_ticks[k].ep;
}

/*
 * The spt_frecs row of fast-record clause CL, added at the end (*N rows so
 * far) unless an earlier ECB of the clause has it: 1 + the row, or 0 when
 * CL is no fast record. The compiler makes fast records of the first
 * SPT_FREC_ROWS clauses only, so the table never fills.
 */
static uint16_t frec_row(struct spectrace_bpf__rodata *ro, uint32_t *n, const struct img_clause *cl)
{
	uint32_t r, k;

	if (!cl->nfrec || cl->nfrec > SPT_FREC_FIELDS)
		return 0;
	for (r = 0; r < *n; r++) {
		for (k = 0; k < SPT_FREC_FIELDS; k++)
			if (ro->spt_frecs[r][k] != (k < cl->nfrec ? cl->frec[k] : 0))
				break;
		if (k == SPT_FREC_FIELDS)
			return (uint16_t)(r + 1);
	}
	if (*n >= SPT_FREC_ROWS)
		return 0;
	for (k = 0; k < cl->nfrec; k++)
		ro->spt_frecs[*n][k] = cl->frec[k];
	return (uint16_t)++ * n;
}

static int fill_tables(struct tracer *tr, struct spectrace_bpf *skel, const struct enabling *e,
		       int *need_dir, char *err, size_t errlen)
{
	struct spectrace_bpf__rodata *ro = skel->rodata;
	uint32_t nep = 0, necb = 0, slen = e->img->strtab_len, nfrec = 0;
	size_t i, j;

	if (slen > SPT_STRTAB_MAX) {
		snprintf(err, errlen, "too many string literals (%u bytes, at most %d)", slen,
			 SPT_STRTAB_MAX);
		return -E2BIG;
	}
	if (slen)
		memcpy((void *)ro->spt_strtab, e->img->strtab, slen);
	else
		slen = 1; /* the NUL of NULL, reference 0 */

	for (i = 0; i < e->n; i++) {
		const struct probe *p = e->ecbs[i].probe;
		int dir = p->kind == PROBE_SYSCALL_RETURN ? SPT_SYS_RETURN : SPT_SYS_ENTRY;
		uint32_t first = necb, count = 0;
		volatile __u32 *slot;

		if (p->kind == PROBE_DTRACE) {
			slot = &ro->spt_dtrace_eprobe[p->arg];
		} else if (p->kind == PROBE_PROFILE || p->kind == PROBE_TICK) {
			slot = timed_slot(tr, ro, p);
			if (!slot) {
				snprintf(
					err, errlen,
					"too many profile probes (at most %d profile-N and %d tick-N)",
					SPT_MAX_PROFILES, SPT_MAX_TICKS);
				return -E2BIG;
			}
		} else if (p->arg < 0 || p->arg >= SPT_NSYSCALLS) {
			snprintf(err, errlen, "syscall number %d of %s out of range", p->arg,
				 p->func);
			return -ERANGE;
		} else {
			slot = &ro->spt_sys_eprobe[dir][p->arg];
			need_dir[dir] = 1;
		}
		if (*slot)
			continue; /* this probe's ECBs are in already */
		if (nep + 1 >= SPT_MAX_EPROBES) {
			snprintf(err, errlen, "too many enabled probes (at most %d)",
				 SPT_MAX_EPROBES - 1);
			return -E2BIG;
		}
		for (j = i; j < e->n; j++) {
			if (e->ecbs[j].probe != p)
				continue;
			if (necb >= SPT_MAX_ECBS || count >= SPT_MAX_ECB_PER_PROBE) {
				snprintf(err, errlen,
					 "too many enablings (at most %d, %d per probe)",
					 SPT_MAX_ECBS, SPT_MAX_ECB_PER_PROBE);
				return -E2BIG;
			}
			ro->spt_ecbs[necb].epid = e->ecbs[j].epid;
			ro->spt_ecbs[necb].size = e->ecbs[j].size;
			ro->spt_ecbs[necb].prog = e->ecbs[j].prog;
			if (e->img->clauses) {
				const struct img_clause *cl = &e->img->clauses[e->ecbs[j].clause];

				ro->spt_ecbs[necb].fpred = cl->fpred;
				ro->spt_ecbs[necb].fval = cl->fval;
				ro->spt_ecbs[necb].fcount = (uint16_t)cl->fcount;
				ro->spt_ecbs[necb].frec = frec_row(ro, &nfrec, cl);
				ro->spt_nfrecs = nfrec;
			}
			/*
			 * The VM's inputs: for a clause with bytecode that is not a
			 * fast count (a fast record reads builtins from them).
			 */
			if (e->ecbs[j].prog != SPT_ECB_NOPROG && !ro->spt_ecbs[necb].fcount)
				ro->spt_eprobes[nep + 1].vm = 1;
			ro->spt_ecbs[necb].probe = p->id;
			{
				const char *names[4] = { p->prov, p->mod, p->func, p->name };
				int k, off;

				for (k = 0; k < 4; k++) {
					/* The compiler sized probe* record fields by this. */
					if (strlen(names[k]) >= PROBE_FIELD_MAX) {
						snprintf(err, errlen,
							 "probe name part longer than %d bytes: %s",
							 PROBE_FIELD_MAX - 1, names[k]);
						return -E2BIG;
					}
					off = strtab_add(ro, &slen, names[k]);
					if (off < 0) {
						snprintf(
							err, errlen,
							"string table full (%d bytes) with probe names",
							SPT_STRTAB_MAX);
						return -E2BIG;
					}
					ro->spt_ecbs[necb].pstr[k] = (__u16)off;
				}
			}
			necb++;
			count++;
		}
		nep++;
		ro->spt_eprobes[nep].first = first;
		ro->spt_eprobes[nep].count = count;
		*slot = nep;
		if (p->kind == PROBE_SYSCALL_ENTRY || p->kind == PROBE_SYSCALL_RETURN) {
			struct load_sysprobe *np =
				realloc(tr->sysp, (size_t)(tr->nsysp + 1) * sizeof(*np));

			if (!np) {
				snprintf(err, errlen, "out of memory");
				return -ENOMEM;
			}
			tr->sysp = np;
			np[tr->nsysp++] = (struct load_sysprobe){ dir, p->func, nep };
		}
	}
	return 0;
}

int load_sys_tp(int mode, int nsysp)
{
	if (mode == OPT_SYSATTACH_TP)
		return 1;
	return mode == OPT_SYSATTACH_AUTO && nsysp > 0 && nsysp <= LOAD_NARROW_MAX;
}

/*
 * Aggregations: descriptors and edges into .rodata, and the maps sized so
 * that every value has the words of the largest aggregation (at least 4,
 * which the VM's code for sum..stddev touches) and the hash map's keys
 * the bytes of the longest key. aggsize bounds the keyed data per CPU.
 */
static int size_aggs(struct tracer *tr, struct spectrace_bpf *skel, const struct opts *o,
		     const struct enabling *e, char *err, size_t errlen)
{
	uint32_t words = 4, keysize = 8, nkeyed = 0, entries, nstk = 0;
	uint64_t tuple = 0; /* bytes of the largest tuple with the stacks it stores */
	size_t i;
	int ret;

	if (e->img->naggs > SPT_AGG_MAX || e->img->nedges > SPT_AGG_EDGES_MAX) {
		snprintf(err, errlen, "too many aggregations");
		return -E2BIG;
	}
	for (i = 0; i < e->img->naggs; i++) {
		const struct img_agg *a = &e->img->aggs[i];

		skel->rodata->spt_aggs[i].func = a->func;
		skel->rodata->spt_aggs[i].flags = a->flags;
		skel->rodata->spt_aggs[i].edge0 = a->edge0;
		skel->rodata->spt_aggs[i].nedges = a->nedges;
		if (a->nwords > words)
			words = a->nwords;
		if (a->flags & SPT_AGGF_KEYED) {
			nkeyed++;
			/* the kernel's key: probe names as string-table offsets */
			uint32_t ks = a->kkeysize ? a->kkeysize : a->keysize, j, ns = 0;

			if (ks > keysize)
				keysize = ks;
			for (j = 0; j < a->nkeys; j++)
				ns += a->kstack[j];
			if (ns > nstk)
				nstk = ns;
			if (ks + ns * 8ULL * SPT_STACK_MAX > tuple)
				tuple = ks + ns * 8ULL * SPT_STACK_MAX;
		}
	}
	if (e->img->nedges)
		memcpy((void *)skel->rodata->spt_agg_edges, e->img->edges,
		       e->img->nedges * sizeof(*e->img->edges));
	keysize = (keysize + 7) & ~7u;
	/*
	 * aggsize must hold one tuple of the largest key and value, as in
	 * DTrace; a tuple here is its key, value and the stacks its key may
	 * store in spt_stacks (one per stack key: an upper bound, as a stack
	 * is stored once for every tuple that has it).
	 */
	tuple = nkeyed ? ((tuple + 7) & ~7ULL) + words * 8ULL : words * 8ULL;
	if (e->img->naggs && o->aggsize < tuple) {
		snprintf(err, errlen, "%s", LOAD_E_TOOSMALL);
		return -ENOSPC;
	}
	skel->rodata->spt_agg_words = words;
	entries = nkeyed ? (uint32_t)(o->aggsize / tuple) : 1;
	if (!entries)
		entries = 1;
	tr->agg_words = words;
	tr->agg_keysize = keysize;
	ret = bpf_map__set_value_size(skel->maps.spt_agg, words * 8);
	if (!ret)
		ret = bpf_map__set_key_size(skel->maps.spt_agg, keysize);
	if (!ret)
		ret = bpf_map__set_max_entries(skel->maps.spt_agg, entries);
	if (!ret)
		ret = bpf_map__set_value_size(skel->maps.spt_agg0, words * 8);
	if (!ret)
		ret = bpf_map__set_max_entries(skel->maps.spt_agg0,
					       e->img->naggs ? (uint32_t)e->img->naggs : 1);
	if (!ret)
		ret = bpf_map__set_value_size(skel->maps.spt_agg_zero, words * 8);
	if (!ret)
		ret = bpf_map__set_max_entries(skel->maps.spt_stacks, nstk ? entries * nstk : 1);
	if (ret)
		snprintf(err, errlen, "cannot size aggregation maps: %s", strerror(-ret));
	return ret;
}

int load_check_sizes(const struct opts *o, const struct enabling *e, char *err, size_t errlen)
{
	uint64_t need = sizeof(struct spt_rec);
	size_t i;

	/*
	 * A principal buffer holds at least the largest record any clause
	 * writes. Under fill, END's records are the reservation's to check
	 * (its message is the one that says what does not fit).
	 */
	for (i = 0; i < e->n; i++) {
		uint64_t sz = e->ecbs[i].size + (o->temporal ? SPT_REC_TS : 0);

		if (o->bufpolicy == OPT_BUF_FILL && e->ecbs[i].probe &&
		    e->ecbs[i].probe->kind == PROBE_DTRACE &&
		    e->ecbs[i].probe->arg == SPT_DTRACE_END)
			continue;

		if (sz > need)
			need = sz;
	}
	if (o->bufsize < need) {
		snprintf(err, errlen, "%s", LOAD_E_TOOSMALL);
		return -ENOSPC;
	}
	return 0;
}

uint64_t load_bufsize_next(uint64_t size, uint64_t floor)
{
	uint64_t next = (size / 2) & ~7ULL;

	if (size <= floor)
		return 0;
	return next < floor ? floor : next;
}

/*
 * Create the principal buffers, BUFSIZE bytes each (plus the verifier's
 * slack); mmap_bufs() maps them after the load. Returns 0 or -errno: -E2BIG above
 * SPT_BUFSIZE_MAX, which the verifier would refuse in every program that
 * writes a record (asked without a system call: it costs nothing, where
 * allocating first would cost seconds), -ENOMEM and the like from the
 * kernel.
 */
static int map_bufs(struct tracer *tr, uint64_t bufsize)
{
	LIBBPF_OPTS(bpf_map_create_opts, mo, .map_flags = BPF_F_MMAPABLE);
	uint64_t stride = bufsize + SPT_BUF_SLACK;
	int fd;

	if (bufsize > SPT_BUFSIZE_MAX)
		return -E2BIG;
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "spt_buf", sizeof(__u32), (__u32)stride,
			    2 * (__u32)tr->ncpus, &mo);
	if (fd < 0)
		return -errno;
	tr->buf_fd = fd;
	tr->bufs_len = page_round((size_t)stride * 2 * (size_t)tr->ncpus);
	tr->bufsize = bufsize;
	tr->stride = stride;
	return 0;
}

/*
 * Map the buffers read-only, once the programs are loaded: mapped before,
 * their pages would add to libbpf's peak while it loads (the kernel's BTF
 * parsed), and raise spectrace's peak RSS by their size.
 */
static int mmap_bufs(struct tracer *tr)
{
	void *m = mmap(NULL, tr->bufs_len, PROT_READ, MAP_SHARED, tr->buf_fd, 0);

	if (m == MAP_FAILED)
		return -errno;
	tr->bufs = m;
	return 0;
}

/* A refusal that a smaller size may cure. */
static int bufs_refused(int ret)
{
	return ret == -ENOMEM || ret == -E2BIG;
}

/*
 * The principal buffers, created before the programs are loaded (spt_buf
 * reuses the map) so that a refused size costs one map creation, not a
 * load: bufresize=auto halves the size down to LOAD_BUFSIZE_FLOOR (or the
 * size asked, if smaller) while the kernel refuses; manual fails at once.
 */
static int alloc_bufs(struct tracer *tr, struct spectrace_bpf *skel, const struct opts *o,
		      char *err, size_t errlen)
{
	uint64_t floor = o->bufsize < LOAD_BUFSIZE_FLOOR ? o->bufsize : LOAD_BUFSIZE_FLOOR;
	uint64_t size = o->bufsize;
	char want[32], got[32], why[64];
	int ret;

	for (;;) {
		ret = map_bufs(tr, size);
		if (!bufs_refused(ret) || o->bufresize == OPT_RESIZE_MANUAL)
			break;
		size = load_bufsize_next(size, floor);
		if (!size)
			break;
	}
	if (ret) {
		opt_format_size(o->bufsize, want, sizeof(want));
		if (ret == -E2BIG && size > SPT_BUFSIZE_MAX) {
			opt_format_size(SPT_BUFSIZE_MAX, got, sizeof(got));
			snprintf(why, sizeof(why), "BPF programs address at most %s", got);
		} else {
			snprintf(why, sizeof(why), "%s", strerror(-ret));
		}
		if (o->bufresize == OPT_RESIZE_AUTO && bufs_refused(ret) && floor < o->bufsize) {
			opt_format_size(floor, got, sizeof(got));
			snprintf(
				err, errlen,
				"cannot allocate principal buffers of %s per CPU, nor of any size down to %s: %s",
				want, got, why);
		} else {
			snprintf(err, errlen,
				 "cannot allocate principal buffers of %s per CPU: %s%s", want, why,
				 o->bufresize == OPT_RESIZE_MANUAL && bufs_refused(ret) ?
					 " (bufresize=manual)" :
					 "");
		}
		return ret;
	}
	ret = bpf_map__reuse_fd(skel->maps.spt_buf, tr->buf_fd);
	if (ret) {
		snprintf(err, errlen, "cannot use the principal buffers' map: %s", strerror(-ret));
		return ret;
	}
	return 0;
}

void load_agg_source(const struct tracer *tr, struct agg_source *src)
{
	src->hash_fd = bpf_map__fd(tr->skel->maps.spt_agg);
	src->array_fd = bpf_map__fd(tr->skel->maps.spt_agg0);
	src->stacks_fd = bpf_map__fd(tr->skel->maps.spt_stacks);
	src->ncpus = tr->ncpus;
	src->words = tr->agg_words;
	src->keysize = tr->agg_keysize;
	src->strtab = tr->skel->rodata->spt_strtab;
	src->strtab_len = sizeof(tr->skel->rodata->spt_strtab);
}

void load_ops_used(const struct enabling *e, uint64_t *ops, size_t nwords, uint32_t *aggfns)
{
	size_t i, j, k;

	memset(ops, 0, nwords * sizeof(*ops));
	*aggfns = 0;
	if (e->with_vmtest) {
		memset(ops, 0xff, nwords * sizeof(*ops));
		*aggfns = ~0u;
		return;
	}
	/*
	 * A clause's bytecode runs from its first instruction to the next
	 * clause's (clauses are laid out one after the other and jump only
	 * within themselves). A fast count or record never runs its bytecode
	 * (every fast record gets a row of spt_frecs: see frec_row()).
	 */
	for (i = 0; i < e->n; i++) {
		uint32_t start = e->ecbs[i].prog, end = (uint32_t)e->img->ninsns;

		if (start == SPT_ECB_NOPROG || start >= e->img->ninsns)
			continue;
		if (e->img->clauses && (e->img->clauses[e->ecbs[i].clause].fcount ||
					e->img->clauses[e->ecbs[i].clause].nfrec))
			continue;
		for (j = 0; j < e->n; j++)
			if (e->ecbs[j].prog != SPT_ECB_NOPROG && e->ecbs[j].prog > start &&
			    e->ecbs[j].prog < end)
				end = e->ecbs[j].prog;
		for (k = start; k < end; k++) {
			uint32_t op = e->img->insns[k].op;

			if (op / 64 < nwords)
				ops[op / 64] |= 1ULL << (op % 64);
		}
	}
	if (nwords > SPT_OP_AGG / 64 && (ops[SPT_OP_AGG / 64] >> (SPT_OP_AGG % 64) & 1))
		for (i = 0; i < e->img->naggs; i++)
			if (e->img->aggs[i].func < 32)
				*aggfns |= 1u << e->img->aggs[i].func;
}

int load_reads_task(const struct enabling *e)
{
	size_t i;

	if (e->with_vmtest)
		return 1;
	/* Fast predicates, counts and records keep their bytecode: it tells. */
	for (i = 0; i < e->img->ninsns; i++)
		if (e->img->insns[i].op == SPT_OP_LDB && (e->img->insns[i].imm == SPT_B_PPID ||
							  e->img->insns[i].imm == SPT_B_VTIMESTAMP))
			return 1;
	return 0;
}

uint64_t load_end_reserve(const struct enabling *e, bool temporal)
{
	uint64_t reserve = 0;
	size_t i;

	/* The worst case of END: every END clause records. */
	for (i = 0; i < e->n; i++)
		if (e->ecbs[i].probe && e->ecbs[i].probe->kind == PROBE_DTRACE &&
		    e->ecbs[i].probe->arg == SPT_DTRACE_END && e->ecbs[i].size)
			reserve += e->ecbs[i].size + (temporal ? SPT_REC_TS : 0);
	return reserve;
}

/* The CPUs and the buffer size: what can be refused before opening anything. */
static int check_machine(struct tracer *tr, const struct opts *o, const struct enabling *e,
			 char *err, size_t errlen)
{
	tr->ncpus = libbpf_num_possible_cpus();
	if (tr->ncpus < 0) {
		snprintf(err, errlen, "cannot count CPUs: %s", strerror(-tr->ncpus));
		return tr->ncpus;
	}
	if (tr->ncpus > SPT_MAX_CPUS) {
		snprintf(err, errlen, "%d possible CPUs, spectrace supports at most %d", tr->ncpus,
			 SPT_MAX_CPUS);
		return -E2BIG;
	}
	if (o->bufsize % 8) {
		snprintf(err, errlen, "invalid principal buffer size %llu",
			 (unsigned long long)o->bufsize);
		return -EINVAL;
	}
	return load_check_sizes(o, e, err, errlen);
}

/* The bytecode, and the opcodes and aggregating functions it uses. */
static int set_program(struct spectrace_bpf *skel, const struct enabling *e, char *err,
		       size_t errlen)
{
	if (e->img->ninsns > SPT_MAX_INSNS) {
		snprintf(err, errlen, "program too large: %zu instructions, at most %d",
			 e->img->ninsns, SPT_MAX_INSNS);
		return -E2BIG;
	}
	if (e->img->ninsns) {
		memcpy((void *)skel->rodata->spt_insns, e->img->insns,
		       e->img->ninsns * sizeof(*e->img->insns));
		memcpy((void *)skel->rodata->spt_insn_act, e->img->insn_act,
		       e->img->ninsns * sizeof(*e->img->insn_act));
	}
	/*
	 * The opcodes and aggregating functions in use: the verifier skips the
	 * VM's other handlers. The differential test runs arbitrary bytecode:
	 * every handler.
	 */
	load_ops_used(e, (uint64_t *)skel->rodata->spt_ops_used,
		      sizeof(skel->rodata->spt_ops_used) / sizeof(uint64_t),
		      (uint32_t *)&skel->rodata->spt_aggfns_used);
	return 0;
}

/*
 * dynvarsize must hold one element of what the program uses: a
 * self-> variable (about 64 bytes of hash-map element), an
 * associative-array element (key, value and 64 bytes).
 */
static int check_dynvarsize(struct spectrace_bpf *skel, const struct opts *o, char *err,
			    size_t errlen)
{
	const uint64_t *ops = (const uint64_t *)skel->rodata->spt_ops_used;
	bool tls = (ops[SPT_OP_LDS / 64] >> (SPT_OP_LDS % 64) & 1) ||
		   (ops[SPT_OP_STS / 64] >> (SPT_OP_STS % 64) & 1);
	bool assoc = ops[SPT_OP_KINIT / 64] >> (SPT_OP_KINIT % 64) & 1;

	if ((tls && o->dynvarsize < 64) ||
	    (assoc && o->dynvarsize < SPT_KEY_SIZE + SPT_AVAL_SIZE + 64)) {
		snprintf(err, errlen, "%s", LOAD_E_TOOSMALL);
		return -ENOSPC;
	}
	return 0;
}

/* The offsets into task_struct that ppid and vtimestamp read, from BTF. */
static int set_task_offsets(struct spectrace_bpf *skel, const struct enabling *e, char *err,
			    size_t errlen)
{
	int ret;

	if (load_reads_task(e)) {
		struct kbtf_task t;

		ret = kbtf_task_offsets(&t, err, errlen);
		if (ret)
			return ret;
		skel->rodata->spt_off_real_parent = t.real_parent;
		skel->rodata->spt_off_tgid = t.tgid;
		skel->rodata->spt_off_sum_exec = t.sum_exec_runtime;
	}
	return 0;
}

/* The buffer policy, fill's END reservation, -x temporal's timestamps. */
static int set_policy(struct tracer *tr, struct spectrace_bpf *skel, const struct opts *o,
		      const struct enabling *e, char *err, size_t errlen)
{
	skel->rodata->spt_bufsize = tr->bufsize;
	skel->rodata->spt_policy = o->bufpolicy == OPT_BUF_FILL ? SPT_POLICY_FILL :
				   o->bufpolicy == OPT_BUF_RING ? SPT_POLICY_RING :
								  SPT_POLICY_SWITCH;
	if (o->bufpolicy == OPT_BUF_FILL) {
		uint64_t reserve = load_end_reserve(e, o->temporal);

		if (reserve > tr->bufsize) {
			snprintf(err, errlen, "END enablings exceed size of principal buffer");
			return -ENOSPC;
		}
		skel->rodata->spt_end_reserve = reserve;
	}
	skel->rodata->spt_ncpus = (__u32)tr->ncpus;
	if (o->temporal) {
		size_t i;

		for (i = 0; i < e->n; i++)
			if (e->ecbs[i].size + SPT_REC_TS > SPT_REC_MAX) {
				snprintf(
					err, errlen,
					"a clause records %u bytes, more than the %d that leave room for -x temporal's timestamp",
					e->ecbs[i].size, SPT_REC_MAX - SPT_REC_TS);
				return -E2BIG;
			}
		skel->rodata->spt_temporal = 1;
	}
	return 0;
}

/*
 * Each program that runs clauses carries its own copy of the VM, and
 * verifying one costs about a tenth of a second: load only those the
 * enabling needs.
 */
static void choose_programs(struct tracer *tr, struct spectrace_bpf *skel, const struct opts *o,
			    const struct enabling *e, const int *need_dir)
{
	bpf_program__set_autoload(skel->progs.spt_vm_test, e->with_vmtest);
	bpf_program__set_autoload(skel->progs.spt_dtrace,
				  skel->rodata->spt_dtrace_eprobe[SPT_DTRACE_BEGIN] ||
					  skel->rodata->spt_dtrace_eprobe[SPT_DTRACE_END]);
	tr->sys_tp = load_sys_tp(o->sysattach, tr->nsysp);
	bpf_program__set_autoload(skel->progs.spt_sys_enter,
				  need_dir[SPT_SYS_ENTRY] && !tr->sys_tp);
	bpf_program__set_autoload(skel->progs.spt_sys_exit,
				  need_dir[SPT_SYS_RETURN] && !tr->sys_tp);
	bpf_program__set_autoload(skel->progs.spt_sys_enter_tp,
				  need_dir[SPT_SYS_ENTRY] && tr->sys_tp);
	bpf_program__set_autoload(skel->progs.spt_sys_exit_tp,
				  need_dir[SPT_SYS_RETURN] && tr->sys_tp);
	bpf_program__set_autoload(skel->progs.spt_profile, tr->nprof > 0);
	bpf_program__set_autoload(skel->progs.spt_tick_ctl, skel->rodata->spt_nticks > 0);
	skel->rodata->spt_tick_tgid = (__u32)getpid();
}

/* Speculations: nspec slots of specsize per CPU, only when used. */
static int size_spec(struct tracer *tr, struct spectrace_bpf *skel, const struct opts *o,
		     const struct enabling *e, char *err, size_t errlen)
{
	int ret;

	bpf_program__set_autoload(skel->progs.spt_spec_clean, e->img->uses_spec);
	if (e->img->uses_spec) {
		skel->rodata->spt_nspec = o->nspec;
		skel->rodata->spt_specsize = o->specsize;
		ret = bpf_map__set_value_size(skel->maps.spt_spec,
					      (__u32)(sizeof(struct spt_part) + o->specsize +
						      SPT_REC_MAX + sizeof(struct spt_rec)));
		if (!ret)
			ret = bpf_map__set_max_entries(skel->maps.spt_spec,
						       o->nspec * (__u32)tr->ncpus);
		if (ret) {
			snprintf(err, errlen, "cannot size speculation buffers: %s",
				 strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/* self-> variables and associative arrays, out of dynvarsize. */
static int size_vars(struct spectrace_bpf *skel, const struct opts *o, char *err, size_t errlen)
{
	int ret;

	/* A self-> variable costs about 64 bytes of hash-map element. */
	ret = bpf_map__set_max_entries(skel->maps.spt_tls,
				       o->dynvarsize / 64 ? (__u32)(o->dynvarsize / 64) : 1);
	/* An associative-array element: key, value and about 64 bytes of element. */
	if (!ret)
		ret = bpf_map__set_max_entries(
			skel->maps.spt_assoc,
			o->dynvarsize / (SPT_KEY_SIZE + SPT_AVAL_SIZE + 64) ?
				(__u32)(o->dynvarsize / (SPT_KEY_SIZE + SPT_AVAL_SIZE + 64)) :
				1);
	if (ret) {
		snprintf(err, errlen, "cannot size variable maps: %s", strerror(-ret));
		return ret;
	}
	return 0;
}

/*
 * Open, fill and load the BPF object for enabling E under options O, in
 * named steps; the principal buffers are created and mapped.
 */
int load_tracer(struct tracer *tr, const struct opts *o, const struct enabling *e, char *err,
		size_t errlen)
{
	struct spectrace_bpf *skel;
	int need_dir[2] = { 0, 0 };
	int ret;

	memset(tr, 0, sizeof(*tr));
	tr->switch_fd = -1;
	tr->buf_fd = -1;
	tr->clean_fd = -1;
	ret = check_machine(tr, o, e, err, errlen);
	if (ret)
		return ret;
	skel = spectrace_bpf__open();
	if (!skel) {
		ret = -errno;
		snprintf(err, errlen, "cannot open BPF object: %s", strerror(errno));
		return ret;
	}
	tr->skel = skel;
	ret = ktr_setup(&tr->ktr, skel->obj, &o->ktr, stderr, err, errlen);
	if (!ret)
		ret = fill_tables(tr, skel, e, need_dir, err, errlen);
	if (!ret)
		ret = set_program(skel, e, err, errlen);
	if (!ret)
		ret = check_dynvarsize(skel, o, err, errlen);
	if (ret)
		return ret;
	skel->rodata->spt_boot_to_wall = boot_to_wall();
	tr->only_cpu = o->cpu1;
	skel->rodata->spt_only_cpu = o->cpu1;
	/* Strings are cut at strsize characters; the kernel side holds at most SPT_STRSIZE bytes. */
	skel->rodata->spt_strcap = o->strsize + 1 < SPT_STRSIZE ? (__u32)o->strsize + 1 :
								  SPT_STRSIZE;
	skel->rodata->spt_scratch_size = (__u32)opt_scratch_bytes(o);
	ret = set_task_offsets(skel, e, err, errlen);
	if (!ret)
		ret = alloc_bufs(tr, skel, o, err, errlen);
	if (!ret)
		ret = set_policy(tr, skel, o, e, err, errlen);
	if (ret)
		return ret;
	choose_programs(tr, skel, o, e, need_dir);
	ret = size_aggs(tr, skel, o, e, err, errlen);
	if (!ret)
		ret = size_spec(tr, skel, o, e, err, errlen);
	if (!ret)
		ret = size_vars(skel, o, err, errlen);
	if (ret)
		return ret;
	ret = spectrace_bpf__load(skel);
	if (ret) {
		snprintf(err, errlen,
			 "cannot load BPF programs: %s (run with -v for the verifier log)",
			 strerror(-ret));
		return ret;
	}
	ret = mmap_bufs(tr);
	if (ret) {
		snprintf(err, errlen, "cannot map the principal buffers: %s", strerror(-ret));
		return ret;
	}
	tr->switch_fd = bpf_program__fd(skel->progs.spt_switch);
	tr->clean_fd = e->img->uses_spec ? bpf_program__fd(skel->progs.spt_spec_clean) : -1;
	tr->nspec = e->img->uses_spec ? o->nspec : 0;
	return 0;
}

/*
 * profile-N: a cpu-clock perf event per probe and CPU, sampling every
 * period, with spt_profile attached and the enabled probe as cookie.
 * tick-N: the timer control program (the timers start when the gate
 * opens). Offline CPUs are skipped.
 */
static int attach_profile(struct tracer *tr, char *err, size_t errlen)
{
	int k, cpu;

	if (tr->nprof) {
		tr->plinks = calloc((size_t)tr->nprof * (size_t)tr->ncpus, sizeof(*tr->plinks));
		if (!tr->plinks) {
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
	}
	for (k = 0; k < tr->nprof; k++) {
		for (cpu = 0; cpu < tr->ncpus; cpu++) {
			LIBBPF_OPTS(bpf_perf_event_opts, popts, .bpf_cookie = tr->prof[k].ep);

			if (tr->only_cpu && cpu != (int)tr->only_cpu - 1)
				continue; /* -x cpu: on that CPU only */
			struct perf_event_attr attr;
			struct bpf_link *l;
			int fd, ret;

			memset(&attr, 0, sizeof(attr));
			attr.type = PERF_TYPE_SOFTWARE;
			attr.size = sizeof(attr);
			attr.config = PERF_COUNT_SW_CPU_CLOCK;
			attr.sample_period = tr->prof[k].period;
			fd = (int)syscall(SYS_perf_event_open, &attr, -1, cpu, -1,
					  PERF_FLAG_FD_CLOEXEC);
			if (fd < 0 && errno == ENODEV)
				continue; /* offline */
			if (fd < 0) {
				ret = -errno;
				snprintf(err, errlen,
					 "cannot open a cpu-clock perf event on CPU %d: %s", cpu,
					 strerror(errno));
				return ret;
			}
			l = bpf_program__attach_perf_event_opts(tr->skel->progs.spt_profile, fd,
								&popts);
			if (!l) {
				ret = -errno;
				close(fd);
				snprintf(err, errlen, "cannot attach spt_profile on CPU %d: %s",
					 cpu, strerror(-ret));
				return ret;
			}
			tr->plinks[k * tr->ncpus + cpu] = l;
		}
	}
	if (bpf_program__autoload(tr->skel->progs.spt_tick_ctl)) {
		tr->tick_link = bpf_program__attach(tr->skel->progs.spt_tick_ctl);
		if (!tr->tick_link) {
			int ret = -errno;

			snprintf(err, errlen, "cannot attach spt_tick_ctl: %s", strerror(errno));
			return ret;
		}
	}
	return 0;
}

/*
 * Start or stop the tick timers: spt_tick_ctl acts when this process
 * renames itself, so rename it to its own name.
 */
static void tick_ctl(struct tracer *tr, uint32_t cmd)
{
	char comm[17] = "";
	cpu_set_t was, one;
	bool pinned = false;

	if (!tr->tick_link)
		return;
	/* -x cpu: the timers start on that CPU, from this thread run there */
	if (tr->only_cpu && !sched_getaffinity(0, sizeof(was), &was)) {
		CPU_ZERO(&one);
		CPU_SET(tr->only_cpu - 1, &one);
		pinned = !sched_setaffinity(0, sizeof(one), &one);
	}
	__atomic_store_n(&tr->skel->bss->spt_tick_cmd, cmd, __ATOMIC_SEQ_CST);
	if (prctl(PR_GET_NAME, comm) || prctl(PR_SET_NAME, comm) ||
	    __atomic_load_n(&tr->skel->bss->spt_tick_cmd, __ATOMIC_SEQ_CST))
		fprintf(stderr, "%s: cannot %s the tick timers\n", spt_progname,
			cmd == SPT_TICK_ARM ? "start" : "stop");
	if (pinned)
		sched_setaffinity(0, sizeof(was), &was);
}

/*
 * Narrow enablings: each enabled syscall probe's own tracepoint, with the
 * enabled probe as the cookie.
 */
static int attach_sys_tp(struct tracer *tr, char *err, size_t errlen)
{
	struct bpf_program *progs[2] = { tr->skel->progs.spt_sys_enter_tp,
					 tr->skel->progs.spt_sys_exit_tp };
	int i;

	tr->links = calloc((size_t)tr->nsysp, sizeof(*tr->links));
	if (!tr->links) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (i = 0; i < tr->nsysp; i++) {
		const struct load_sysprobe *sp = &tr->sysp[i];
		LIBBPF_OPTS(bpf_tracepoint_opts, opts, .bpf_cookie = sp->ep);
		char tp[160];
		struct bpf_link *l;

		snprintf(tp, sizeof(tp), "sys_%s_%s", sp->dir == SPT_SYS_RETURN ? "exit" : "enter",
			 sp->func);
		l = bpf_program__attach_tracepoint_opts(progs[sp->dir == SPT_SYS_RETURN],
							"syscalls", tp, &opts);
		if (!l) {
			int ret = -errno;

			snprintf(err, errlen, "cannot attach to the tracepoint syscalls:%s: %s", tp,
				 strerror(errno));
			return ret;
		}
		tr->links[tr->nlinks++] = l;
	}
	return 0;
}

int load_attach(struct tracer *tr, char *err, size_t errlen)
{
	struct bpf_program *progs[2] = { tr->skel->progs.spt_sys_enter,
					 tr->skel->progs.spt_sys_exit };
	int i, ret;

	if (tr->sys_tp) {
		ret = attach_sys_tp(tr, err, errlen);
		if (ret)
			return ret;
		return attach_profile(tr, err, errlen);
	}
	tr->links = calloc(2, sizeof(*tr->links));
	if (!tr->links) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (i = 0; i < 2; i++) {
		struct bpf_link *l;

		if (!bpf_program__autoload(progs[i]))
			continue;
		l = bpf_program__attach(progs[i]);
		if (!l) {
			ret = -errno;
			snprintf(err, errlen, "cannot attach %s: %s", bpf_program__name(progs[i]),
				 strerror(errno));
			return ret;
		}
		tr->links[tr->nlinks++] = l;
	}
	return attach_profile(tr, err, errlen);
}

void load_gate(struct tracer *tr, int open)
{
	__atomic_store_n(&tr->skel->bss->spt_gate, open ? 1 : 0, __ATOMIC_SEQ_CST);
	/* tick-N: timers run while the gate is open, from the moment it opens. */
	tick_ctl(tr, open ? SPT_TICK_ARM : SPT_TICK_STOP);
}

int load_filled(const struct tracer *tr)
{
	int cpu;

	for (cpu = 0; cpu < tr->ncpus; cpu++)
		if (__atomic_load_n(&tr->skel->bss->spt_cpus[cpu].filled, __ATOMIC_ACQUIRE))
			return 1;
	return 0;
}

int load_dtrace_probe(struct tracer *tr, int which, int cpu)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = (__u32)cpu);
	__u64 args[1] = { (__u64)which };

	if (tr->only_cpu)
		opts.cpu = tr->only_cpu - 1; /* -x cpu: BEGIN and END run there */
	if (!tr->skel->rodata->spt_dtrace_eprobe[which] ||
	    !bpf_program__autoload(tr->skel->progs.spt_dtrace))
		return 0;
	opts.ctx_in = args;
	opts.ctx_size_in = sizeof(args);
	tr->skel->bss->spt_ending = which == SPT_DTRACE_END;
	if (bpf_prog_test_run_opts(bpf_program__fd(tr->skel->progs.spt_dtrace), &opts))
		return -errno;
	return 0;
}

int load_vm_test(struct tracer *tr, uint32_t ecb, const uint64_t *builtins, struct spt_vm *out)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	__u64 args[1] = { ecb };
	int i;

	for (i = 0; i < SPT_B_NBUILTINS; i++)
		tr->skel->bss->spt_test_out.env.fixed_b[i] = builtins[i];
	opts.ctx_in = args;
	opts.ctx_size_in = sizeof(args);
	if (bpf_prog_test_run_opts(bpf_program__fd(tr->skel->progs.spt_vm_test), &opts))
		return -errno;
	if (opts.retval)
		return -EINVAL;
	memcpy(out, &tr->skel->bss->spt_test_out.vm, sizeof(*out));
	return 0;
}

int load_switch(struct tracer *tr, int cpu)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = (__u32)cpu);
	int ret;

	ret = bpf_prog_test_run_opts(tr->switch_fd, &opts);
	if (ret)
		return -errno;
	return (int)opts.retval;
}

int load_spec_clean(struct tracer *tr, int cpu)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = (__u32)cpu);

	if (tr->clean_fd < 0)
		return SPT_SWITCH_DONE;
	if (bpf_prog_test_run_opts(tr->clean_fd, &opts))
		return -errno;
	return (int)opts.retval;
}

void load_spec_stats(const struct tracer *tr, struct spt_spec_stats *out)
{
	const struct spt_spec_stats *s = &tr->skel->bss->spt_spec_stats;

	out->unavail = __atomic_load_n(&s->unavail, __ATOMIC_RELAXED);
	out->busy = __atomic_load_n(&s->busy, __ATOMIC_RELAXED);
	out->drops = __atomic_load_n(&s->drops, __ATOMIC_RELAXED);
}

uint32_t load_slot_state(const struct tracer *tr, uint32_t id)
{
	return __atomic_load_n(&tr->skel->bss->spt_slots[id].state, __ATOMIC_ACQUIRE);
}

/* Free slot ID if its state word is still W (a compare-and-swap, as the probes do). */
void load_slot_free(struct tracer *tr, uint32_t id, uint32_t w)
{
	struct spt_slot *sl = &tr->skel->bss->spt_slots[id];
	uint32_t expect = w;

	__atomic_compare_exchange_n(&sl->state, &expect, w & ~0xffu, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
}

const uint8_t *load_buffer(const struct tracer *tr, int cpu, int idx)
{
	return tr->bufs + ((size_t)cpu * 2 + (size_t)idx) * tr->stride;
}

const struct spt_cpu *load_cpu_state(const struct tracer *tr, int cpu)
{
	return &tr->skel->bss->spt_cpus[cpu];
}

uint64_t load_switched_at(const struct tracer *tr, int cpu)
{
	return __atomic_load_n(&tr->skel->bss->spt_switched_at[cpu], __ATOMIC_ACQUIRE);
}

int load_exited(const struct tracer *tr, int64_t *status)
{
	if (!__atomic_load_n(&tr->skel->bss->spt_exited, __ATOMIC_ACQUIRE))
		return 0;
	*status = tr->skel->bss->spt_exit_status;
	return 1;
}

uint64_t load_missed(const struct tracer *tr)
{
	struct bpf_program *progs[4] = { tr->skel->progs.spt_sys_enter,
					 tr->skel->progs.spt_sys_exit,
					 tr->skel->progs.spt_sys_enter_tp,
					 tr->skel->progs.spt_sys_exit_tp };
	uint64_t sum = 0;
	int i;

	for (i = 0; i < 4; i++) {
		struct bpf_prog_info info;
		__u32 len = sizeof(info);
		int fd = bpf_program__fd(progs[i]);

		memset(&info, 0, sizeof(info));
		if (fd >= 0 && !bpf_obj_get_info_by_fd(fd, &info, &len))
			sum += info.recursion_misses;
	}
	return sum;
}

void load_close(struct tracer *tr)
{
	int i;

	for (i = 0; i < tr->nlinks; i++)
		bpf_link__destroy(tr->links[i]);
	tr->nlinks = 0;
	free(tr->links);
	tr->links = NULL;
	free(tr->sysp);
	tr->sysp = NULL;
	tr->nsysp = 0;
	for (i = 0; tr->plinks && i < tr->nprof * tr->ncpus; i++)
		bpf_link__destroy(tr->plinks[i]);
	free(tr->plinks);
	tr->plinks = NULL;
	bpf_link__destroy(tr->tick_link); /* the timers die with their map */
	tr->tick_link = NULL;
	if (tr->bufs)
		munmap((void *)tr->bufs, tr->bufs_len);
	tr->bufs = NULL;
	if (tr->buf_fd >= 0)
		close(tr->buf_fd);
	tr->buf_fd = -1;
	spectrace_bpf__destroy(tr->skel);
	tr->skel = NULL;
	ktr_close(&tr->ktr);
}

void load_upids(struct tracer *tr)
{
	int fd = bpf_map__fd(tr->skel->maps.spt_upids);
	__u32 key, next;

	/*
	 * Each process whose user stack was taken since the last look: its
	 * mappings read again while it lives (it may have mapped a library or
	 * exec'd since), and its key deleted, so the next stack notes it anew.
	 */
	while (fd >= 0 && !bpf_map_get_next_key(fd, NULL, &next)) {
		usym_refresh(next);
		key = next;
		if (bpf_map_delete_elem(fd, &key))
			break;
	}
}
