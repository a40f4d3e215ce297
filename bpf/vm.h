/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D virtual machine's core: one instruction per spt_vm_step() call.
 *
 * Built twice from this one source: into the BPF programs, where
 * spt_vm_step() is the body of a bpf_loop callback, and into the host
 * library for tests (tests/unit/test_vm.c), so both run the same code.
 *
 * Types and limits are always visible; the functions only where the
 * includer defines SPT_VM_IMPL and supplies, before including this file:
 *   SPT_VM_ENV (default struct spt_env)             its run context type
 *   __u64 spt_env_builtin(SPT_VM_ENV *, __u32 id)   builtin variables
 *   __u8 *spt_env_globals(SPT_VM_ENV *)             SPT_GLOBALS_MAX + SPT_STRSIZE bytes
 *   const __u8 *spt_env_strtab(SPT_VM_ENV *)        SPT_STRTAB_MAX + SPT_STRSIZE bytes
 *   int spt_env_strcmp(SPT_VM_ENV *, const __u8 *, const __u8 *)  at most SPT_STRSIZE
 *   __u64 spt_env_strlen(SPT_VM_ENV *, const __u8 *)
 *   void spt_env_strcpy(SPT_VM_ENV *, __u8 *dst, const __u8 *src)  SPT_STRSIZE, NUL-padded
 *   int spt_env_copyinstr(SPT_VM_ENV *, __u8 *dst, __u64 uaddr)    0 or <0
 *   void spt_env_execname(SPT_VM_ENV *, __u8 *dst)                  16 bytes
 *   const __u8 *spt_env_assoc_get(SPT_VM_ENV *, const __u8 *key)    value or NULL
 *   int spt_env_assoc_put(SPT_VM_ENV *, const __u8 *key, const __u8 *val)  0 or <0
 *   void spt_env_assoc_del(SPT_VM_ENV *, const __u8 *key)
 *   __u64 spt_env_tls_load(SPT_VM_ENV *, __u32 var)          self-> read, 0 if unset
 *   void spt_env_tls_store(SPT_VM_ENV *, __u32 var, __u64 v)  self-> write, 0 deletes
 *   int spt_env_read(SPT_VM_ENV *, __u64 addr, __u32 size, __u64 *v)  kernel memory, 0 or <0
 *   void spt_env_aggdesc(SPT_VM_ENV *, __u32 id, struct spt_aggdesc *d)  descriptor of @id
 *   __u64 *spt_env_agg(SPT_VM_ENV *, __u32 id, const __u8 *key)  this CPU's value words of
 *           @id (key: the key area, or NULL when keyless), created zeroed; NULL: no space
 *   __u32 spt_env_agg_words(SPT_VM_ENV *)                  words in every value
 *   __s64 spt_env_agg_edge(SPT_VM_ENV *, __u32 i)          histogram edge i
 *   __u64 spt_env_speculation(SPT_VM_ENV *)                a free slot made ACTIVE, or 0
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
#include "abi/spec.h"

#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif

#define SPT_MAX_INSNS 8192	/* bytecode of all clauses (power of two) */
#define SPT_REC_MAX 4096	/* record area: largest record (power of two) */
#define SPT_THIS_MAX 2048	/* this-> variables of a clause (power of two) */
#define SPT_GLOBALS_MAX 16384	/* global variables (power of two) */

/*
 * Strings. A string value is at most SPT_STRSIZE bytes with its NUL. A
 * string register holds a reference: an offset into the string space,
 * which is the concatenation of
 *   [0, SPT_STRTAB_MAX)              the string table (literals, probe names)
 *   [SPT_SREF_VM, + SPT_VMSTR_SIZE)  the VM's string slots (slot 0: execname)
 *   [SPT_SREF_GLOBALS, + GLOBALS)    global variables
 *   [SPT_SREF_THIS, + THIS)          this-> variables
 * Every region has SPT_STRSIZE bytes of slack after it, so a string read
 * of SPT_STRSIZE bytes at any masked offset stays inside.
 */
#define SPT_STRSIZE 256
#define SPT_STRTAB_MAX 16384
#define SPT_NSTR 8
#define SPT_VMSTR_SIZE (SPT_NSTR * SPT_STRSIZE)
#define SPT_SREF_VM SPT_STRTAB_MAX
#define SPT_SREF_GLOBALS (SPT_SREF_VM + SPT_VMSTR_SIZE)
#define SPT_SREF_THIS (SPT_SREF_GLOBALS + SPT_GLOBALS_MAX)
#define SPT_SREF_END (SPT_SREF_THIS + SPT_THIS_MAX)

/*
 * Associative arrays: one hash map for all of them, keyed by SPT_KEY_SIZE
 * bytes (array id, then the tuple: 8 bytes per integer, SPT_STRSIZE per
 * string, zero-filled so equal tuples are equal keys) with SPT_STRSIZE-byte
 * values (an integer in the first 8, or a string).
 */
#define SPT_KEY_SIZE 576
#define SPT_AVAL_SIZE SPT_STRSIZE

enum spt_vm_state {
	SPT_VM_RUN = 0,	/* executing */
	SPT_VM_DONE,	/* RET reached: write the record */
	SPT_VM_SKIP,	/* predicate false: nothing recorded */
	SPT_VM_FAULT,	/* fault, fault_* say which */
};

/* Per-CPU VM state; the kernel keeps it in a per-CPU scratch map. */
struct spt_vm {
	__u64 r[SPT_NREGS];
	__u32 base;		/* first instruction of the running clause */
	__u32 pc;		/* next instruction, relative to base */
	__u32 state;		/* enum spt_vm_state */
	__u32 fault;		/* SPT_FLT_* when state is SPT_VM_FAULT */
	__u32 fault_pc;		/* instruction that faulted, relative to base */
	__u32 exiting;		/* EXIT ran */
	__u32 dyndrop;		/* a store into an associative array found no space */
	__u32 aggdrop;		/* an aggregation found no space for a new key */
	__u32 specd;		/* speculate() ran: the record goes to slot spec */
	__u32 spec;		/* its slot id (0: invalid, the record is discarded) */
	__u32 nspecops;		/* commit/discard calls to make when the clause ends */
	__u32 pad;
	__u64 specops[SPT_SPEC_OPS];	/* op (0 commit, 1 discard) << 32 | slot id */
	__u64 fault_val;	/* address or value of the fault */
	__s64 exit_status;	/* status given to exit() */
	__u8 rec[SPT_REC_MAX + SPT_STRSIZE];	/* record being built, header at 0 */
	__u8 thisv[SPT_THIS_MAX + SPT_STRSIZE];	/* this-> variables */
	__u8 str[SPT_VMSTR_SIZE + SPT_STRSIZE];	/* string slots */
	__u8 key[SPT_KEY_SIZE + SPT_STRSIZE];	/* associative-array key being built */
	__u8 aval[SPT_AVAL_SIZE + 8];		/* value being stored */
};

#endif /* SPT_VM_H */

/* The functions: a second inclusion with SPT_VM_IMPL defined brings them in. */
#if defined(SPT_VM_IMPL) && !defined(SPT_VM_IMPL_DONE)
#define SPT_VM_IMPL_DONE
#ifndef SPT_VM_ENV
#define SPT_VM_ENV struct spt_env
#endif

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
	vm->nspecops = 0;
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
	w = spt_env_agg(env, id & (SPT_AGG_MAX - 1), (d.flags & SPT_AGGF_KEYED) ? vm->key : NULL);
	if (!w) {
		vm->aggdrop = 1;
		return 0;
	}
	switch (d.func) {
	case SPT_AGG_COUNT:
		break;
	case SPT_AGG_SUM:
	case SPT_AGG_AVG:
		w[1] += v;
		break;
	case SPT_AGG_MIN:
		if (!w[0] || (__s64)v < (__s64)w[1])
			w[1] = v;
		break;
	case SPT_AGG_MAX_:
		if (!w[0] || (__s64)v > (__s64)w[1])
			w[1] = v;
		break;
	case SPT_AGG_STDDEV:
		w[1] += v;
		m = (__s64)v < 0 ? -v : v;
		spt_vm_mul128(m, m, &lo, &hi);
		w[2] += lo;
		w[3] += hi + (w[2] < lo);
		break;
	case SPT_AGG_QUANTIZE:
	case SPT_AGG_LQUANTIZE:
	case SPT_AGG_LLQUANTIZE:
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
		spt_vm_fault(vm, pc, SPT_FLT_ILLOP, id);
		return 1;
	}
	w[0]++;
	return 0;
}

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
		if (!b) {
			spt_vm_fault(vm, pc, SPT_FLT_DIVZERO, 0);
			return 1;
		}
		if (op == SPT_OP_UDIV) {
			v = a / b;
		} else if (op == SPT_OP_UREM) {
			v = a % b;
		} else {
			/* Signed through magnitudes: BPF has no signed division before v4. */
			int na = (__s64)a < 0, nb = (__s64)b < 0;
			__u64 ma = na ? -a : a, mb = nb ? -b : b;

			if (op == SPT_OP_SDIV)
				v = (na != nb) ? -(ma / mb) : ma / mb;
			else
				v = na ? -(ma % mb) : ma % mb;
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
		p = spt_env_globals(env);
		if (!p)
			goto illop;
		v = *(__u64 *)(p + ((__u32)imm & (SPT_GLOBALS_MAX - 8)));
		break;
	case SPT_OP_STG:
		p = spt_env_globals(env);
		if (!p)
			goto illop;
		*(__u64 *)(p + ((__u32)imm & (SPT_GLOBALS_MAX - 8))) = a;
		return 0;
	case SPT_OP_LDT:
		v = *(__u64 *)(vm->thisv + ((__u32)imm & (SPT_THIS_MAX - 8)));
		break;
	case SPT_OP_STT:
		*(__u64 *)(vm->thisv + ((__u32)imm & (SPT_THIS_MAX - 8))) = a;
		return 0;
	case SPT_OP_REC:
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
		v = spt_env_tls_load(env, (__u32)imm);
		break;
	case SPT_OP_STS:
		spt_env_tls_store(env, (__u32)imm, a);
		return 0;
	case SPT_OP_SCMP: {
		__u8 *x = spt_vm_sref(vm, env, a), *y = spt_vm_sref(vm, env, b);

		if (!x || !y)
			goto illop;
		v = (__u64)(__s64)spt_env_strcmp(env, x, y);
		break;
	}
	case SPT_OP_SLEN:
		p = spt_vm_sref(vm, env, a);
		if (!p)
			goto illop;
		v = spt_env_strlen(env, p);
		break;
	case SPT_OP_SCPY: {
		/* Copy string r[a] to the string reference imm (a variable's storage). */
		__u8 *src = spt_vm_sref(vm, env, a), *dst;

		dst = spt_vm_sref(vm, env, (__u32)imm);
		if (!src || !dst || (__u32)imm < SPT_SREF_VM)
			goto illop;
		spt_env_strcpy(env, dst, src);
		return 0;
	}
	case SPT_OP_RECS: {
		__u8 *src = spt_vm_sref(vm, env, a);

		if (!src)
			goto illop;
		spt_env_strcpy(env, vm->rec + ((__u32)imm & (SPT_REC_MAX - 1)), src);
		return 0;
	}
	case SPT_OP_CPYIN:
		/* r[dst] = copyinstr(r[a]) into string slot b. */
		p = vm->str + ((__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE);
		if (spt_env_copyinstr(env, p, a)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
			return 1;
		}
		v = SPT_SREF_VM + (__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE;
		break;
	case SPT_OP_EXECN:
		/* execname: the task's comm in string slot 0. */
		spt_env_execname(env, vm->str);
		v = SPT_SREF_VM;
		break;
	case SPT_OP_KINIT:
		/* Straight-line stores: a loop here costs the verifier a state per pass. */
		__builtin_memset(vm->key, 0, SPT_KEY_SIZE);
		*(__u64 *)vm->key = (__u32)imm;
		return 0;
	case SPT_OP_KINT:
		if ((__u32)imm > SPT_KEY_SIZE - 8)
			goto illop;
		*(__u64 *)(vm->key + ((__u32)imm & 1023 & ~7u)) = a;
		return 0;
	case SPT_OP_KSTR: {
		__u8 *src = spt_vm_sref(vm, env, a);

		if (!src || (__u32)imm > SPT_KEY_SIZE - SPT_STRSIZE)
			goto illop;
		spt_env_strcpy(env, vm->key + ((__u32)imm & 1023), src);
		return 0;
	}
	case SPT_OP_ALDI: {
		const __u8 *val = spt_env_assoc_get(env, vm->key);

		v = val ? *(const __u64 *)val : 0;
		break;
	}
	case SPT_OP_ALDS: {
		const __u8 *val = spt_env_assoc_get(env, vm->key);

		p = vm->str + ((__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE);
		if (val)
			spt_env_strcpy(env, p, val);
		else
			p[0] = 0;
		v = SPT_SREF_VM + (__u32)(in->b & (SPT_NSTR - 1)) * SPT_STRSIZE;
		break;
	}
	case SPT_OP_ASTI:
		if (!a) {
			spt_env_assoc_del(env, vm->key);
			return 0;
		}
		*(__u64 *)vm->aval = a;
		if (spt_env_assoc_put(env, vm->key, vm->aval))
			vm->dyndrop = 1;
		return 0;
	case SPT_OP_ASTS: {
		__u8 *src = spt_vm_sref(vm, env, a);

		if (!src)
			goto illop;
		spt_env_strcpy(env, vm->aval, src);
		if (spt_env_assoc_put(env, vm->key, vm->aval))
			vm->dyndrop = 1;
		return 0;
	}
	case SPT_OP_AGG:
		return spt_vm_agg(vm, env, pc, (__u32)imm, a, b);
	case SPT_OP_SPECN:
		v = spt_env_speculation(env);
		break;
	case SPT_OP_SPEC:
		vm->specd = 1;
		vm->spec = a <= SPT_NSPEC_MAX ? (__u32)a : 0;
		return 0;
	case SPT_OP_COMMIT:
		if (vm->nspecops >= SPT_SPEC_OPS)
			goto illop;
		vm->specops[vm->nspecops & (SPT_SPEC_OPS - 1)] =
			(__u64)(in->b & 1) << 32 | (a <= SPT_NSPEC_MAX ? a : 0);
		vm->nspecops++;
		return 0;
	case SPT_OP_LDX:
		if (in->b != 1 && in->b != 2 && in->b != 4 && in->b != 8)
			goto illop;
		v = 0;
		if (spt_env_read(env, a, in->b, &v)) {
			spt_vm_fault(vm, pc, SPT_FLT_BADADDR, a);
			return 1;
		}
		break;
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
