/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Offsets of kernel structure members, from the running kernel's BTF.
 *
 * The BPF programs read a few task_struct members (ppid, vtimestamp) by
 * offsets the loader looks up here, instead of through CO-RE relocations:
 * any CO-RE relocation makes libbpf load the kernel's BTF (several MB)
 * for every run, and most scripts never read those members
 * (ARCHITECTURE.md, "Startup").
 */
#ifndef SPT_KBTF_H
#define SPT_KBTF_H

#include <stddef.h>
#include <stdint.h>

struct btf;

/*
 * The byte offset of member PATH ("a.b.c": members of members) in the
 * struct or union NAME of BTF, looking through anonymous struct and union
 * members as C does. Returns 0, -ENOENT (no such type or member), -EINVAL
 * (a bit-field, or PATH goes through a member that is not a struct or
 * union).
 */
int kbtf_member_offset(const struct btf *btf, const char *name, const char *path, uint32_t *off);

struct kbtf_task {
	uint32_t real_parent;	   /* task_struct.real_parent */
	uint32_t tgid;		   /* task_struct.tgid */
	uint32_t sum_exec_runtime; /* task_struct.se.sum_exec_runtime */
};

/*
 * Look the task_struct members up in the running kernel's BTF. Returns 0,
 * or <0 with a message in ERR.
 */
int kbtf_task_offsets(struct kbtf_task *t, char *err, size_t errlen);

#endif /* SPT_KBTF_H */
