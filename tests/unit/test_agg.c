/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Aggregations without a kernel: the code generator's descriptors and
 * histogram edges, the host VM's AGG instruction on them, and the
 * consumer's merge, sort and dtrace-format printing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <linux/types.h>

#include "abi/agg.h"
#include "agg.h"
#include "cg.h"
#include "compile.h"
#include "diag.h"
#include "ksym.h"
#include "parse.h"
#include "print.h"
#include "vmhost.h"

static struct compile_ctx cc;
static struct image img;

/* Compile TEXT (one BEGIN clause body) into img; returns cg's status. */
static int compile(const char *text)
{
	struct opts o;

	opt_init(&o);
	compile_ctx_init(&cc);
	return cg_compile(&cc, &o, NULL, 0, NULL, "t.d", text, strlen(text), &img);
}

static void done(void)
{
	cg_image_free(&img);
	compile_ctx_fini(&cc);
}

Test(agg_cg, descriptors_and_edges)
{
	const struct img_agg *a;

	cr_assert_eq(compile("BEGIN { @c = count(); @q[execname, pid] = quantize(1); "
			     "@l = lquantize(1, 0, 100, 10); @ll = llquantize(1, 10, 1, 3, 10); }"),
		     0);
	cr_assert_eq(img.naggs, 4);
	a = &img.aggs[0];
	cr_assert_str_eq(a->name, "c");
	cr_assert_eq(a->func, SPT_AGG_COUNT);
	cr_assert_eq(a->flags, 0);
	cr_assert_eq(a->nwords, 1);
	a = &img.aggs[1];
	cr_assert_eq(a->flags, SPT_AGGF_KEYED);
	cr_assert_eq(a->nkeys, 2);
	cr_assert_eq(a->keys[0].type, IMG_STR);
	cr_assert_eq(a->keys[0].offset, 8);
	cr_assert_eq(a->keys[1].offset, 8 + SPT_STRSIZE);
	cr_assert_eq(a->keys[1].size, 4, "pid is an int");
	cr_assert_eq(a->keysize, 8 + SPT_STRSIZE + 8);
	cr_assert_eq(a->nedges, 126, "127 power-of-two buckets");
	cr_assert_eq(img.edges[a->edge0 + 61], -1, "bucket 62 starts at -1");
	cr_assert_eq(img.edges[a->edge0 + 62], 0, "bucket 63 is zero");
	cr_assert_eq(img.edges[a->edge0 + 63], 1);
	cr_assert_eq(img.edges[a->edge0 + 125], INT64_C(1) << 62);
	a = &img.aggs[2];
	cr_assert_eq(a->flags, SPT_AGGF_INT32);
	cr_assert_eq(a->nedges, 11, "10 levels: 11 edges, 12 buckets");
	cr_assert_eq(img.edges[a->edge0], 0);
	cr_assert_eq(img.edges[a->edge0 + 10], 100);
	a = &img.aggs[3];
	/* dtrace-utils: 27 bins a side (9 per order for 10..9999), |v| < 10, the ends */
	cr_assert_eq(a->nedges, 56, "2 * 27 + 3 buckets");
	cr_assert_eq(img.edges[a->edge0], -9999, "bucket 0: <= -10000");
	cr_assert_eq(img.edges[a->edge0 + 26], -19, "the bin of -10..-19");
	cr_assert_eq(img.edges[a->edge0 + 27], -9, "bin0: |v| < 10");
	cr_assert_eq(img.edges[a->edge0 + 28], 10);
	cr_assert_eq(img.edges[a->edge0 + 37], 100);
	cr_assert_eq(img.edges[a->edge0 + 55], 10000);
	cr_assert_eq(img.clauses[0].recsize, 0, "an aggregating clause records nothing");
	done();
}

Test(agg_cg, records_only_with_other_actions)
{
	cr_assert_eq(compile("BEGIN { @c = count(); x++; }"), 0);
	cr_assert_eq(img.clauses[0].recsize, 0, "assignments record nothing, as in DTrace");
	done();
	cr_assert_eq(compile("BEGIN { }"), 0);
	cr_assert_eq(img.clauses[0].recsize, 8, "no statements: the default action");
	done();
	cr_assert_eq(compile("BEGIN { speculate(1); }"), 0);
	cr_assert_eq(img.clauses[0].recsize, 8, "speculate alone: the EPID, speculatively");
	done();
	cr_assert_eq(compile("BEGIN { @c = count(); printa(@c); }"), 0);
	cr_assert_eq(img.clauses[0].nacts, 1);
	cr_assert_eq(img.clauses[0].acts[0].kind, IMG_ACT_PRINTA);
	done();
}

struct bad {
	char text[160];
	char tag[32];
};

static struct bad bad_cases[] = {
	{ "BEGIN { @a = count(); @a = sum(1); }", "D_AGG_REDEF" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 1); @a = lquantize(1, 0, 20, 1); }",
	  "D_LQUANT_MATCHLIM" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 1); @a = lquantize(1, 1, 10, 1); }",
	  "D_LQUANT_MATCHBASE" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 1); @a = lquantize(1, 0, 10, 2); }",
	  "D_LQUANT_MATCHSTEP" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 5, 0, 2, 5); }",
	  "D_LLQUANT_MATCHFACTOR" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 10, 0, 3, 10); }",
	  "D_LLQUANT_MATCHHMAG" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 5); @a = lquantize(1, 0, 10, 5); }", "" },
	{ "BEGIN { @a[1] = count(); @a[1, 2] = count(); }", "D_PROTO_LEN" },
	{ "BEGIN { @a[1] = count(); @a[\"x\"] = count(); }", "D_PROTO_ARG" },
	{ "BEGIN { @a = lquantize(1, 0, 0); }", "D_LQUANT_MISMATCH" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 11); }", "D_LQUANT_STEPLARGE" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 65536); }", "D_LQUANT_STEPVAL" },
	{ "BEGIN { @a = lquantize(1, 0, 100000, 1); }", "D_LQUANT_STEPSMALL" },
	{ "BEGIN { @a = llquantize(1, x, 0, 2, 10); }", "D_LLQUANT_FACTORTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, 65536, 2, 10); }", "D_LLQUANT_LMAGVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, x, 10); }", "D_LLQUANT_HMAGTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 0); }", "D_LLQUANT_STEPTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 3); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 25); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 30); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 1, 2, 1000); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 10, 0, 3, 10); }",
	  "D_LLQUANT_MATCHHMAG" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 2, 0, 2, 2); }",
	  "D_LLQUANT_MATCHFACTOR" },
	{ "BEGIN { @a[1] = count(); @a[1, 2] = count(); }", "D_PROTO_LEN" },
	{ "BEGIN { @a[1] = count(); @a[\"s\"] = count(); }", "D_PROTO_ARG" },
	{ "BEGIN { @a = quantize(1, \"s\"); }", "D_PROTO_ARG" },
	{ "BEGIN { @a = quantize(1, 2, 3); }", "D_PROTO_LEN" },
	{ "BEGIN { @a = 5; }", "D_AGG_FUNC" },
	{ "BEGIN { @a += count(); }", "D_AGG_FUNC" },
	{ "BEGIN { x = count(); }", "D_CG_EXPR" },
	{ "BEGIN { @a = sum(\"s\"); }", "D_AGG_SCALAR" },
	{ "BEGIN { @a = count(1); }", "D_PROTO_LEN" },
	{ "BEGIN { @a = lquantize(1, 0); }", "D_PROTO_LEN" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 0); }", "D_LQUANT_STEPTYPE" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 65536); }", "D_LQUANT_STEPVAL" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 11); }", "D_LQUANT_STEPLARGE" },
	{ "BEGIN { @a = lquantize(1, 0, 100000, 1); }", "D_LQUANT_STEPSMALL" },
	{ "BEGIN { @a = lquantize(1, 10, 10); }", "D_LQUANT_MISMATCH" },
	{ "BEGIN { @a = lquantize(1, 1 / 0, 10); }", "D_DIV_ZERO" },
	{ "BEGIN { @a = lquantize(1, x, 10); }", "D_LQUANT_BASETYPE" },
	{ "BEGIN { @a = lquantize(1, 0x100000000, 10); }", "D_LQUANT_BASEVAL" },
	{ "BEGIN { @a = lquantize(1, 0, x); }", "D_LQUANT_LIMTYPE" },
	{ "BEGIN { @a = lquantize(1, 0, 0x100000000); }", "D_LQUANT_LIMVAL" },
	{ "BEGIN { @a = llquantize(1, 1, 0, 2, 10); }", "D_LLQUANT_FACTORVAL" },
	{ "BEGIN { @a = llquantize(1, x, 0, 2, 10); }", "D_LLQUANT_FACTORTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, x, 2, 10); }", "D_LLQUANT_LMAGTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, 65536, 2, 10); }", "D_LLQUANT_LMAGVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, x, 10); }", "D_LLQUANT_HMAGTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, 3, 2, 10); }", "D_LLQUANT_HMAGVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 30, 10); }", "D_LLQUANT_HMAGVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, x); }", "D_LLQUANT_STEPTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 0); }", "D_LLQUANT_STEPTYPE" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 70000); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 3); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 25); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 30); }", "D_LLQUANT_STEPVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 2, 3, 200); }", "" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 2, 5); }", "" },
	{ "BEGIN { printa(@none); }", "D_PRINTA_AGGBAD" },
	{ "BEGIN { clear(@none); }", "D_CLEAR_AGGBAD" },
	{ "BEGIN { trunc(@none); }", "D_TRUNC_AGGBAD" },
	{ "BEGIN { normalize(@none, 2); }", "D_NORMALIZE_AGGBAD" },
	{ "BEGIN { @a[1] = count(); printa(@a[1]); }", "D_PRINTA_AGGARG" },
	{ "BEGIN { clear(1); }", "D_CLEAR_AGGARG" },
	{ "BEGIN { @a[1] = count(); printa(\"%s\", @a); }", "D_PRINTF_ARG_TYPE" },
	/* printa never raises D_PRINTF_ARG_EXTRA: the value is missing */
	{ "BEGIN { @a[1] = count(); printa(\"%d %d\", @a); }", "D_PRINTF_ARG_PROTO" },
	{ "BEGIN { @a = lquantize(1, x, 10); }", "D_LQUANT_BASETYPE" },
	{ "BEGIN { @a = lquantize(1, 0, 0x100000000); }", "D_LQUANT_LIMVAL" },
	{ "BEGIN { @a = llquantize(1, 1, 0, 2, 10); }", "D_LLQUANT_FACTORVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 3, 2, 10); }", "D_LLQUANT_HMAGVAL" },
	{ "BEGIN { @a = llquantize(1, 10, 0, 30, 10); }", "D_LLQUANT_HMAGVAL" },
	{ "BEGIN { printa(@none); }", "D_PRINTA_AGGBAD" },
	{ "BEGIN { @a[1] = count(); printa(@a[1]); }", "D_PRINTA_AGGARG" },
	{ "BEGIN { @a[1] = count(); @b = count(); printa(@a, @b); }", "D_PRINTA_AGGKEY" },
	{ "BEGIN { @a[1] = count(); @b[\"s\"] = count(); printa(@a, @b); }", "D_PRINTA_AGGPROTO" },
	{ "BEGIN { @a[1] = count(); printa(\"%d\", @a, 1); }", "D_PRINTA_AGGARG" },
	{ "BEGIN { printa(\"%d\"); }", "D_PRINTA_PROTO" },
	{ "BEGIN { @a[\"s\"] = count(); printa(\"%*s\", @a); }", "D_PRINTF_DYN_TYPE" },
	{ "BEGIN { @a[1] = count(); printa(\"%s\", @a); }", "D_PRINTF_ARG_TYPE" },
	{ "BEGIN { @a[1] = count(); printa(\"%d %d\", @a); }", "D_PRINTF_ARG_PROTO" },
	{ "BEGIN { printf(\"%@d\", 1); }", "D_PRINTF_AGG_CONV" },
	{ "BEGIN { @a = count(); trunc(@a, \"x\"); }", "D_PROTO_ARG" },
	{ "BEGIN { @a = count(); normalize(@a); }", "D_PROTO_LEN" },
	{ "BEGIN { @a = count(); x = printa(@a); }", "D_CG_EXPR" },
};

ParameterizedTestParameters(agg_cg, errors)
{
	return cr_make_param_array(struct bad, bad_cases, sizeof(bad_cases) / sizeof(bad_cases[0]));
}

/* An empty tag: dtrace accepts it. */
ParameterizedTest(struct bad *b, agg_cg, errors)
{
	if (!b->tag[0]) {
		cr_assert_eq(compile(b->text), 0, "%s: %s", b->text,
			     cc.diags.n ? cc.diags.v[0].msg : "");
		done();
		return;
	}
	cr_assert_neq(compile(b->text), 0, "%s compiled", b->text);
	cr_assert_str_eq(cc.diags.v[0].tag, b->tag, "%s: %s", b->text, cc.diags.v[0].msg);
	done();
}

/* Run clause 0 of img in the host VM with the image's aggregations. */
static struct spt_env env;
static struct spt_aggdesc descs[SPT_AGG_MAX];
static int64_t edges[SPT_AGG_EDGES_MAX];

static struct spt_vm vm;

/* Run the first clause of img in env as the caller left it (host_reset first). */
static void host_run(void)
{
	static struct spt_insn prog[SPT_MAX_INSNS];
	static uint8_t strtab[SPT_STRTAB_MAX + SPT_STRSIZE];
	size_t i;

	memset(strtab, 0, sizeof(strtab));
	if (img.strtab_len)
		memcpy(strtab, img.strtab, img.strtab_len);
	env.strtab = strtab;
	memset(descs, 0, sizeof(descs));
	for (i = 0; i < img.naggs; i++) {
		descs[i].func = img.aggs[i].func;
		descs[i].flags = img.aggs[i].flags;
		descs[i].edge0 = img.aggs[i].edge0;
		descs[i].nedges = img.aggs[i].nedges;
	}
	if (img.nedges)
		memcpy(edges, img.edges, img.nedges * sizeof(*edges));
	env.aggs = descs;
	env.edges = edges;
	env.agg_words = VMHOST_AGG_WORDS;
	memcpy(prog, img.insns, img.ninsns * sizeof(*prog));
	cr_assert_eq(vmhost_run(&vm, prog, img.clauses[0].prog, &env, 1000), SPT_VM_DONE);
}

static void run_host(void)
{
	memset(&env, 0, sizeof(env));
	host_run();
}

/* The stack-store key in the first key field of aggregation 0's first tuple. */
static uint64_t skey0(void)
{
	uint64_t k;

	memcpy(&k, env.agg[0].key + img.aggs[0].koff[0] + 16, 8);
	return k;
}

Test(agg_vm, stack_keys_hold_a_store_key)
{
	const struct img_agg *a;
	uint64_t w, k;

	cr_assert_eq(compile("BEGIN { @u[ustack(), 7] = count(); @u[ustack(), 7] = count(); }"), 0);
	a = &img.aggs[0];
	cr_assert_eq(a->keys[0].type, IMG_USTACK);
	cr_assert_eq(a->keys[0].size, SPT_STACK_FIELD(100), "D's key: the frames");
	cr_assert_eq(a->keysize, 8 + SPT_STACK_FIELD(100) + 8);
	cr_assert_eq(a->kstack[0], 1);
	cr_assert_eq(a->kstack[1], 0);
	cr_assert_eq(a->koff[1], 8 + SPT_STACK_KFIELD, "the kernel's key: depth, pid, store key");
	cr_assert_eq(a->kkeysize, 8 + SPT_STACK_KFIELD + 8);
	run_host();
	cr_assert_eq(env.agg[0].w[0], 2, "the same stack is the same key");
	cr_assert_eq(env.agg[1].used, 0);
	memcpy(&w, env.agg[0].key + 8, 8);
	cr_assert_eq(w, 3, "depth");
	k = skey0();
	cr_assert_eq(k >> 56, 0x80 | 3, "bit 63 and the frame count");
	memcpy(&w, env.agg[0].key + 8 + SPT_STACK_KFIELD, 8);
	cr_assert_eq(w, 7);
	cr_assert_eq(env.nstk, 1, "stored once");
	cr_assert_eq(env.stk[0].key, k);
	cr_assert_eq(env.stk[0].frames[0], 0x1000);
	cr_assert_eq(env.stk[0].frames[2], 0x3000);
	cr_assert_eq(env.stk[0].frames[3], 0);
	done();
}

Test(agg_vm, stack_store_keys_differ_by_frames_and_collide_safely)
{
	static const uint64_t two[] = { 0x1000, 0x2000 };
	uint64_t k3, k2;

	cr_assert_eq(compile("BEGIN { @u[stack()] = count(); }"), 0);
	run_host();
	k3 = skey0();
	memset(&env, 0, sizeof(env));
	env.frames = two;
	env.nframes = 2;
	host_run();
	k2 = skey0();
	cr_assert_neq(k2, k3);
	cr_assert_eq(k2 >> 56, 0x80 | 2);
	/* Another stack under the key this one hashes to: it takes the next. */
	memset(&env, 0, sizeof(env));
	env.stk[0].key = k3;
	env.stk[0].frames[0] = 0x9999;
	env.nstk = 1;
	host_run();
	cr_assert_eq(skey0(), k3 + 1);
	cr_assert_eq(env.nstk, 2);
	cr_assert_eq(env.stk[1].frames[1], 0x2000);
	cr_assert_eq(env.agg[0].w[0], 1);
	cr_assert_eq(vm.aggdrop, 0);
	done();
}

Test(agg_vm, a_full_stack_store_is_an_aggregation_drop)
{
	cr_assert_eq(compile("BEGIN { @u[stack()] = count(); @n[1] = count(); }"), 0);
	memset(&env, 0, sizeof(env));
	env.stk_max = 1;
	env.stk[0].key = 1;
	env.nstk = 1;
	host_run();
	cr_assert_eq(vm.aggdrop, 1);
	cr_assert_eq(env.agg[0].used, 1, "only @n's update");
	cr_assert_eq(env.agg[0].id, 1);
	done();
}

Test(agg_vm, functions)
{
	cr_assert_eq(
		compile("BEGIN { @c = count(); @c = count(); @s = sum(-5); @s = sum(7); "
			"@mn = min(3); @mn = min(-4); @mx = max(-9); @mx = max(-10); "
			"@sd = stddev(-3000000000); @sd = stddev(3000000000); "
			"@q = quantize(-1); @q = quantize(0); @q = quantize(5, 3); "
			"@l = lquantize(0x100000005, 0, 10, 2); @k[\"a\"] = count(); @k[\"a\"] = count(); }"),
		0);
	run_host();
	cr_assert_eq(env.agg[0].w[0], 2, "count");
	cr_assert_eq(env.agg[1].w[1], 2, "sum");
	cr_assert_eq((int64_t)env.agg[2].w[1], -4, "min");
	cr_assert_eq((int64_t)env.agg[3].w[1], -9, "max");
	/* 2 * (3e9)^2 = 1.8e19: more than 64 bits. */
	cr_assert_eq(env.agg[4].w[1], 0);
	cr_assert_eq(env.agg[4].w[2], (uint64_t)(18000000000000000000ULL));
	cr_assert_eq(env.agg[4].w[3], 0);
	cr_assert_eq(env.agg[5].w[0], 3);
	cr_assert_eq(env.agg[5].w[1 + 62], 1, "-1");
	cr_assert_eq(env.agg[5].w[1 + 63], 1, "0");
	cr_assert_eq(env.agg[5].w[1 + 66], 3, "5 with increment 3, in the bucket of 4");
	cr_assert_eq(env.agg[6].w[1 + 3], 1, "lquantize takes the value as 32 bits: 5");
	cr_assert_eq(env.agg[7].keyed, 1);
	cr_assert_eq(env.agg[7].w[0], 2);
	cr_assert_str_eq((char *)env.agg[7].key + 8, "a");
	done();
}

Test(agg_vm, stddev_carries_into_the_high_word)
{
	cr_assert_eq(compile("BEGIN { @sd = stddev(0x100000000); @sd = stddev(0x100000000); "
			     "@sd = stddev(-0x100000000); }"),
		     0);
	run_host();
	cr_assert_eq(env.agg[0].w[2], 0);
	cr_assert_eq(env.agg[0].w[3], 3, "3 * 2^64");
	done();
}

static const struct img_agg count_agg = { .name = "a",
					  .func = SPT_AGG_COUNT,
					  .nkeys = 1,
					  .keys = { { IMG_STR, 8, SPT_STRSIZE } },
					  .keysize = 8 + SPT_STRSIZE,
					  .nwords = 1 };

static void add(struct agg_snap *s, const char *k, uint64_t w0, uint64_t w1)
{
	uint8_t key[8 + SPT_STRSIZE] = { 0 };
	uint64_t w[4] = { w0, w1, 0, 0 };

	strcpy((char *)key + 8, k);
	cr_assert_eq(agg_snap_add(s, key, w), 0);
}

static char *print_to_string(void (*fn)(FILE *, const struct agg_snap *, uint64_t),
			     const struct agg_snap *s, uint64_t normal)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_not_null(f);
	fn(f, s, normal);
	fclose(f);
	return buf;
}

Test(agg_print, sorted_by_value_then_key)
{
	struct agg_snap s = { .agg = &count_agg };
	struct agg_sort by_value = { false, false, 0, 0 }, by_key = { true, false, 0, 0 },
			rev = { false, true, 0, 0 };
	char *out;

	add(&s, "b", 5, 0);
	add(&s, "c", 1, 0);
	add(&s, "a", 5, 0);
	agg_snap_sort(&s, &by_value);
	out = print_to_string(print_agg_default, &s, 1);
	cr_assert_str_eq(out,
			 "  c                                                                 1\n"
			 "  a                                                                 5\n"
			 "  b                                                                 5\n");
	free(out);
	agg_snap_sort(&s, &by_key);
	cr_assert_str_eq((char *)s.t[0].key + 8, "a");
	cr_assert_str_eq((char *)s.t[2].key + 8, "c");
	agg_snap_sort(&s, &rev);
	cr_assert_str_eq((char *)s.t[0].key + 8, "b");
	cr_assert_str_eq((char *)s.t[2].key + 8, "c");
	out = print_to_string(print_agg_default, &s, 2);
	cr_assert(strstr(out,
			 "  c                                                                 0\n"),
		  "normalized: %s", out);
	free(out);
	agg_snap_free(&s);
}

Test(agg_print, merge)
{
	uint64_t d[4] = { 0, 0, 0, 0 }, a[4] = { 2, (uint64_t)-5, 0, 0 },
		 none[4] = { 0, 100, 0, 0 }, b[4] = { 1, 3, 0, 0 };
	uint64_t s1[4] = { 1, 0, UINT64_MAX, 0 }, s2[4] = { 1, 0, 1, 0 };

	agg_merge(SPT_AGG_MIN, d, none, 2);
	cr_assert_eq(d[0], 0, "a CPU without updates adds nothing");
	agg_merge(SPT_AGG_MIN, d, b, 2);
	agg_merge(SPT_AGG_MIN, d, a, 2);
	cr_assert_eq((int64_t)d[1], -5);
	cr_assert_eq(d[0], 3);
	memset(d, 0, sizeof(d));
	agg_merge(SPT_AGG_MAX_, d, a, 2);
	agg_merge(SPT_AGG_MAX_, d, b, 2);
	cr_assert_eq(d[1], 3);
	memset(d, 0, sizeof(d));
	agg_merge(SPT_AGG_STDDEV, d, s1, 4);
	agg_merge(SPT_AGG_STDDEV, d, s2, 4);
	cr_assert_eq(d[2], 0);
	cr_assert_eq(d[3], 1, "the sum of squares carries");
}

Test(agg_print, values)
{
	struct img_agg avg = { .func = SPT_AGG_AVG, .nwords = 2 };
	struct img_agg sd = { .func = SPT_AGG_STDDEV, .nwords = 4 };
	uint64_t w[4] = { 3, (uint64_t)-10, 0, 0 };
	/* 2, 4, 9: sum 15, squares 101: sqrt(101 / 3 - 5 * 5) = sqrt(8) = 2 */
	uint64_t v[4] = { 3, 15, 101, 0 };

	cr_assert_eq(agg_value(&avg, w, 1), -3);
	cr_assert_eq(agg_value(&sd, v, 1), 2);
}

Test(agg_print, quantize_histogram)
{
	static int64_t qedges[126];
	struct img_agg q = {
		.name = "q", .func = SPT_AGG_QUANTIZE, .keysize = 8, .nwords = 128, .nedges = 126
	};
	struct agg_snap s = { .agg = &q, .edges = qedges };
	uint64_t w[128] = { 0 };
	uint8_t key[8] = { 0 };
	char *out;

	w[0] = 4;
	w[1 + 63] = 1; /* 0 */
	w[1 + 65] = 3; /* 2 */
	cr_assert_eq(agg_snap_add(&s, key, w), 0);
	out = print_to_string(print_agg_default, &s, 1);
	cr_assert_str_eq(out,
			 "\n"
			 "           value  ------------- Distribution ------------- count    \n"
			 "              -1 |                                         0        \n"
			 "               0 |@@@@@@@@@@                               1        \n"
			 "               1 |                                         0        \n"
			 "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
			 "               4 |                                         0        \n"
			 "\n");
	free(out);
	agg_snap_free(&s);
}

Test(agg_print, lquantize_labels_and_format)
{
	static const int64_t ledges[3] = { 0, 10, 20 };
	struct img_agg l = {
		.name = "l", .func = SPT_AGG_LQUANTIZE, .keysize = 8, .nwords = 5, .nedges = 3
	};
	struct agg_snap s = { .agg = &l, .edges = ledges };
	uint64_t w[5] = { 2, 1, 0, 0, 1 };
	uint8_t key[8] = { 0 };
	struct fmt f;
	char *buf = NULL, err[64];
	size_t len = 0;
	FILE *fp;

	cr_assert_eq(agg_snap_add(&s, key, w), 0);
	cr_assert_eq(fmt_parse("[%@d]", &f, err, sizeof(err)), 0);
	fp = open_memstream(&buf, &len);
	print_agg_fmt(fp, &s, &f, 1);
	fclose(fp);
	cr_assert_str_eq(buf,
			 "[\n"
			 "           value  ------------- Distribution ------------- count    \n"
			 "             < 0 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
			 "               0 |                                         0        \n"
			 "              10 |                                         0        \n"
			 "           >= 20 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
			 "]");
	free(buf);
	fmt_free(&f);
	agg_snap_free(&s);
}

Test(agg_print, printa_format_keys_and_value)
{
	struct img_agg a = { .name = "a",
			     .func = SPT_AGG_SUM,
			     .nkeys = 2,
			     .keys = { { IMG_STR, 8, SPT_STRSIZE },
				       { IMG_INT, 8 + SPT_STRSIZE, 4 } },
			     .keysize = 16 + SPT_STRSIZE,
			     .nwords = 2 };
	struct agg_snap s = { .agg = &a };
	uint8_t key[16 + SPT_STRSIZE] = { 0 };
	uint64_t w[2] = { 1, (uint64_t)-42 }, k = (uint64_t)-3;
	struct fmt f;
	char *buf = NULL, err[64];
	size_t len = 0;
	FILE *fp;

	strcpy((char *)key + 8, "read");
	memcpy(key + 8 + SPT_STRSIZE, &k, 8);
	cr_assert_eq(agg_snap_add(&s, key, w), 0);
	cr_assert_eq(fmt_parse("%-6s|%3d|%@x|%@d\n", &f, err, sizeof(err)), 0);
	fp = open_memstream(&buf, &len);
	print_agg_fmt(fp, &s, &f, 1);
	fclose(fp);
	cr_assert_str_eq(buf, "read  | -3|ffffffffffffffd6|-42\n");
	free(buf);
	buf = NULL;
	fp = open_memstream(&buf, &len);
	print_agg_default(fp, &s, 1);
	fclose(fp);
	cr_assert_str_eq(
		buf,
		"  read                                                     -3              -42\n");
	free(buf);
	fmt_free(&f);
	agg_snap_free(&s);
}

static const struct img_agg sum_agg = { .name = "b",
					.func = SPT_AGG_SUM,
					.nkeys = 1,
					.keys = { { IMG_STR, 8, SPT_STRSIZE } },
					.keysize = 8 + SPT_STRSIZE,
					.nwords = 2 };

Test(agg_print, join_several_aggregations_by_key)
{
	struct agg_snap s[2] = { { .agg = &count_agg }, { .agg = &sum_agg } }, j;
	struct agg_sort by_first = { false, false, 0, 0 }, by_second = { false, false, 0, 1 };
	uint64_t normals[2] = { 1, 2 };
	char *out;

	add(&s[0], "x", 1, 0);
	add(&s[0], "y", 3, 0);
	add(&s[1], "y", 1, 40);
	add(&s[1], "z", 1, 100);
	cr_assert_eq(agg_snap_join(s, normals, 2, &by_first, &j), 0);
	cr_assert_eq(j.n, 3);
	cr_assert_eq(j.nmore, 1);
	/* by @a's count: z (absent, 0), x 1, y 3; @b normalized by 2 */
	out = print_to_string(print_agg_default, &j, 1);
	cr_assert_str_eq(
		out,
		"  z                                                                 0               50\n"
		"  x                                                                 1                0\n"
		"  y                                                                 3               20\n");
	free(out);
	agg_snap_free(&j);
	cr_assert_eq(agg_snap_join(s, normals, 2, &by_second, &j), 0);
	out = print_to_string(print_agg_default, &j, 1);
	cr_assert_str_eq(
		out,
		"  x                                                                 1                0\n"
		"  y                                                                 3               20\n"
		"  z                                                                 0               50\n");
	free(out);
	agg_snap_free(&j);
	/* the inputs are untouched */
	cr_assert_eq(s[0].n, 2);
	cr_assert_eq(s[1].n, 2);
	agg_snap_free(&s[0]);
	agg_snap_free(&s[1]);
}

Test(agg_print, join_with_no_tuples)
{
	struct agg_snap s[2] = { { .agg = &count_agg }, { .agg = &sum_agg } }, j;
	struct agg_sort sort = { false, false, 0, 0 };
	uint64_t normals[2] = { 1, 1 };
	char *out;

	cr_assert_eq(agg_snap_join(s, normals, 2, &sort, &j), 0);
	cr_assert_eq(j.n, 0);
	out = print_to_string(print_agg_default, &j, 1);
	cr_assert_str_eq(out, "");
	free(out);
	agg_snap_free(&j);
}

/*
 * Symbol keys as dtrace reduces them: two kernel addresses in one
 * function are one sym() key, their counts added; a uaddr()-like key of
 * unresolved addresses stays as it is. Kernel symbols from a kallsyms file.
 */
Test(agg_print, symbol_keys_reduced_and_merged)
{
	static const struct img_agg sa = { .name = "_",
					   .func = SPT_AGG_COUNT,
					   .nkeys = 1,
					   .keys = { { IMG_SYM, 8, 8 } },
					   .keysize = 16,
					   .kkeysize = 16,
					   .nwords = 1 };
	char path[] = "/tmp/spt-aggsyms-XXXXXX";
	int fd = mkstemp(path);
	FILE *k = fdopen(fd, "w");
	struct agg_snap s = { .agg = &sa };
	uint64_t key[2], w[1];
	char *out, want[256];

	fprintf(k, "ffffffff81000000 T do_syscall_64\nffffffff81000100 T entry_SYSCALL_64\n");
	fclose(k);
	cr_assert_eq(ksym_load_file(path), 0);
	unlink(path);
	key[0] = 0;
	key[1] = 0xffffffff81000010ULL;
	w[0] = 2;
	cr_assert_eq(agg_snap_add_kernel(&s, (uint8_t *)key, w, (const uint8_t *)key), 0);
	key[1] = 0xffffffff81000020ULL;
	w[0] = 3;
	cr_assert_eq(agg_snap_add_kernel(&s, (uint8_t *)key, w, (const uint8_t *)key), 0);
	key[1] = 0xffffffff81000104ULL;
	w[0] = 1;
	cr_assert_eq(agg_snap_add_kernel(&s, (uint8_t *)key, w, (const uint8_t *)key), 0);
	cr_assert_eq(s.n, 2, "do_syscall_64+0x10 and +0x20 are one key");
	cr_assert_eq(s.t[0].w[0], 5);
	cr_assert_eq(s.t[0].nkkey, 2, "both kernel keys kept for clear() and trunc()");
	memcpy(key, s.t[0].key, 16);
	cr_assert_eq(key[1], 0xffffffff81000000ULL, "reduced to the function's start");
	cr_assert_eq(s.t[1].w[0], 1);
	agg_snap_sort(&s, &(struct agg_sort){ false, false, 0, 0 });
	out = print_to_string(print_agg_default, &s, 1);
	/* the reference's formats: a symbol key "  %-50s", a count " %16lld" */
	snprintf(want, sizeof(want), "  %-50s %16d\n  %-50s %16d\n", "vmlinux`entry_SYSCALL_64", 1,
		 "vmlinux`do_syscall_64", 5);
	cr_assert_str_eq(out, want);
	free(out);
	agg_snap_free(&s);
	ksym_free();
}
