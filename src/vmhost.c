/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The host VM: bpf/vm.h's core with the environment of a test. It runs
 * the very code the kernel runs; only the environment functions differ.
 * A clause that runs past max_steps is stopped with an ILLOP fault, as the
 * kernel's bpf_loop bound would stop it.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <linux/types.h>

#define SPT_VM_IMPL
/* the environment vm.h declares, defined below */
#define SPT_ENV_FN static inline
#include "vm.h"

#include "vmhost.h"

static inline __u64 spt_env_builtin(struct spt_env *env, __u32 id)
{
	return id < SPT_B_NBUILTINS ? env->builtin[id] : 0;
}

/* The host VM has every handler. */
static inline int spt_env_op(struct spt_env *env, __u32 op)
{
	(void)env;
	(void)op;
	return 1;
}

static inline int spt_env_aggfn(struct spt_env *env, __u32 func)
{
	(void)env;
	(void)func;
	return 1;
}

static inline __u8 *spt_env_globals(struct spt_env *env)
{
	return env->globals;
}

static inline __u64 spt_env_tls_load(struct spt_env *env, __u32 var)
{
	return var < VMHOST_TLS_MAX ? env->tls[var] : 0;
}

static inline void spt_env_tls_store(struct spt_env *env, __u32 var, __u64 v)
{
	if (var < VMHOST_TLS_MAX)
		env->tls[var] = v;
}

static inline int spt_env_read(struct spt_env *env, __u64 addr, __u32 size, __u64 *v)
{
	if (addr < env->mem_base || addr - env->mem_base > env->mem_len ||
	    env->mem_len - (addr - env->mem_base) < size)
		return -EFAULT;
	memcpy(v, env->mem + (addr - env->mem_base), size);
	return 0;
}

static inline const __u8 *spt_env_strtab(struct spt_env *env)
{
	static const __u8 empty[SPT_STRTAB_MAX + SPT_STRSIZE];

	return env->strtab ? env->strtab : empty;
}

static inline int spt_env_strcmp(struct spt_env *env, const __u8 *x, const __u8 *y)
{
	int r = strncmp((const char *)x, (const char *)y, SPT_STRSIZE);

	(void)env;
	return r < 0 ? -1 : r > 0;
}

static inline __u32 spt_env_strcap(struct spt_env *env)
{
	return env->strcap && env->strcap < SPT_STRSIZE ? env->strcap : SPT_STRSIZE;
}

static inline __u32 spt_env_scratch(struct spt_env *env)
{
	return env->scratch && env->scratch < SPT_SCRATCH_MAX ? env->scratch : SPT_SCRATCH_MAX;
}

static inline __u64 spt_env_strlen(struct spt_env *env, const __u8 *x)
{
	return strnlen((const char *)x, spt_env_strcap(env) - 1);
}

/* The test's stack, or as the kernel's test runs a fixed stack of three frames. */
static inline long spt_env_stack(struct spt_env *env, __u64 *buf, __u32 user)
{
	(void)user;
	memset(buf, 0, 8 * SPT_STACK_MAX);
	if (env->nframes) {
		uint32_t n = env->nframes < SPT_STACK_MAX ? env->nframes : SPT_STACK_MAX;

		memcpy(buf, env->frames, 8 * n);
		return n;
	}
	buf[0] = 0x1000;
	buf[1] = 0x2000;
	buf[2] = 0x3000;
	return 3;
}

static inline const __u64 *spt_env_stkget(struct spt_env *env, __u64 key)
{
	uint32_t i;

	for (i = 0; i < env->nstk; i++)
		if (env->stk[i].key == key)
			return (const __u64 *)env->stk[i].frames;
	return NULL;
}

/* As BPF_NOEXIST into a preallocated map of stk_max entries. */
static inline int spt_env_stkput(struct spt_env *env, __u64 key, const __u64 *frames)
{
	uint32_t max = env->stk_max && env->stk_max < VMHOST_STK_MAX ? env->stk_max :
								       VMHOST_STK_MAX;

	if (spt_env_stkget(env, key))
		return -EEXIST;
	if (env->nstk >= max)
		return -E2BIG;
	env->stk[env->nstk].key = key;
	memcpy(env->stk[env->nstk].frames, frames, 8 * SPT_STACK_MAX);
	env->nstk++;
	return 0;
}

static inline void spt_env_vcopy(struct spt_env *env, __u8 *dst, const __u8 *src, __u32 size)
{
	(void)env;
	memcpy(dst, src, size & 1023);
}

/* As the kernel's test runs: no user registers, no user memory. */
static inline void spt_env_uregs(struct spt_env *env, __u64 *regs)
{
	(void)env;
	memset(regs, 0, 8 * SPT_UREGS);
}

static inline long spt_env_ucopy(struct spt_env *env, __u8 *dst, __u32 size, __u64 uaddr)
{
	(void)env;
	(void)dst;
	(void)size;
	(void)uaddr;
	return 0;
}

/* As bpf_probe_read_kernel_str: up to the NUL, always terminated, no padding. */
static inline void spt_env_strcpy(struct spt_env *env, __u8 *dst, const __u8 *src)
{
	size_t n = strnlen((const char *)src, spt_env_strcap(env) - 1);

	memmove(dst, src, n);
	dst[n] = 0;
}

/* A kernel string: at most SIZE bytes with the NUL, from the test's window. */
static inline int spt_env_kstr(struct spt_env *env, __u8 *dst, __u64 kaddr, __u32 size)
{
	__u32 i;

	for (i = 0; i + 1 < size; i++) {
		__u64 c;

		if (spt_env_read(env, kaddr + i, 1, &c)) {
			if (!i)
				return -EFAULT;
			break;
		}
		dst[i] = (__u8)c;
		if (!c)
			return 0;
	}
	dst[i] = 0;
	return 0;
}

/* User memory is the test's "kernel memory" window too: a string of strsize. */
static inline int spt_env_copyinstr(struct spt_env *env, __u8 *dst, __u64 uaddr)
{
	return spt_env_kstr(env, dst, uaddr, spt_env_strcap(env));
}

/* User and kernel memory are both the test's window. */
static inline int spt_env_memcpy(struct spt_env *env, __u8 *dst, __u64 src, __u32 size, int kernel)
{
	(void)kernel;
	if (src < env->mem_base || src - env->mem_base > env->mem_len ||
	    env->mem_len - (src - env->mem_base) < size)
		return -EFAULT;
	memcpy(dst, env->mem + (src - env->mem_base), size);
	return 0;
}

static inline int spt_env_kread(struct spt_env *env, __u8 *dst, __u64 src, __u32 size)
{
	return spt_env_memcpy(env, dst, src, size, 1);
}

static inline void spt_env_execname(struct spt_env *env, __u8 *dst)
{
	memcpy(dst, env->comm, sizeof(env->comm));
}

static inline const __u8 *spt_env_assoc_get(struct spt_env *env, const __u8 *key)
{
	size_t i;

	for (i = 0; i < VMHOST_ASSOC_MAX; i++)
		if (env->assoc[i].used && !memcmp(env->assoc[i].key, key, SPT_KEY_SIZE))
			return env->assoc[i].val;
	return NULL;
}

static inline int spt_env_assoc_put(struct spt_env *env, const __u8 *key, const __u8 *val)
{
	__u8 *v = (__u8 *)spt_env_assoc_get(env, key);
	size_t i;

	for (i = 0; !v && i < VMHOST_ASSOC_MAX; i++) {
		if (!env->assoc[i].used) {
			env->assoc[i].used = 1;
			memcpy(env->assoc[i].key, key, SPT_KEY_SIZE);
			v = env->assoc[i].val;
		}
	}
	if (!v)
		return -E2BIG;
	memcpy(v, val, SPT_AVAL_SIZE);
	return 0;
}

static inline void spt_env_assoc_del(struct spt_env *env, const __u8 *key)
{
	size_t i;

	for (i = 0; i < VMHOST_ASSOC_MAX; i++)
		if (env->assoc[i].used && !memcmp(env->assoc[i].key, key, SPT_KEY_SIZE))
			env->assoc[i].used = 0;
}

static inline void spt_env_aggdesc(struct spt_env *env, __u32 id, struct spt_aggdesc *d)
{
	memset(d, 0, sizeof(*d));
	if (env->aggs && id < SPT_AGG_MAX)
		*d = env->aggs[id];
}

static inline __u64 *spt_env_agg(struct spt_env *env, __u32 id, const __u8 *key)
{
	size_t i;

	for (i = 0; i < VMHOST_AGG_MAX; i++)
		if (env->agg[i].used && env->agg[i].id == id && env->agg[i].keyed == !!key &&
		    (!key || !memcmp(env->agg[i].key, key, SPT_AGGKEY_MAX)))
			return (__u64 *)env->agg[i].w;
	for (i = 0; i < VMHOST_AGG_MAX; i++) {
		if (env->agg[i].used)
			continue;
		memset(&env->agg[i], 0, sizeof(env->agg[i]));
		env->agg[i].used = 1;
		env->agg[i].id = id;
		env->agg[i].keyed = !!key;
		if (key)
			memcpy(env->agg[i].key, key, SPT_AGGKEY_MAX);
		return (__u64 *)env->agg[i].w;
	}
	return NULL;
}

static inline __u32 spt_env_agg_words(struct spt_env *env)
{
	return env->agg_words < VMHOST_AGG_WORDS ? env->agg_words : VMHOST_AGG_WORDS;
}

static inline __s64 spt_env_agg_edge(struct spt_env *env, __u32 i)
{
	return env->edges && i < SPT_AGG_EDGES_MAX ? env->edges[i] : 0;
}

static inline __u64 spt_env_speculation(struct spt_env *env)
{
	__u32 i;

	for (i = 1; i <= env->nspec && i <= SPT_NSPEC_MAX; i++) {
		if (!env->spec_taken[i]) {
			env->spec_taken[i] = 1;
			return i;
		}
	}
	return 0;
}

static inline int spt_env_speculate(struct spt_env *env, __u64 id)
{
	return id && id <= env->nspec && id <= SPT_NSPEC_MAX && env->spec_taken[id];
}

static inline __u32 spt_env_nspec(struct spt_env *env)
{
	return env->nspec;
}

/* The host VM keeps no speculative data: every part has specroom bytes left. */
static inline __u32 spt_env_specroom(struct spt_env *env, __u32 id)
{
	(void)id;
	return env->specroom;
}

/* As bpf_probe_read_kernel_str: at most size - 1 bytes up to the NUL, then a NUL. */
static inline long spt_env_strncpy(struct spt_env *env, __u8 *dst, const void *src, __u32 size)
{
	size_t n;

	(void)env;
	if (!size)
		return 0;
	n = strnlen((const char *)src, size - 1);
	memmove(dst, src, n);
	dst[n] = 0;
	return (long)n + 1;
}

/* As bpf_loop. */
static inline void spt_env_loop(struct spt_env *env, __u32 n, long (*cb)(__u64, void *), void *ctx)
{
	__u32 i;

	(void)env;
	for (i = 0; i < n; i++)
		if (cb(i, ctx))
			break;
}

int vmhost_run(struct spt_vm *vm, const struct spt_insn *insns, uint32_t base, struct spt_env *env,
	       uint32_t max_steps)
{
	uint32_t i;

	spt_vm_reset(vm, base);
	for (i = 0; i < max_steps; i++)
		if (spt_vm_step(vm, insns, env))
			return (int)vm->state;
	spt_vm_fault(vm, vm->pc, SPT_FLT_ILLOP, 0);
	return (int)vm->state;
}
