/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D virtual machine's core: one instruction per spt_vm_step() call.
 *
 * Built twice from this one source: into the BPF programs, where
 * spt_vm_step() is the body of a bpf_loop callback, and into the host
 * library for tests (tests/unit/test_vm.c), so both run the same code.
 *
 * Types and limits are always visible (abi/limits.h, abi/vmstate.h); the
 * functions only where the includer defines SPT_VM_IMPL (and SPT_VM_ENV,
 * its run context type, default struct spt_env) before including this
 * file a second time. The includer then defines every spt_env_* function
 * declared below, the VM's environment: the kernel side in
 * bpf/spectrace.bpf.c, the host VM in src/vmhost.c. The declarations are
 * the contract, written once; the compiler holds both sides to it.
 *
 * Verifier notes: every index into an array is masked to a power-of-two
 * bound right where it is used, because the state of a bpf_loop callback
 * carries no facts from one iteration to the next. Operations that could
 * fault set vm->state and return; they never trust the bytecode.
 */
#ifndef SPT_VM_H
#define SPT_VM_H

#include "abi/isa.h"
#include "abi/fault.h"
#include "abi/agg.h"
#include "abi/limits.h"
#include "abi/spec.h"
#include "abi/vmstate.h"

#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif

/*
 * SPT_FRESH(x): make the compiler keep x in a register it cannot trace
 * back to an earlier check, so the mask that follows is really applied:
 * clang otherwise reloads a spilled copy without the mask, whose bounds
 * Linux 6.1's verifier has lost. Arrays indexed this way are as large as
 * the mask (plus the access) allows. A no-op on the host.
 */
#ifdef __bpf__
#define SPT_FRESH(x) asm volatile("" : "+r"(x))
#else
#define SPT_FRESH(x) ((void)0)
#endif

#endif /* SPT_VM_H */

/* The functions: a second inclusion with SPT_VM_IMPL defined brings them in. */
#if defined(SPT_VM_IMPL) && !defined(SPT_VM_IMPL_DONE)
#define SPT_VM_IMPL_DONE
#ifndef SPT_VM_ENV
#define SPT_VM_ENV struct spt_env
#endif

/*
 * The VM's environment: what the includer provides (see the top). SPT_ENV_FN
 * is how it defines them (default: static __always_inline).
 */
#ifndef SPT_ENV_FN
#define SPT_ENV_FN static __always_inline
#endif
SPT_VM_ENV;
/* builtin variable ID (SPT_B_*) */
SPT_ENV_FN __u64 spt_env_builtin(SPT_VM_ENV *env, __u32 id);
/* whether the program uses opcode OP, aggregating function FUNC */
SPT_ENV_FN int spt_env_op(SPT_VM_ENV *env, __u32 op);
SPT_ENV_FN int spt_env_aggfn(SPT_VM_ENV *env, __u32 func);
/* the globals, SPT_GLOBALS_MAX + SPT_STRSIZE bytes (NULL: none) */
SPT_ENV_FN __u8 *spt_env_globals(SPT_VM_ENV *env);
/* self-> variable VAR: read (0 if unset), write (0 deletes) */
SPT_ENV_FN __u64 spt_env_tls_load(SPT_VM_ENV *env, __u32 var);
SPT_ENV_FN void spt_env_tls_store(SPT_VM_ENV *env, __u32 var, __u64 v);
/* SIZE bytes of kernel memory at ADDR into *V: 0 or <0 */
SPT_ENV_FN int spt_env_read(SPT_VM_ENV *env, __u64 addr, __u32 size, __u64 *v);
/* the string table, SPT_STRTAB_MAX + SPT_STRSIZE bytes */
SPT_ENV_FN const __u8 *spt_env_strtab(SPT_VM_ENV *env);
/* compare two strings of at most SPT_STRSIZE bytes */
SPT_ENV_FN int spt_env_strcmp(SPT_VM_ENV *env, const __u8 *x, const __u8 *y);
/* bytes a string value keeps with its NUL: strsize + 1, at most SPT_STRSIZE */
SPT_ENV_FN __u32 spt_env_strcap(SPT_VM_ENV *env);
/* the bytes alloca() and copyin() may take in a clause: scratchsize - 8, at most SPT_SCRATCH_MAX */
SPT_ENV_FN __u32 spt_env_scratch(SPT_VM_ENV *env);
/* a string's length, at most strcap - 1 */
SPT_ENV_FN __u64 spt_env_strlen(SPT_VM_ENV *env, const __u8 *x);
/* copy a string: strcap bytes, NUL-padded */
SPT_ENV_FN void spt_env_strcpy(SPT_VM_ENV *env, __u8 *dst, const __u8 *src);
/* copyinstr(UADDR) into DST, strcap bytes: 0 or <0 */
SPT_ENV_FN int spt_env_copyinstr(SPT_VM_ENV *env, __u8 *dst, __u64 uaddr);
/* a kernel string at KADDR into DST, SIZE 1..strcap bytes: 0 or <0 */
SPT_ENV_FN int spt_env_kstr(SPT_VM_ENV *env, __u8 *dst, __u64 kaddr, __u32 size);
/* SIZE 1..SPT_REC_MAX bytes of kernel memory at SRC (tracemem): 0 or <0 */
SPT_ENV_FN int spt_env_kread(SPT_VM_ENV *env, __u8 *dst, __u64 src, __u32 size);
/* SIZE 1..SPT_SCRATCH_MAX bytes at SRC of user (KERNEL: kernel) memory: 0 or <0 */
SPT_ENV_FN int spt_env_memcpy(SPT_VM_ENV *env, __u8 *dst, __u64 src, __u32 size, int kernel);
/* execname, 16 bytes */
SPT_ENV_FN void spt_env_execname(SPT_VM_ENV *env, __u8 *dst);
/* associative arrays (keys SPT_KEY_SIZE, values SPT_AVAL_SIZE bytes):
 * the value or NULL; store, 0 or <0; delete */
SPT_ENV_FN const __u8 *spt_env_assoc_get(SPT_VM_ENV *env, const __u8 *key);
SPT_ENV_FN int spt_env_assoc_put(SPT_VM_ENV *env, const __u8 *key, const __u8 *val);
SPT_ENV_FN void spt_env_assoc_del(SPT_VM_ENV *env, const __u8 *key);
/* the descriptor of aggregation ID */
SPT_ENV_FN void spt_env_aggdesc(SPT_VM_ENV *env, __u32 id, struct spt_aggdesc *d);
/* this CPU's value words of @ID (KEY: the key area, NULL when keyless),
 * created zeroed; NULL: no space */
SPT_ENV_FN __u64 *spt_env_agg(SPT_VM_ENV *env, __u32 id, const __u8 *key);
/* words in every aggregation value; histogram edge I */
SPT_ENV_FN __u32 spt_env_agg_words(SPT_VM_ENV *env);
SPT_ENV_FN __s64 spt_env_agg_edge(SPT_VM_ENV *env, __u32 i);
/* speculation(): a free slot made ACTIVE, or 0; speculate(ID): slot ID is
 * 1..nspec and ACTIVE */
SPT_ENV_FN __u64 spt_env_speculation(SPT_VM_ENV *env);
SPT_ENV_FN int spt_env_speculate(SPT_VM_ENV *env, __u64 id);
/* the bytes left in slot ID's part on this CPU */
SPT_ENV_FN __u32 spt_env_specroom(SPT_VM_ENV *env, __u32 id);
/* the nspec option */
SPT_ENV_FN __u32 spt_env_nspec(SPT_VM_ENV *env);
/* the kernel's (USER: the user's) stack into BUF, at most SPT_STACK_MAX
 * frames: how many, or <0 */
SPT_ENV_FN long spt_env_stack(SPT_VM_ENV *env, __u64 *buf, __u32 user);
/* the user registers, SPT_UREGS words */
SPT_ENV_FN void spt_env_uregs(SPT_VM_ENV *env, __u64 *regs);
/* the stack store: the SPT_STACK_MAX words stored under KEY, or NULL */
SPT_ENV_FN const __u64 *spt_env_stkget(SPT_VM_ENV *env, __u64 key);
/* store SPT_STACK_MAX words of FRAMES (vm->stk) under KEY unless it is taken: 0, or <0 */
SPT_ENV_FN int spt_env_stkput(SPT_VM_ENV *env, __u64 key, const __u64 *frames);
/* copy SIZE (at most 1016) bytes of VM memory */
SPT_ENV_FN void spt_env_vcopy(SPT_VM_ENV *env, __u8 *dst, const __u8 *src, __u32 size);
/* user memory at UADDR: the bytes copied (SIZE halved until it reads), 0 none */
SPT_ENV_FN long spt_env_ucopy(SPT_VM_ENV *env, __u8 *dst, __u32 size, __u64 uaddr);
/* as bpf_probe_read_kernel_str: at most SIZE - 1 bytes up to the NUL, then
 * a NUL; the bytes written with the NUL, or <0 */
SPT_ENV_FN long spt_env_strncpy(SPT_VM_ENV *env, __u8 *dst, const void *src, __u32 size);
/* as bpf_loop: CB(0, CTX) .. CB(N - 1, CTX), until one returns 1 */
SPT_ENV_FN void spt_env_loop(SPT_VM_ENV *env, __u32 n, long (*cb)(__u64, void *), void *ctx);

static __always_inline void spt_vm_reset(struct spt_vm *vm, __u32 base)
{
	int i;

	for (i = 0; i < SPT_NREGS; i++)
		vm->r[i] = 0;
	vm->base = base;
	vm->pc = 0;
	vm->state = SPT_VM_RUN;
	vm->fault = 0;
	vm->fault_pc = 0;
	vm->fault_val = 0;
	vm->specd = 0;
	vm->spec = 0;
	vm->specroom = 0;
	vm->specdrop = 0;
	vm->nspecops = 0;
	vm->dsig = 0;
	vm->scr_used = 0;
	vm->scr_base = (__u64)(unsigned long)vm->scratch;
}

static __always_inline void spt_vm_fault(struct spt_vm *vm, __u32 pc, __u32 fault, __u64 val)
{
	vm->state = SPT_VM_FAULT;
	vm->fault = fault;
	vm->fault_pc = pc;
	vm->fault_val = val;
}

static __always_inline __u64 spt_vm_ext(__u64 v, __u32 bits, int sign)
{
	__u32 sh;

	if (bits == 0 || bits >= 64)
		return v;
	sh = 64 - bits;
	if (sign)
		return (__u64)((__s64)(v << sh) >> sh);
	return (v << sh) >> sh;
}

/* The bytes of string reference REF, or NULL if it is out of the space. */
static __always_inline __u8 *spt_vm_sref(struct spt_vm *vm, SPT_VM_ENV *env, __u64 ref)
{
	__u8 *g;

	if (ref < SPT_STRTAB_MAX)
		return (__u8 *)spt_env_strtab(env) + (ref & (SPT_STRTAB_MAX - 1));
	if (ref < SPT_SREF_GLOBALS)
		return vm->str + ((ref - SPT_SREF_VM) & (SPT_VMSTR_SIZE - 1));
	if (ref < SPT_SREF_THIS) {
		g = spt_env_globals(env);
		if (!g)
			return NULL;
		return g + ((ref - SPT_SREF_GLOBALS) & (SPT_GLOBALS_MAX - 1));
	}
	if (ref < SPT_SREF_END)
		return vm->thisv + ((ref - SPT_SREF_THIS) & (SPT_THIS_MAX - 1));
	return NULL;
}

/*
 * The bytes [ADDR, ADDR + N) of a variable's storage (this-> variables or
 * the globals), for a struct value's copy and its members' stores; NULL if
 * they are not all there. N is at most SPT_SCRATCH_MAX (the areas have
 * SPT_STRSIZE bytes of slack).
 */
static __always_inline __u8 *spt_vm_varptr(struct spt_vm *vm, SPT_VM_ENV *env, __u64 addr, __u64 n)
{
	/* the areas' addresses as numbers (a pointer's would not compare) */
	__u64 tb = vm->scr_base - (__u64)(__builtin_offsetof(struct spt_vm, scratch) -
					  __builtin_offsetof(struct spt_vm, thisv)),
	      gb;
	__u8 *g = spt_env_globals(env);

	if (n > SPT_SCRATCH_MAX)
		return NULL;
	if (addr >= tb && addr - tb < SPT_THIS_MAX && n <= SPT_THIS_MAX - (addr - tb))
		return vm->thisv + ((addr - tb) & (SPT_THIS_MAX - 1));
	if (!g)
		return NULL;
	vm->var_base = (__u64)(unsigned long)g;
	gb = *(volatile __u64 *)&vm->var_base;
	if (addr >= gb && addr - gb < SPT_GLOBALS_MAX && n <= SPT_GLOBALS_MAX - (addr - gb))
		return g + ((addr - gb) & (SPT_GLOBALS_MAX - 1));
	return NULL;
}

/* 64 x 64 -> 128-bit multiplication in 32-bit halves (BPF has no wider type). */
static __always_inline void spt_vm_mul128(__u64 a, __u64 b, __u64 *lo, __u64 *hi)
{
	__u64 al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
	__u64 ll = al * bl, lh = al * bh, hl = ah * bl;
	__u64 mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);

	*lo = (ll & 0xffffffffu) | (mid << 32);
	*hi = ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* Histogram bucket of V: the number of edges <= V (binary search). */
static __always_inline __u32 spt_vm_bucket(SPT_VM_ENV *env, const struct spt_aggdesc *d, __s64 v)
{
	__u32 lo = 0, hi = d->nedges, mid, i;

	for (i = 0; i < SPT_AGG_SEARCH_STEPS; i++) {
		if (lo >= hi)
			break;
		mid = (lo + hi) >> 1;
		if (spt_env_agg_edge(env, (d->edge0 + mid) & (SPT_AGG_EDGES_MAX - 1)) <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Aggregate V (increment INC for histograms) into @ID on this CPU; the
 * value layout is in abi/agg.h. Returns 0, or 1 after a fault.
 */
static __always_inline int spt_vm_agg(struct spt_vm *vm, SPT_VM_ENV *env, __u32 pc, __u32 id,
				      __u64 v, __u64 inc)
{
	struct spt_aggdesc d;
	__u64 *w, lo, hi, m;
	__u32 idx;

	spt_env_aggdesc(env, id & (SPT_AGG_MAX - 1), &d);
	if (vm->keydrop) {
		/* a stack of the key found no room in the stack store */
		vm->keydrop = 0;
		vm->aggdrop = 1;
		return 0;
	}
	w = spt_env_agg(env, id & (SPT_AGG_MAX - 1), (d.flags & SPT_AGGF_KEYED) ? vm->key : NULL);
	if (!w) {
		vm->aggdrop = 1;
		return 0;
	}
	/*
	 * Each case first asks whether the program aggregates that way at all:
	 * a constant in the kernel, so the verifier skips the others (the
	 * histograms' bucket search alone cost 0.15 s of verification).
	 */
	switch (d.func) {
	case SPT_AGG_COUNT:
		if (!spt_env_aggfn(env, SPT_AGG_COUNT))
			goto illop;
		break;
	case SPT_AGG_SUM:
	case SPT_AGG_AVG:
		if (!spt_env_aggfn(env, SPT_AGG_SUM) && !spt_env_aggfn(env, SPT_AGG_AVG))
			goto illop;
		w[1] += v;
		break;
	case SPT_AGG_MIN:
		if (!spt_env_aggfn(env, SPT_AGG_MIN))
			goto illop;
		if (!w[0] || (__s64)v < (__s64)w[1])
			w[1] = v;
		break;
	case SPT_AGG_MAX_:
		if (!spt_env_aggfn(env, SPT_AGG_MAX_))
			goto illop;
		if (!w[0] || (__s64)v > (__s64)w[1])
			w[1] = v;
		break;
	case SPT_AGG_STDDEV:
		if (!spt_env_aggfn(env, SPT_AGG_STDDEV))
			goto illop;
		w[1] += v;
		m = (__s64)v < 0 ? -v : v;
		spt_vm_mul128(m, m, &lo, &hi);
		w[2] += lo;
		w[3] += hi + (w[2] < lo);
		break;
	case SPT_AGG_QUANTIZE:
	case SPT_AGG_LQUANTIZE:
	case SPT_AGG_LLQUANTIZE:
		if (!spt_env_aggfn(env, SPT_AGG_QUANTIZE) &&
		    !spt_env_aggfn(env, SPT_AGG_LQUANTIZE) &&
		    !spt_env_aggfn(env, SPT_AGG_LLQUANTIZE))
			goto illop;
		if (d.flags & SPT_AGGF_INT32)
			v = (__u64)(__s64)(__s32)v;
		idx = 1 + spt_vm_bucket(env, &d, (__s64)v);
		if (idx >= spt_env_agg_words(env)) {
			spt_vm_fault(vm, pc, SPT_FLT_ILLOP, id);
			return 1;
		}
		w[idx & (SPT_AGG_WORDS_MAX - 1)] += inc;
		break;
	default:
		goto illop;
	}
	w[0]++;
	return 0;
illop:
	spt_vm_fault(vm, pc, SPT_FLT_ILLOP, id);
	return 1;
}

/*
 * The string primitives: SSUB (copy a range, append, map case), SFIND
 * (search for a character or a string), LTOS and STOL (integer to string
 * and back); D's string subroutines are compiled to them.
 *
 * Each copies its string operands into vm->wk with one helper call
 * (spt_env_strncpy), so the per-byte work reads one memory area whatever
 * region a reference points into, and that work runs under spt_env_loop
 * (bpf_loop in the kernel): each callback is a small function the verifier
 * checks once, not once per byte. Their state is in vm->sw, map memory, so
 * no scalar on the stack ties a callback's state to its caller's and the
 * verifier's callback states converge at once.
 */
struct spt_vm_lctx {
	struct spt_vm *vm;
	SPT_VM_ENV *env;
};

/* Copy string REF into wk[K]; returns its length, or -1 for a bad reference. */
static __always_inline int spt_vm_wkload(struct spt_vm *vm, SPT_VM_ENV *env, __u32 k, __u64 ref)
{
	__u8 *src = spt_vm_sref(vm, env, ref), *dst = vm->wk[k & 1];
	long n;

	if (!src)
		return -1;
	n = spt_env_strncpy(env, dst, src, spt_env_strcap(env));
	if (n < 1) {
		dst[0] = 0;
		return 0;
	}
	return (int)((n - 1) & (SPT_STRSIZE - 1));
}

/*
 * SFIND of a string: one 8-byte word of the needle (wk[1], sw.m bytes)
 * against the haystack (wk[0]) at sw.pos per call; a difference clears
 * sw.hit. Only the needle's bytes count: the first m - 8i in memory order.
 */
static long spt_vm_cmp_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	struct spt_vm_sw *w = &vm->sw;
	__u32 j = (__u32)(i & (SPT_STRSIZE / 8 - 1)) * 8, left = w->m - j;
	__u64 x, y, mask = ~0ULL;

	__builtin_memcpy(&x, vm->wk[0] + (w->pos & (SPT_STRSIZE - 1)) + j, 8);
	__builtin_memcpy(&y, vm->wk[1] + j, 8);
	if (left < 8)
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		mask = (1ULL << (left * 8)) - 1;
#else
		mask = ~0ULL << ((8 - left) * 8);
#endif
	if ((x ^ y) & mask) {
		w->hit = 0;
		return 1;
	}
	return 0;
}

/* SFIND: one candidate position per call, from sw.pos by sw.step. */
static long spt_vm_find_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	struct spt_vm_sw *w = &vm->sw;
	__s64 pos = w->pos;
	int hit;

	(void)i;
	if (w->mode & SPT_FIND_STR) {
		/* The first byte decides most positions without the word loop. */
		w->hit = !w->m || vm->wk[0][pos & (SPT_STRSIZE - 1)] == vm->wk[1][0];
		if (w->hit && w->m > 1)
			spt_env_loop(((struct spt_vm_lctx *)ctx)->env, (w->m + 7) / 8,
				     spt_vm_cmp_cb, ctx);
		hit = w->hit;
	} else
		hit = (vm->wk[0][pos & (SPT_STRSIZE - 1)] == (__u8)w->c) !=
		      !!(w->mode & SPT_FIND_NOT);
	if (hit) {
		w->res = pos;
		return 1;
	}
	w->pos = pos + w->step;
	return 0;
}

/*
 * r[dst] = SFIND's result for string A, needle B, start position START.
 * Positions a match may start at: [0, len - m] for a string of m bytes,
 * [0, len) for a character or "any other character" (so '\0' is never
 * found: dtrace-utils' strchr(s, 0) is NULL). Forward, a negative START is
 * 0 and one past the last position finds nothing (index(s, "", start >
 * len) is -1); backward, the search starts at min(START, last) and a
 * negative START finds nothing, an empty needle included (rindex).
 */
static __always_inline int spt_vm_sfind(struct spt_vm *vm, SPT_VM_ENV *env, __u32 mode, __u64 a,
					__u64 b, __s64 start, __u64 *out)
{
	struct spt_vm_sw *w = &vm->sw;
	struct spt_vm_lctx lc = { vm, env };
	__s64 last, first, n;
	int len, m = 0;

	len = spt_vm_wkload(vm, env, 0, a);
	if (len < 0)
		return -1;
	if (mode & SPT_FIND_AT) {
		*out = start >= 0 && start < len ? vm->wk[0][start & (SPT_STRSIZE - 1)] : 0;
		return 0;
	}
	if (mode & SPT_FIND_STR) {
		m = spt_vm_wkload(vm, env, 1, b);
		if (m < 0)
			return -1;
		last = len - m;
	} else {
		last = len - 1;
	}
	if (!(mode & SPT_FIND_BACK)) {
		first = start < 0 ? 0 : start > len ? len + 1 : start;
		n = last - first + 1;
		w->step = 1;
	} else {
		first = start > last ? last : start;
		n = first + 1;
		w->step = -1;
	}
	w->res = -1;
	w->pos = first;
	w->m = (__u32)m;
	w->c = (__u8)b;
	w->mode = mode;
	if (n > 0)
		spt_env_loop(env, (__u32)n & (2 * SPT_STRSIZE - 1), spt_vm_find_cb, &lc);
	if (mode & SPT_FIND_REF)
		*out = w->res < 0 ? 0 : a + (__u64)w->res;
	else
		*out = (__u64)w->res;
	return 0;
}

/* SSUB's case mapping: one byte of the slot per call, from sw.pos on. */
static long spt_vm_case_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	__u32 off = (vm->sw.slot & (SPT_NSTR - 1)) * SPT_STRSIZE +
		    (__u32)((vm->sw.pos + i) & (SPT_STRSIZE - 1));
	__u8 *p, c;

	SPT_FRESH(off);
	p = vm->str + (off & (SPT_VMSTR_SIZE - 1));
	c = *p;

	if (vm->sw.mode & SPT_SSUB_UPPER) {
		if (c >= 'a' && c <= 'z')
			*p = c - 'a' + 'A';
	} else if (c >= 'A' && c <= 'Z') {
		*p = c - 'A' + 'a';
	}
	return 0;
}

/* r[dst] = SSUB's slot reference: bytes [FROM, TO) of string A, clipped. */
static __always_inline int spt_vm_ssub(struct spt_vm *vm, SPT_VM_ENV *env, __u32 imm, __u64 a,
				       __s64 from, __s64 to, __u64 *out)
{
	struct spt_vm_sw *w = &vm->sw;
	struct spt_vm_lctx lc = { vm, env };
	__u32 slot = imm & (SPT_NSTR - 1), base = 0;
	__s64 cnt;
	__u8 *dst;
	int len, lim;

	len = spt_vm_wkload(vm, env, 0, a);
	if (len < 0)
		return -1;
	if (from < 0)
		from = 0;
	if (to > len)
		to = len;
	cnt = to > from ? to - from : 0;
	if ((imm & SPT_SSUB_APPEND) && w->slot == slot)
		base = w->cat & (SPT_STRSIZE - 1);
	/* strsize bounds the result: a join that does not fit is cut. */
	lim = (int)spt_env_strcap(env) - 1;
	if (base > (__u32)lim)
		base = (__u32)lim;
	if (cnt > lim - (int)base)
		cnt = lim - (int)base;
	dst = vm->str + slot * SPT_STRSIZE + base;
	if (cnt > 0) {
		__u32 n = (__u32)cnt, f = (__u32)from;

		SPT_FRESH(n);
		SPT_FRESH(f);
		spt_env_strncpy(env, dst, vm->wk[0] + (f & (SPT_STRSIZE - 1)),
				(n & (SPT_STRSIZE - 1)) + 1);
	} else {
		dst[0] = 0;
	}
	w->slot = slot;
	w->cat = base + (__u32)cnt;
	if (imm & (SPT_SSUB_UPPER | SPT_SSUB_LOWER)) {
		/* The bytes just copied. */
		w->mode = imm;
		w->pos = base;
		spt_env_loop(env, (__u32)cnt & (SPT_STRSIZE - 1), spt_vm_case_cb, &lc);
	}
	*out = SPT_SREF_VM + slot * SPT_STRSIZE;
	return 0;
}

/* LTOS: one digit per call, written right to left into wk[0]. */
static long spt_vm_ltos_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	struct spt_vm_sw *w = &vm->sw;
	__u64 v = w->val, base = w->base, d;

	(void)i;
	if (base < 2)
		return 1;
	d = v % base;
	vm->wk[0][w->pos & 127] = (__u8)(d < 10 ? '0' + d : 'a' + d - 10);
	w->pos--;
	w->val = v / base;
	return w->val == 0;
}

static __always_inline void spt_vm_ltos_put(struct spt_vm *vm, __u8 c)
{
	vm->wk[0][vm->sw.pos & 127] = c;
	vm->sw.pos--;
}

/*
 * lltostr(A, BASE) into string slot SLOT, as DTrace writes it: base 10
 * signed, other bases the 64-bit pattern unsigned, "0x" before base 16
 * digits and "0" before base 8 ones. BASE outside [2, 36] is illegal.
 */
static __always_inline int spt_vm_ltos(struct spt_vm *vm, SPT_VM_ENV *env, __u32 slot, __u64 a,
				       __u64 base, __u64 *out)
{
	struct spt_vm_sw *w = &vm->sw;
	struct spt_vm_lctx lc = { vm, env };
	int neg = base == 10 && (__s64)a < 0;

	if (base < 2 || base > 36)
		return -1;
	w->val = neg ? -a : a;
	w->base = (__u32)base;
	w->pos = 95;
	vm->wk[0][96] = 0;
	if (a)
		spt_env_loop(env, 64, spt_vm_ltos_cb, &lc);
	if (!a && base != 8)
		spt_vm_ltos_put(vm, '0');
	if (base == 16) {
		spt_vm_ltos_put(vm, 'x');
		spt_vm_ltos_put(vm, '0');
	} else if (base == 8) {
		spt_vm_ltos_put(vm, '0');
	}
	if (neg)
		spt_vm_ltos_put(vm, '-');
	slot &= SPT_NSTR - 1;
	spt_env_strncpy(env, vm->str + slot * SPT_STRSIZE, vm->wk[0] + ((w->pos + 1) & 127),
			spt_env_strcap(env));
	*out = SPT_SREF_VM + slot * SPT_STRSIZE;
	return 0;
}

/* The value of digit C in bases up to 36, or 36 if it is none. */
static __always_inline __u32 spt_vm_digit(__u8 c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 36;
}

/* STOL: one character per call: blanks, a sign, base 16's "0x", digits. */
static long spt_vm_stol_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	struct spt_vm_sw *w = &vm->sw;
	__u32 k = i & (SPT_STRSIZE - 1), x;
	const __u8 *s = vm->wk[0];
	__u8 c = s[k];

	if (w->phase == 0) {
		if (c == ' ' || c == '\t')
			return 0;
		w->phase = 1;
	}
	if (w->phase == 1) {
		w->phase = 2;
		if (c == '-' || c == '+') {
			w->neg = c == '-';
			return 0;
		}
	}
	if (w->phase == 2) {
		w->phase = 3;
		if (w->base == 16 && c == '0' && (s[k + 1] == 'x' || s[k + 1] == 'X') &&
		    spt_vm_digit(s[k + 2]) < 16) {
			w->phase = 4; /* skip the x */
			return 0;
		}
	} else if (w->phase == 4) {
		w->phase = 3;
		return 0;
	}
	x = spt_vm_digit(c);
	if (x >= w->base)
		return 1;
	w->val = w->val * w->base + x;
	return 0;
}

/* strtoll(A, BASE) as DTrace's: overflow wraps; BASE outside [2, 36] is illegal. */
static __always_inline int spt_vm_stol(struct spt_vm *vm, SPT_VM_ENV *env, __u64 a, __u64 base,
				       __u64 *out)
{
	struct spt_vm_sw *w = &vm->sw;
	struct spt_vm_lctx lc = { vm, env };
	int len;

	if (base < 2 || base > 36)
		return -1;
	len = spt_vm_wkload(vm, env, 0, a);
	if (len < 0)
		return -1;
	w->val = 0;
	w->base = (__u32)base;
	w->phase = 0;
	w->neg = 0;
	spt_env_loop(env, (__u32)len, spt_vm_stol_cb, &lc);
	*out = w->neg ? -w->val : w->val;
	return 0;
}

/* STOK: set the bit of each delimiter byte, one per call. */
static long spt_vm_dset_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	__u8 c = vm->wk[1][i & (SPT_STRSIZE - 1)];

	vm->sw.dset[(c >> 3) & 31] |= (__u8)(1 << (c & 7));
	return 0;
}

/*
 * STOK: one byte of the string per call, from tokpos on: delimiters are
 * skipped (phase 0) until the token starts (sw.j), which ends at the next
 * delimiter (sw.o).
 */
static long spt_vm_tok_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	struct spt_vm_sw *w = &vm->sw;
	__u32 k = (vm->tokpos + (__u32)i) & (SPT_STRSIZE - 1);
	__u8 c = vm->tok[k];
	int delim = (w->dset[(c >> 3) & 31] >> (c & 7)) & 1;

	if (w->phase == 0) {
		if (!delim) {
			w->phase = 1;
			w->j = k;
		}
		return 0;
	}
	if (delim) {
		w->o = k;
		return 1;
	}
	return 0;
}

/*
 * strtok(A, B) into string slot IMM: A is copied and kept (vm->tok) unless
 * IMM has SPT_STOK_CONT, when the previous string goes on; the next token
 * is the first run of bytes none of which is in B, and the search goes on
 * after the delimiter that ends it. NULL when no token is left.
 */
static __always_inline int spt_vm_stok(struct spt_vm *vm, SPT_VM_ENV *env, __u32 imm, __u64 a,
				       __u64 b, __u64 *out)
{
	struct spt_vm_sw *w = &vm->sw;
	struct spt_vm_lctx lc = { vm, env };
	__u32 slot = imm & (SPT_NSTR - 1), n, left;
	int len, m, i;

	if (!(imm & SPT_STOK_CONT)) {
		len = spt_vm_wkload(vm, env, 0, a);
		if (len < 0)
			return -1;
		spt_env_strncpy(env, vm->tok, vm->wk[0], SPT_STRSIZE);
		vm->toklen = (__u32)len;
		vm->tokpos = 0;
	}
	m = spt_vm_wkload(vm, env, 1, b);
	if (m < 0)
		return -1;
	for (i = 0; i < 32; i++)
		w->dset[i] = 0;
	spt_env_loop(env, (__u32)m, spt_vm_dset_cb, &lc);
	vm->toklen &= SPT_STRSIZE - 1;
	if (vm->tokpos > vm->toklen)
		vm->tokpos = vm->toklen;
	left = vm->toklen - vm->tokpos;
	w->phase = 0;
	w->j = 0;
	w->o = vm->toklen;
	spt_env_loop(env, left & (SPT_STRSIZE - 1), spt_vm_tok_cb, &lc);
	if (w->phase == 0) {
		vm->tokpos = vm->toklen;
		*out = 0;
		return 0;
	}
	/* The token [j, o), and the search goes on after its delimiter. */
	n = (w->o - w->j) & (SPT_STRSIZE - 1);
	SPT_FRESH(n);
	spt_env_strncpy(env, vm->str + slot * SPT_STRSIZE, vm->tok + (w->j & (SPT_STRSIZE - 1)),
			n + 1);
	vm->tokpos = w->o < vm->toklen ? w->o + 1 : w->o;
	*out = SPT_SREF_VM + slot * SPT_STRSIZE;
	return 0;
}

/*
 * SCLEAN: one byte of the path in wk[0] per call, the end (call len) read
 * as a '/'. A component's bytes are written to wk[1] at sw.o as they come
 * (after a '/' when the output has something); at its '/' it is kept (its
 * output length before it pushed on sw.stk) or dropped: "" and "." always,
 * ".." by popping the last kept name, or, with none, kept at the front of
 * a relative path and dropped from an absolute one.
 */
static long spt_vm_clean_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	struct spt_vm_sw *w = &vm->sw;
	__u32 k = (__u32)i & (SPT_STRSIZE - 1), cs = w->cs & (SPT_STRSIZE - 1), clen;
	__u8 c = (__u32)i < w->len ? vm->wk[0][k] : '/';

	if (c != '/') {
		if (w->o < SPT_STRSIZE - 1)
			vm->wk[1][w->o & (SPT_STRSIZE - 1)] = c;
		w->o++;
		return 0;
	}
	clen = k - cs;
	if (clen == 0 || (clen == 1 && vm->wk[0][cs] == '.')) {
		/* nothing to keep */
	} else if (clen == 2 && vm->wk[0][cs] == '.' && vm->wk[0][cs + 1] == '.') {
		if (w->ncomp > w->ups) {
			w->ncomp--;
			w->j = vm->sw.stk[w->ncomp & 127];
		} else if (!w->absl) {
			w->stk[w->ncomp & 127] = (__u8)w->j;
			w->ncomp++;
			w->ups++;
			w->j = w->o;
		}
	} else {
		w->stk[w->ncomp & 127] = (__u8)w->j;
		w->ncomp++;
		w->j = w->o;
	}
	if (w->j > SPT_STRSIZE - 2)
		w->j = SPT_STRSIZE - 2;
	w->cs = k + 1;
	w->o = w->j;
	if (w->j > w->absl) {
		vm->wk[1][w->o & (SPT_STRSIZE - 1)] = '/';
		w->o++;
	}
	return 0;
}

/*
 * cleanpath(A) into string slot SLOT, as dtrace-utils cleans a path: ""
 * stays "", a name that cleans away to nothing is ".", an absolute one
 * "/"; a trailing slash is kept.
 */
static __always_inline int spt_vm_sclean(struct spt_vm *vm, SPT_VM_ENV *env, __u32 slot, __u64 a,
					 __u64 *out)
{
	struct spt_vm_sw *w = &vm->sw;
	struct spt_vm_lctx lc = { vm, env };
	int len = spt_vm_wkload(vm, env, 0, a);
	__u32 j;

	if (len < 0)
		return -1;
	slot &= SPT_NSTR - 1;
	w->len = (__u32)len;
	w->absl = len > 0 && vm->wk[0][0] == '/';
	w->j = w->absl;
	w->o = w->j;
	w->cs = 0;
	w->ncomp = 0;
	w->ups = 0;
	vm->wk[1][0] = '/';
	if (len > 0)
		spt_env_loop(env, (__u32)len + 1, spt_vm_clean_cb, &lc);
	j = w->j & (SPT_STRSIZE - 1);
	if (len > 1 && vm->wk[0][(len - 1) & (SPT_STRSIZE - 1)] == '/' && j > w->absl &&
	    j < SPT_STRSIZE - 1)
		vm->wk[1][j++] = '/';
	if (len > 0 && j == 0)
		vm->wk[1][j++] = '.';
	vm->wk[1][j & (SPT_STRSIZE - 1)] = 0;
	spt_env_strncpy(env, vm->str + slot * SPT_STRSIZE, vm->wk[1], SPT_STRSIZE);
	*out = SPT_SREF_VM + slot * SPT_STRSIZE;
	return 0;
}

#ifndef SPT_VM_STKOP
#define SPT_VM_STKOP static __always_inline
#endif

/* DPATH, up: one step from the dentry towards the root (a mount crossed is a step). */
static long spt_vm_dpath_up_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	SPT_VM_ENV *env = ((struct spt_vm_lctx *)ctx)->env;
	struct spt_vm_dp *dp = &vm->dp;
	__u64 root = 0, parent = 0, mnt, mp = 0, at;

	(void)i;
	if (dp->d == dp->rootd && dp->vfs == dp->rootm)
		return 1; /* the process's root */
	at = dp->vfs + dp->off[SPT_DP_MNT_ROOT];
	if (spt_env_read(env, at, 8, &root))
		goto bad;
	if (dp->d == root) {
		/* the root of its mount: on to the mount point, one mount up */
		mnt = dp->vfs - dp->off[SPT_DP_MOUNT_MNT];
		at = mnt + dp->off[SPT_DP_MNT_PARENT];
		if (spt_env_read(env, at, 8, &mp))
			goto bad;
		if (mp == mnt)
			return 1; /* the namespace's root */
		at = mnt + dp->off[SPT_DP_MOUNTPOINT];
		if (spt_env_read(env, at, 8, &dp->d))
			goto bad;
		dp->vfs = mp + dp->off[SPT_DP_MOUNT_MNT];
		return 0;
	}
	at = dp->d + dp->off[SPT_DP_PARENT];
	if (spt_env_read(env, at, 8, &parent))
		goto bad;
	if (parent == dp->d || dp->n >= SPT_DP_MAX)
		return 1; /* a root of no mount here (a detached tree), or too deep */
	((__u64 *)vm->wk[1])[dp->n & (SPT_DP_MAX - 1)] = dp->d;
	dp->n++;
	dp->d = parent;
	return 0;
bad:
	dp->err = 1;
	dp->fault = at;
	return 1;
}

/* DPATH, down: component I (the outermost first) as "/name" onto the path in wk[0]. */
static long spt_vm_dpath_name_cb(__u64 i, void *ctx)
{
	struct spt_vm *vm = ((struct spt_vm_lctx *)ctx)->vm;
	SPT_VM_ENV *env = ((struct spt_vm_lctx *)ctx)->env;
	struct spt_vm_dp *dp = &vm->dp;
	__u64 d, name = 0, len = 0;
	__u32 pos = dp->pos;

	if ((__u32)i >= dp->n || pos >= SPT_STRSIZE - 1)
		return 1;
	d = ((__u64 *)vm->wk[1])[(dp->n - 1 - (__u32)i) & (SPT_DP_MAX - 1)];
	if (spt_env_read(env, d + dp->off[SPT_DP_NAME], 8, &name) ||
	    spt_env_read(env, d + dp->off[SPT_DP_LEN], 4, &len)) {
		dp->err = 1;
		dp->fault = d;
		return 1;
	}
	vm->wk[0][pos & (SPT_STRSIZE - 1)] = '/';
	pos++;
	len &= 0xffffffff;
	if (len > SPT_STRSIZE - 1 - pos)
		len = SPT_STRSIZE - 1 - pos;
	if (len && spt_env_memcpy(env, vm->wk[0] + (pos & (SPT_STRSIZE - 1)), name,
				  (__u32)len & (SPT_STRSIZE - 1), 1)) {
		dp->err = 1;
		dp->fault = name;
		return 1;
	}
	dp->pos = pos + (__u32)len;
	return 0;
}

/* A loop kept a loop in the BPF object (clang would unroll it into many instructions). */
#ifdef __clang__
#define SPT_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define SPT_NO_UNROLL
#endif

/* Do the first N bytes at A equal those of S (N a constant: no memcmp call in BPF)? */
static __always_inline int spt_vm_same(const __u8 *a, const char *s, __u32 n)
{
	__u32 i;

	for (i = 0; i < n; i++)
		if (a[i] != (__u8)s[i])
			return 0;
	return 1;
}

/* Read 8 bytes at AT into *V; on failure, note AT as DPATH's fault. */
static __always_inline int spt_vm_dp_read(struct spt_vm *vm, SPT_VM_ENV *env, __u64 at, __u64 *v)
{
	if (!spt_env_read(env, at, 8, v))
		return 0;
	vm->dp.err = 1;
	vm->dp.fault = at;
	return -1;
}

/*
 * A dentry that names itself (d_op->d_dname): the kernel's names of pipes,
 * sockets and anonymous inodes into wk[0], DP.pos their length; 0 when D
 * is not one of those (the walk names it), -1 for a failed read.
 */
static __always_inline int spt_vm_dp_special(struct spt_vm *vm, SPT_VM_ENV *env, __u64 d)
{
	struct spt_vm_dp *dp = &vm->dp;
	__u64 op = 0, fn = 0, sb = 0, st = 0, name = 0, ino = 0, x = 0;
	__u8 *fs = dp->fs, *dig = dp->dig, *o = vm->wk[0];
	__u32 pos = 0, nd = 0, i;

	if (spt_vm_dp_read(vm, env, d + dp->off[SPT_DP_OP], &op))
		return -1;
	if (!op)
		return 0;
	if (spt_vm_dp_read(vm, env, op + dp->off[SPT_DP_DNAME], &fn))
		return -1;
	if (!fn)
		return 0;
	if (spt_vm_dp_read(vm, env, d + dp->off[SPT_DP_SB], &sb) ||
	    spt_vm_dp_read(vm, env, sb + dp->off[SPT_DP_STYPE], &st) ||
	    spt_vm_dp_read(vm, env, st + dp->off[SPT_DP_FSNAME], &name))
		return -1;
	__builtin_memset(fs, 0, sizeof(dp->fs));
	if (spt_env_kstr(env, fs, name, sizeof(dp->fs)))
		return 0;
	if (spt_vm_same(fs, "anon_inodefs", 13)) {
		__u64 len = 0;

		if (spt_vm_dp_read(vm, env, d + dp->off[SPT_DP_NAME], &name) ||
		    spt_env_read(env, d + dp->off[SPT_DP_LEN], 4, &len))
			return -1;
		__builtin_memcpy(o, "anon_inode:", 11);
		len &= 0xffffffff;
		if (len > SPT_STRSIZE - 12)
			len = SPT_STRSIZE - 12;
		if (len && spt_env_memcpy(env, o + 11, name, (__u32)len & (SPT_STRSIZE - 1), 1))
			return -1;
		dp->pos = 11 + (__u32)len;
		return 1;
	}
	if (spt_vm_same(fs, "pipefs", 7)) {
		__builtin_memcpy(o, "pipe:[", 6);
		pos = 6;
	} else if (spt_vm_same(fs, "sockfs", 7)) {
		__builtin_memcpy(o, "socket:[", 8);
		pos = 8;
	} else {
		return 0;
	}
	if (spt_vm_dp_read(vm, env, d + dp->off[SPT_DP_INODE], &x) ||
	    spt_vm_dp_read(vm, env, x + dp->off[SPT_DP_INO], &ino))
		return -1;
	SPT_NO_UNROLL
	do {
		dig[nd & 31] = (__u8)('0' + ino % 10);
		ino /= 10;
		nd++;
	} while (ino && nd < 20);
	SPT_NO_UNROLL
	for (i = 0; i < 20 && i < nd; i++)
		o[(pos + i) & 31] = dig[(nd - 1 - i) & 31];
	o[(pos + nd) & 31] = ']';
	dp->pos = pos + nd + 1;
	return 1;
}

/*
 * DPATH (isa.h), the walk set up in vm->dp: the path into string slot
 * SLOT. The kernel makes this a global function: verified on its own, so
 * its frame and its loops' callbacks do not add to the VM's call chain,
 * which Linux 6.1 bounds (512 bytes of stack over the deepest chain).
 * Returns 0, or -1 when a read failed (dp.fault says where).
 */
SPT_VM_STKOP long spt_vm_dpath(struct spt_vm *vm, SPT_VM_ENV *env, __u32 slot)
{
	struct spt_vm_lctx lc = { vm, env };
	struct spt_vm_dp *dp;
	int special;

	if (!vm || !env)
		return -1;
	dp = &vm->dp;
	dp->n = 0;
	dp->pos = 0;
	dp->err = 0;
	special = spt_vm_dp_special(vm, env, dp->d);
	if (special < 0)
		return -1;
	if (!special) {
		spt_env_loop(env, 2 * SPT_DP_MAX, spt_vm_dpath_up_cb, &lc);
		if (dp->err)
			return -1;
		spt_env_loop(env, SPT_DP_MAX, spt_vm_dpath_name_cb, &lc);
		if (dp->err)
			return -1;
	}
	if (!dp->pos) {
		vm->wk[0][0] = '/';
		dp->pos = 1;
	}
	vm->wk[0][dp->pos & (SPT_STRSIZE - 1)] = 0;
	spt_env_strncpy(env, vm->str + (slot & (SPT_NSTR - 1)) * SPT_STRSIZE, vm->wk[0],
			SPT_STRSIZE);
	return 0;
}
/* The rest of a long aggregation key zeroed (a loop: too long for clang's inline memset). */
SPT_VM_STKOP int spt_vm_keyzero(struct spt_vm *vm)
{
	__u32 i;

	if (!vm)
		return -1;
	for (i = SPT_KEY_SIZE / 8; i < SPT_AGGKEY_MAX / 8; i++) {
		SPT_FRESH(i); /* not a memset call */
		((__u64 *)vm->key)[i & (SPT_AGGKEY_MAX / 8 - 1)] = 0;
	}
	return 0;
}

/* A stack store's value: the frames. */
struct spt_stkwords {
	__u64 w[SPT_STACK_MAX];
};

/*
 * The hash and the comparison of a stack's first N words are global
 * functions in the kernel (SPT_VM_STKOP): verified once, their loops'
 * exits do not split the caller's knowledge of N into a state per
 * iteration (inlined, the four probes of spt_vm_stkintern multiplied
 * those past the verifier's limit).
 */
SPT_VM_STKOP __u64 spt_vm_stkhash(struct spt_vm *vm, __u32 n)
{
	__u64 h = 0x9e3779b97f4a7c15ULL ^ n;
	__u32 i;

	if (!vm)
		return 0;
	for (i = 0; i < SPT_STACK_MAX; i++) {
		if (i >= n)
			break;
		h = (h ^ vm->stk[i]) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	return h;
}

/* The first N (at most SPT_STACK_MAX) words of vm->stk and of V are equal. */
SPT_VM_STKOP int spt_vm_stkeq(struct spt_vm *vm, const struct spt_stkwords *v, __u32 n)
{
	__u32 i;

	if (!vm || !v)
		return 0;
	for (i = 0; i < SPT_STACK_MAX; i++) {
		if (i >= n)
			break;
		if (v->w[i] != vm->stk[i])
			return 0;
	}
	return 1;
}

/*
 * The stack-store key (isa.h SPT_STKSTORE_KEY) of the first N words of
 * vm->stk, stored there if they are not yet: 0 when the store is full or
 * every key the hash allows holds another stack. Equal frames give equal
 * keys, so an aggregation key hashes and compares 8 bytes for them.
 */
static __always_inline __u64 spt_vm_stkintern(struct spt_vm *vm, SPT_VM_ENV *env, __u32 n)
{
	__u64 h = spt_vm_stkhash(vm, n), key;
	const __u64 *v;
	__u32 k;

	for (k = 0; k < SPT_STKSTORE_PROBES; k++) {
		key = SPT_STKSTORE_KEY(h + k, n);
		v = spt_env_stkget(env, key);
		if (!v) {
			if (!spt_env_stkput(env, key, vm->stk))
				return key;
			/* another CPU stored under it first, or the store is full */
			v = spt_env_stkget(env, key);
			if (!v)
				return 0;
		}
		if (spt_vm_stkeq(vm, (const struct spt_stkwords *)v, n))
			return key;
	}
	return 0;
}

/*
 * STACK (isa.h): the stack into vm->stk, then FRAMES words of it (zero
 * after its end) into the field at OFF of the record, or their
 * stack-store key into the key area's (SPT_STACK_KFIELD). The
 * kernel makes this a global function (SPT_VM_STKOP). Returns the depth or
 * caller, or -1 for illegal operands.
 */
SPT_VM_STKOP long spt_vm_stackop(struct spt_vm *vm, SPT_VM_ENV *env, __u32 flags, __u32 arg,
				 __u32 off)
{
	__u32 frames = arg & 0xffff, win = (arg >> 16) & (SPT_STACK_WINDOW_MAX * 2 - 1) & ~7u;
	__u64 *dst, *regs;
	long depth;

	if (!vm || !env)
		return -1;
	depth = spt_env_stack(env, vm->stk, flags & SPT_STK_USER);
	if (depth < 0)
		depth = 0;
	if (depth > SPT_STACK_MAX)
		depth = SPT_STACK_MAX;
	if (flags & SPT_STK_CALLER)
		return depth > 1 ? (long)vm->stk[1] : 0;
	if (!(flags & (SPT_STK_REC | SPT_STK_KEY)))
		return depth;
	if (frames < 1 || frames > SPT_STACK_MAX)
		return -1;
	if (flags & SPT_STK_KEY) {
		if (off > SPT_AGGKEY_MAX - SPT_STACK_KFIELD)
			return -1;
		dst = (__u64 *)(vm->key + (off & (SPT_AGGKEY_MAX - 1) & ~7u));
		dst[0] = (__u64)depth;
		dst[1] = (flags & SPT_STK_USER) ? (__u32)spt_env_builtin(env, SPT_B_PID) :
						  (__u64)((arg >> 16) & 0x7f) << 32;
		dst[2] = spt_vm_stkintern(vm, env, depth < frames ? (__u32)depth : frames);
		if (!dst[2])
			vm->keydrop = 1;
		return depth;
	} else {
		if (off > SPT_REC_MAX - SPT_STACK_FIELD(frames))
			return -1;
		dst = (__u64 *)(vm->rec + (off & (SPT_REC_MAX - 1) & ~7u));
	}
	dst[0] = (__u64)depth;
	/* a kernel stack: the frames to show past the tracing glue in word 1's upper half */
	dst[1] = (flags & SPT_STK_USER) ? (__u32)spt_env_builtin(env, SPT_B_PID) :
					  (__u64)((arg >> 16) & 0x7f) << 32;
	/*
	 * One copy of the frame words: vm->stk is zero after the stack's end
	 * (bpf_get_task_stack clears the rest of its buffer). A per-word loop
	 * here cost Linux 6.1's verifier over a million instructions.
	 */
	spt_env_vcopy(env, (__u8 *)(dst + 2), (const __u8 *)vm->stk, (frames & 127) * 8);
	if ((flags & (SPT_STK_REGS | SPT_STK_USER | SPT_STK_REC)) !=
	    (SPT_STK_REGS | SPT_STK_USER | SPT_STK_REC))
		return depth;
	if (win > SPT_STACK_WINDOW_MAX || off > SPT_REC_MAX - SPT_STACK_RFIELD(frames, win))
		return -1;
	dst[1] |= (__u64)frames << 32;
	regs = dst + 2 + (frames & 127);
	spt_env_uregs(env, regs);
	/* pt_regs: sp is word 19 */
	regs[SPT_UREGS] = (__u64)spt_env_ucopy(env, (__u8 *)(regs + SPT_UREGS + 1), win, regs[19]);
	return depth;
}

/*
 * The string primitives' instructions: OP with IMM on operands A, B and
 * D (r[dst] before); the result in vm->sw.out. Returns nonzero when the
 * operands are illegal. The kernel makes this a global function
 * (SPT_VM_STROP), verified once on its own.
 */
#ifndef SPT_VM_STROP
#define SPT_VM_STROP static __always_inline
#endif
SPT_VM_STROP int spt_vm_strop(struct spt_vm *vm, SPT_VM_ENV *env, __u64 insn, __u64 a, __u64 b)
{
	struct spt_insn in;
	__u64 *out, d;
	__s32 imm;
	__u32 op;

	if (!vm || !env)
		return -1;
	__builtin_memcpy(&in, &insn, sizeof(in));
	op = in.op;
	imm = in.imm;
	d = vm->r[in.dst & (SPT_NREGS - 1)];
	out = &vm->sw.out;
	switch (op) {
	case SPT_OP_SSUB:
		return spt_vm_ssub(vm, env, (__u32)imm, a, (__s64)b, (__s64)d, out);
	case SPT_OP_SFIND:
		return spt_vm_sfind(vm, env, (__u32)imm, a, b, (__s64)d, out);
	case SPT_OP_LTOS:
		return spt_vm_ltos(vm, env, (__u32)imm, a, b, out);
	case SPT_OP_STOL:
		return spt_vm_stol(vm, env, a, b, out);
	case SPT_OP_STOK:
		return spt_vm_stok(vm, env, (__u32)imm, a, b, out);
	case SPT_OP_SCLEAN:
		return spt_vm_sclean(vm, env, (__u32)imm, a, out);
	}
	return -1;
}

/*
 * An opcode the program does not use is an illegal instruction. In the
 * kernel spt_env_op() reads a constant the loader set before load, so the
 * verifier sees which cases cannot be reached and skips them: a program
 * verifies only the handlers its clauses need (see ARCHITECTURE.md).
 */
#define SPT_NEED(op)                        \
	do {                                \
		if (!spt_env_op(env, (op))) \
			goto illop;         \
	} while (0)

/*
 * Execute the instruction at vm->pc of the bytecode INSNS (SPT_MAX_INSNS
 * entries). Returns 0 to go on, 1 when the clause ended (vm->state says
 * how).
 */
static __always_inline int spt_vm_step(struct spt_vm *vm, const struct spt_insn *insns,
				       SPT_VM_ENV *env)
{
	__u32 pc = vm->pc;
	const struct spt_insn *in = &insns[(vm->base + pc) & (SPT_MAX_INSNS - 1)];
	__u8 op = in->op;
	__u32 d = in->dst & (SPT_NREGS - 1);
	__u64 a = vm->r[in->a & (SPT_NREGS - 1)];
	__u64 b = vm->r[in->b & (SPT_NREGS - 1)];
	__s32 imm = in->imm;
	__u64 v = 0;
	__u8 *p;

	vm->pc = pc + 1;
	switch (op) {
	case SPT_OP_NOP:
		return 0;
	case SPT_OP_RET:
		vm->state = SPT_VM_DONE;
		return 1;
	case SPT_OP_PRED:
		if (a)
			return 0;
		vm->state = SPT_VM_SKIP;
		return 1;
	case SPT_OP_JMP:
		vm->pc = pc + 1 + (__u32)imm;
		return 0;
	case SPT_OP_JZ:
		if (!a)
			vm->pc = pc + 1 + (__u32)imm;
		return 0;
	case SPT_OP_JNZ:
		if (a)
			vm->pc = pc + 1 + (__u32)imm;
		return 0;
	case SPT_OP_LDI:
		v = (__u64)(__s64)imm;
		break;
	case SPT_OP_LDI64: {
		const struct spt_insn *hi = &insns[(vm->base + pc + 1) & (SPT_MAX_INSNS - 1)];

		v = (__u64)(__u32)imm | (__u64)(__u32)hi->imm << 32;
		vm->pc = pc + 2;
		break;
	}
	case SPT_OP_MOV:
		v = a;
		break;
	case SPT_OP_ADD:
		v = a + b;
		break;
	case SPT_OP_SUB:
		v = a - b;
		break;
	case SPT_OP_MUL:
		v = a * b;
		break;
	case SPT_OP_SDIV:
	case SPT_OP_SREM:
	case SPT_OP_UDIV:
	case SPT_OP_UREM:
		/*
		 * dtrace-utils' results: an unsigned division by 0 does not
		 * fault (BPF's: / gives 0, % the dividend), a signed one does;
		 * signed / and % work on the magnitudes and take the sign
		 * sign(a) xor sign(b), so 7 % -2 is -1 (C says 1).
		 */
		if (op == SPT_OP_UDIV) {
			v = b ? a / b : 0;
		} else if (op == SPT_OP_UREM) {
			v = b ? a % b : a;
		} else {
			int na = (__s64)a < 0, nb = (__s64)b < 0;
			__u64 ma = na ? -a : a, mb = nb ? -b : b;

			if (!b) {
				spt_vm_fault(vm, pc, SPT_FLT_DIVZERO, 0);
				return 1;
			}
			v = op == SPT_OP_SDIV ? ma / mb : ma % mb;
			if (na != nb)
				v = -v;
		}
		break;
	case SPT_OP_AND:
		v = a & b;
		break;
	case SPT_OP_OR:
		v = a | b;
		break;
	case SPT_OP_XOR:
		v = a ^ b;
		break;
	case SPT_OP_SHL:
		v = a << (b & 63);
		break;
	case SPT_OP_LSR:
		v = a >> (b & 63);
		break;
	case SPT_OP_ASR:
		v = (__u64)((__s64)a >> (b & 63));
		break;
	case SPT_OP_NEG:
		v = -a;
		break;
	case SPT_OP_NOT:
		v = ~a;
		break;
	case SPT_OP_LNOT:
		v = !a;
		break;
	case SPT_OP_EQ:
		v = a == b;
		break;
	case SPT_OP_NE:
		v = a != b;
		break;
	case SPT_OP_SLT:
		v = (__s64)a < (__s64)b;
		break;
	case SPT_OP_SLE:
		v = (__s64)a <= (__s64)b;
		break;
	case SPT_OP_ULT:
		v = a < b;
		break;
	case SPT_OP_ULE:
		v = a <= b;
		break;
	case SPT_OP_SEXT:
		v = spt_vm_ext(a, in->b, 1);
		break;
	case SPT_OP_ZEXT:
		v = spt_vm_ext(a, in->b, 0);
		break;
	case SPT_OP_LDB:
		v = spt_env_builtin(env, (__u32)imm);
		break;
	case SPT_OP_LDG:
		SPT_NEED(SPT_OP_LDG);
		p = spt_env_globals(env);
		if (!p)
			goto illop;
		v = *(__u64 *)(p + ((__u32)imm & (SPT_GLOBALS_MAX - 8)));
		break;
	case SPT_OP_STG:
		SPT_NEED(SPT_OP_STG);
		p = spt_env_globals(env);
		if (!p)
			goto illop;
		*(__u64 *)(p + ((__u32)imm & (SPT_GLOBALS_MAX - 8))) = a;
		return 0;
	case SPT_OP_LDT:
		SPT_NEED(SPT_OP_LDT);
		v = *(__u64 *)(vm->thisv + ((__u32)imm & (SPT_THIS_MAX - 8)));
		break;
	case SPT_OP_STT:
		SPT_NEED(SPT_OP_STT);
		*(__u64 *)(vm->thisv + ((__u32)imm & (SPT_THIS_MAX - 8))) = a;
		return 0;
	case SPT_OP_REC:
		SPT_NEED(SPT_OP_REC);
		/* Fields are naturally aligned: the offset is rounded down to the width. */
		p = vm->rec + ((__u32)imm & (SPT_REC_MAX - 1) & ~((__u32)in->b - 1));
		switch (in->b) {
		case 1:
			*p = (__u8)a;
			return 0;
		case 2:
			*(__u16 *)p = (__u16)a;
			return 0;
		case 4:
			*(__u32 *)p = (__u32)a;
			return 0;
		case 8:
			*(__u64 *)p = a;
			return 0;
		}
		goto illop;
	case SPT_OP_EXIT:
		vm->exiting = 1;
		vm->exit_status = (__s64)a;
		return 0;
	case SPT_OP_LDS:
		SPT_NEED(SPT_OP_LDS);
		v = spt_env_tls_load(env, (__u32)imm);
		break;
	case SPT_OP_STS:
		SPT_NEED(SPT_OP_STS);
		spt_env_tls_store(env, (__u32)imm, a);
		return 0;
	case SPT_OP_SCMP: {
		SPT_NEED(SPT_OP_SCMP);
		__u8 *x = spt_vm_sref(vm, env, a), *y = spt_vm_sref(vm, env, b);

		if (!x || !y)
			goto illop;
		v = (__u64)(__s64)spt_env_strcmp(env, x, y);
		break;
	}
	case SPT_OP_SLEN:
		SPT_NEED(SPT_OP_SLEN);
		p = spt_vm_sref(vm, env, a);
		if (!p)
			goto illop;
		v = spt_env_strlen(env, p);
		break;
	case SPT_OP_SCPY: {
		SPT_NEED(SPT_OP_SCPY);
		/* Copy string r[a] to the string reference imm (a variable's storage). */
		__u8 *src = spt_vm_sref(vm, env, a), *dst;

		dst = spt_vm_sref(vm, env, (__u32)imm);
		if (!src || !dst || (__u32)imm < SPT_SREF_VM)
			goto illop;
		spt_env_strcpy(env, dst, src);
		return 0;
	}
	case SPT_OP_RECS: {
		SPT_NEED(SPT_OP_RECS);
		__u8 *src = spt_vm_sref(vm, env, a);
		__u32 size = in->b;

		if (!src)
			goto illop;
		/* b: the field's size in 8-byte units, 1..SPT_STRSIZE / 8 (0 reads as the most) */
		SPT_FRESH(size);
		size = (((size - 1) & (SPT_STRSIZE / 8 - 1)) + 1) * 8;
		/* a string is cut at strsize as it is recorded */
		if (size > spt_env_strcap(env))
			size = spt_env_strcap(env);
		spt_env_strncpy(env, vm->rec + ((__u32)imm & (SPT_REC_MAX - 1)), src, size);
		return 0;
	}
	case SPT_OP_CPYIN:
		SPT_NEED(SPT_OP_CPYIN);
		/* r[dst] = copyinstr(r[a]) into string slot b; imm: 1 + the max's register */
		p = vm->str + ((__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE);
		if (spt_env_copyinstr(env, p, a)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
			return 1;
		}
		if (imm) {
			/* copyinstr(a, max): at most max - 1 characters */
			__u64 m = vm->r[(imm - 1) & (SPT_NREGS - 1)];

			if (m < SPT_STRSIZE)
				p[(m ? m - 1 : 0) & (SPT_STRSIZE - 1)] = 0;
		}
		v = SPT_SREF_VM + (__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE;
		break;
	case SPT_OP_EXECN:
		SPT_NEED(SPT_OP_EXECN);
		/* execname: the task's comm in string slot 0. */
		spt_env_execname(env, vm->str);
		v = SPT_SREF_VM;
		break;
	case SPT_OP_KINIT:
		SPT_NEED(SPT_OP_KINIT);
		/* Straight-line stores: a loop here costs the verifier a state per pass. */
		__builtin_memset(vm->key, 0, SPT_KEY_SIZE);
		if ((__u32)imm & SPT_KEY_BIG)
			spt_vm_keyzero(vm);
		*(__u64 *)vm->key = (__u32)imm & ~(__u32)SPT_KEY_BIG;
		vm->keydrop = 0;
		return 0;
	case SPT_OP_KINT:
		SPT_NEED(SPT_OP_KINT);
		if ((__u32)imm > SPT_AGGKEY_MAX - 8)
			goto illop;
		*(__u64 *)(vm->key + ((__u32)imm & (SPT_AGGKEY_MAX - 1) & ~7u)) = a;
		return 0;
	case SPT_OP_KSTR: {
		SPT_NEED(SPT_OP_KSTR);
		__u8 *src = spt_vm_sref(vm, env, a);

		__u32 k = (__u32)imm;

		if (!src || k > SPT_AGGKEY_MAX - SPT_STRSIZE)
			goto illop;
		SPT_FRESH(k);
		spt_env_strcpy(env, vm->key + (k & (SPT_AGGKEY_MAX - 1)), src);
		return 0;
	}
	case SPT_OP_ALDI: {
		SPT_NEED(SPT_OP_ALDI);
		const __u8 *val = spt_env_assoc_get(env, vm->key);

		v = val ? *(const __u64 *)val : 0;
		break;
	}
	case SPT_OP_ALDS: {
		SPT_NEED(SPT_OP_ALDS);
		const __u8 *val = spt_env_assoc_get(env, vm->key);

		/* An absent element reads as NULL (reference 0, the empty string). */
		v = 0;
		if (val) {
			p = vm->str + ((__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE);
			spt_env_strcpy(env, p, val);
			v = SPT_SREF_VM + (__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE;
		}
		break;
	}
	case SPT_OP_ASTI:
		SPT_NEED(SPT_OP_ASTI);
		if (!a) {
			spt_env_assoc_del(env, vm->key);
			return 0;
		}
		*(__u64 *)vm->aval = a;
		if (spt_env_assoc_put(env, vm->key, vm->aval))
			vm->dyndrop++;
		return 0;
	case SPT_OP_ASTS: {
		SPT_NEED(SPT_OP_ASTS);
		__u8 *src = spt_vm_sref(vm, env, a);

		/* Storing NULL (a failed strchr, say) deletes, as storing 0 does. */
		if (!a) {
			spt_env_assoc_del(env, vm->key);
			return 0;
		}
		if (!src)
			goto illop;
		spt_env_strcpy(env, vm->aval, src);
		if (spt_env_assoc_put(env, vm->key, vm->aval))
			vm->dyndrop++;
		return 0;
	}
	case SPT_OP_AGG:
		SPT_NEED(SPT_OP_AGG);
		return spt_vm_agg(vm, env, pc, (__u32)imm, a, b);
	case SPT_OP_SPECN:
		SPT_NEED(SPT_OP_SPECN);
		v = spt_env_speculation(env);
		break;
	case SPT_OP_SPEC:
		SPT_NEED(SPT_OP_SPEC);
		/*
		 * As dtrace-utils: speculate() of 0, of an id above nspec, of a
		 * slot not active (never taken, committing, discarding) skips
		 * the rest of the clause silently, its assignments too.
		 */
		if (!spt_env_speculate(env, a)) {
			vm->state = SPT_VM_SKIP;
			return 1;
		}
		vm->specd = 1;
		vm->spec = a <= SPT_NSPEC_MAX ? (__u32)a : 0;
		vm->specroom = spt_env_specroom(env, vm->spec);
		return 0;
	case SPT_OP_BOUND:
		SPT_NEED(SPT_OP_BOUND);
		if (a >= (__u64)(__u32)imm) {
			spt_vm_fault(vm, pc, SPT_FLT_BADINDEX, a);
			return 1;
		}
		return 0;
	case SPT_OP_SPECCHK:
		SPT_NEED(SPT_OP_SPECCHK);
		if (vm->specd && (__u32)imm > vm->specroom) {
			vm->specdrop = 1;
			vm->state = SPT_VM_SKIP;
			return 1;
		}
		return 0;
	case SPT_OP_COMMIT:
		SPT_NEED(SPT_OP_COMMIT);
		/* commit() and discard() of an id above nspec: an illegal operation. */
		if (a > spt_env_nspec(env) || vm->nspecops >= SPT_SPEC_OPS)
			goto illop;
		vm->specops[vm->nspecops & (SPT_SPEC_OPS - 1)] = (__u64)(in->b & 1) << 32 |
								 (a <= SPT_NSPEC_MAX ? a : 0);
		vm->nspecops++;
		return 0;
	case SPT_OP_RAISE:
		SPT_NEED(SPT_OP_RAISE);
		/* As DTrace's: one pending signal, the last raise() wins; stop() apart. */
		if (in->b) {
			vm->dsig |= SPT_DSIG_STOP;
			return 0;
		}
		if (a < 1 || a > SPT_SIG_MAX)
			goto illop;
		vm->dsig = (vm->dsig & SPT_DSIG_STOP) | (__u32)a;
		return 0;
	case SPT_OP_SSUB:
	case SPT_OP_SFIND:
	case SPT_OP_LTOS:
	case SPT_OP_STOL:
	case SPT_OP_STOK:
	case SPT_OP_SCLEAN: {
		if (!(spt_env_op(env, SPT_OP_SSUB) || spt_env_op(env, SPT_OP_SFIND) ||
		      spt_env_op(env, SPT_OP_LTOS) || spt_env_op(env, SPT_OP_STOL) ||
		      spt_env_op(env, SPT_OP_STOK) || spt_env_op(env, SPT_OP_SCLEAN)))
			goto illop;
		__u64 iw;

		__builtin_memcpy(&iw, in, sizeof(iw));
		if (spt_vm_strop(vm, env, iw, a, b))
			goto illop;
		v = vm->sw.out;
		break;
	}
	case SPT_OP_STACK: {
		SPT_NEED(SPT_OP_STACK);
		long sv = spt_vm_stackop(vm, env, in->b, (__u32)a, (__u32)imm);

		if (sv < 0 && !(in->b & SPT_STK_CALLER))
			goto illop;
		v = (__u64)sv;
		break;
	}
	case SPT_OP_LDX:
		SPT_NEED(SPT_OP_LDX);
		if (in->b != 1 && in->b != 2 && in->b != 4 && in->b != 8)
			goto illop;
		v = 0;
		if (!a) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, 0);
			return 1;
		}
		if (spt_env_read(env, a + (__u64)(__s64)imm, in->b, &v)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a + (__u64)(__s64)imm);
			return 1;
		}
		break;
	case SPT_OP_MCPY: {
		__u32 mode = (__u32)imm & 3, off, used = vm->scr_used;
		__u32 lim = spt_env_scratch(env);

		SPT_NEED(SPT_OP_MCPY);
		if (lim > SPT_SCRATCH_MAX)
			lim = SPT_SCRATCH_MAX;
		if (b > lim) {
			spt_vm_fault(vm, pc, SPT_FLT_BADSIZE, b);
			return 1;
		}
		if (mode <= SPT_MCPY_COPYIN) {
			__u32 al = ((__u32)b + 7) & ~7u;

			if (used > lim || al > lim - used) {
				spt_vm_fault(vm, pc, SPT_FLT_NOSCRATCH, b);
				return 1;
			}
			off = used;
			vm->scr_used = used + al;
		} else if ((__u32)imm & SPT_MCPY_TOVAR) {
			/* a variable's bytes: the this-> area or the globals */
			__u64 dv = vm->r[d];

			p = spt_vm_varptr(vm, env, dv, b);
			if (!p) {
				spt_vm_fault(vm, pc, SPT_FLT_BADADDR, dv);
				return 1;
			}
			if (b && spt_env_memcpy(env, p, a, (__u32)b, mode == SPT_MCPY_BCOPY)) {
				spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
				return 1;
			}
			return 0;
		} else {
			__u64 dv = vm->r[d];

			if (dv < vm->scr_base || dv - vm->scr_base > used ||
			    b > used - (dv - vm->scr_base)) {
				spt_vm_fault(vm, pc, SPT_FLT_BADADDR, dv);
				return 1;
			}
			off = (__u32)(dv - vm->scr_base);
		}
		off &= SPT_SCRATCH_MAX - 1;
		SPT_FRESH(off);
		p = vm->scratch + (off & (SPT_SCRATCH_MAX - 1));
		if (mode != SPT_MCPY_ALLOCA && b &&
		    spt_env_memcpy(env, p, a, (__u32)b, mode == SPT_MCPY_BCOPY)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
			return 1;
		}
		if (mode > SPT_MCPY_COPYIN)
			return 0;
		v = vm->scr_base + off;
		break;
	}
	case SPT_OP_RECM: {
		__u32 off = (__u32)imm & (SPT_REC_MAX - 1), n = ((__u32)imm >> 16) & 0x1fff;

		SPT_NEED(SPT_OP_RECM);
		if (((__u32)imm & SPT_RECM_DYN) && (__s64)b >= 0 && b < n)
			n = (__u32)b;
		if (n > SPT_REC_MAX)
			goto illop;
		*(__u64 *)(vm->rec + (off & ~7u)) = n;
		SPT_FRESH(n);
		if (n && spt_env_kread(env, vm->rec + ((off + 8) & (SPT_REC_MAX - 1)), a,
				       n & (2 * SPT_REC_MAX - 1))) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
			return 1;
		}
		return 0;
	}
	case SPT_OP_VADDR:
		SPT_NEED(SPT_OP_VADDR);
		p = (__u32)imm >= SPT_SREF_GLOBALS ? spt_vm_sref(vm, env, (__u32)imm) : NULL;
		if (!p)
			goto illop;
		v = (__u64)(unsigned long)p;
		break;
	case SPT_OP_STX: {
		__u64 o = a - vm->scr_base;

		SPT_NEED(SPT_OP_STX);
		if (imm != 1 && imm != 2 && imm != 4 && imm != 8)
			goto illop;
		if (a >= vm->scr_base && o <= vm->scr_used && (__u64)imm <= vm->scr_used - o) {
			p = vm->scratch + (o & (SPT_SCRATCH_MAX - 1));
		} else {
			/* or a member of a struct value in a variable */
			p = spt_vm_varptr(vm, env, a, (__u64)imm);
			if (!p) {
				spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
				return 1;
			}
		}
		if (imm == 1)
			*p = (__u8)b;
		else if (imm == 2)
			__builtin_memcpy(p, &b, 2);
		else if (imm == 4)
			__builtin_memcpy(p, &b, 4);
		else
			__builtin_memcpy(p, &b, 8);
		return 0;
	}
	case SPT_OP_DPATH: {
		const struct spt_insn *x;
		__u32 k;

		SPT_NEED(SPT_OP_DPATH);
		x = &insns[(vm->base + pc + 1) & (SPT_MAX_INSNS - 1)];
		vm->dp.d = a;
		vm->dp.vfs = b;
		vm->dp.rootd = vm->r[x->a & (SPT_NREGS - 1)];
		vm->dp.rootm = vm->r[x->b & (SPT_NREGS - 1)];
		for (k = 0; k < SPT_DP_NDATA; k++) {
			x = &insns[(vm->base + pc + 1 + k) & (SPT_MAX_INSNS - 1)];
			vm->dp.off[(2 * k) & 15] = (__u16)x->imm;
			vm->dp.off[(2 * k + 1) & 15] = (__u16)((__u32)x->imm >> 16);
		}
		vm->pc = pc + 1 + SPT_DP_NDATA;
		if (spt_vm_dpath(vm, env, (__u32)imm)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, vm->dp.fault);
			return 1;
		}
		v = SPT_SREF_VM + ((__u32)imm & (SPT_NSTR - 1)) * SPT_STRSIZE;
		break;
	}
	case SPT_OP_PSARGS: {
		__u32 slot = (__u32)imm & (SPT_NSTR - 1), i;
		__u64 n = b > a ? b - a : 0;

		SPT_NEED(SPT_OP_PSARGS);
		if (n > SPT_PSARGS_MAX - 1)
			n = SPT_PSARGS_MAX - 1;
		p = vm->str + slot * SPT_STRSIZE;
		if (n && spt_env_memcpy(env, p, a, (__u32)n, 0)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
			return 1;
		}
		/* the area ends with its last argument's NUL, which stays one */
		for (i = 0; i < SPT_PSARGS_MAX; i++) {
			if (i >= n || (i + 1 == n && !p[i]))
				p[i] = 0;
			else if (!p[i])
				p[i] = ' ';
		}
		v = SPT_SREF_VM + slot * SPT_STRSIZE;
		break;
	}
	case SPT_OP_KSTRX: {
		__u32 size = (__u32)imm, slot = in->b & (SPT_NSTR - 1);

		SPT_NEED(SPT_OP_KSTRX);
		if (size > spt_env_strcap(env))
			size = spt_env_strcap(env);
		if (!size)
			size = 1;
		p = vm->str + slot * SPT_STRSIZE;
		if (a && (in->b & SPT_KSTRX_SOFT) && spt_env_kstr(env, p, a, size)) {
			p[0] = 0;
		} else if (!a || spt_env_kstr(env, p, a, size)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
			return 1;
		}
		v = SPT_SREF_VM + slot * SPT_STRSIZE;
		break;
	}
	default:
		goto illop;
	}
	vm->r[d] = v;
	return 0;
illop:
	spt_vm_fault(vm, pc, SPT_FLT_ILLOP, op);
	return 1;
}

#endif /* SPT_VM_IMPL */
