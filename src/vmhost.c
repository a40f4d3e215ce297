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
struct spt_env;
static inline __u64 spt_env_builtin(struct spt_env *env, __u32 id);
static inline __u8 *spt_env_globals(struct spt_env *env);
static inline __u64 spt_env_tls_load(struct spt_env *env, __u32 var);
static inline void spt_env_tls_store(struct spt_env *env, __u32 var, __u64 v);
static inline int spt_env_read(struct spt_env *env, __u64 addr, __u32 size, __u64 *v);
#include "vm.h"

#include "vmhost.h"

static inline __u64 spt_env_builtin(struct spt_env *env, __u32 id)
{
	return id < SPT_B_NBUILTINS ? env->builtin[id] : 0;
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

int vmhost_run(struct spt_vm *vm, const struct spt_insn *insns, uint32_t base,
	       struct spt_env *env, uint32_t max_steps)
{
	uint32_t i;

	spt_vm_reset(vm, base);
	for (i = 0; i < max_steps; i++)
		if (spt_vm_step(vm, insns, env))
			return (int)vm->state;
	spt_vm_fault(vm, vm->pc, SPT_FLT_ILLOP, 0);
	return (int)vm->state;
}
