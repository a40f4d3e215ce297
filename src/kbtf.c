/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kbtf.h"

/* The type ID behind typedefs and qualifiers, or 0. */
static uint32_t strip(const struct btf *btf, uint32_t id)
{
	int r = btf__resolve_type(btf, id);

	return r < 0 ? 0 : (uint32_t)r;
}

/*
 * Find member NAME (LEN bytes) of composite type ID, directly or inside an
 * anonymous struct or union member; on success *OFF is its byte offset in
 * ID and *TYPE its type.
 */
static int find_member(const struct btf *btf, uint32_t id, const char *name, size_t len,
		       uint32_t *off, uint32_t *type, int depth)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *m;
	int i, ret;

	if (!t || !(btf_is_struct(t) || btf_is_union(t)) || depth > 16)
		return -EINVAL;
	m = btf_members(t);
	for (i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(btf, m->name_off);
		uint32_t bits = btf_member_bit_offset(t, (uint32_t)i);
		uint32_t sub = 0;

		if (mn && *mn) {
			if (strlen(mn) != len || memcmp(mn, name, len))
				continue;
			if (btf_member_bitfield_size(t, (uint32_t)i) || bits % 8)
				return -EINVAL;
			*off = bits / 8;
			*type = m->type;
			return 0;
		}
		/* An anonymous struct or union: its members are this one's. */
		ret = find_member(btf, strip(btf, m->type), name, len, &sub, type, depth + 1);
		if (ret == 0) {
			if (bits % 8)
				return -EINVAL;
			*off = bits / 8 + sub;
			return 0;
		}
	}
	return -ENOENT;
}

int kbtf_member_offset(const struct btf *btf, const char *name, const char *path, uint32_t *off)
{
	int32_t id = btf__find_by_name_kind(btf, name, BTF_KIND_STRUCT);
	uint32_t type, total = 0;
	const char *p = path;

	if (id < 0)
		id = btf__find_by_name_kind(btf, name, BTF_KIND_UNION);
	if (id < 0)
		return -ENOENT;
	type = (uint32_t)id;
	for (;;) {
		const char *dot = strchr(p, '.');
		size_t len = dot ? (size_t)(dot - p) : strlen(p);
		uint32_t o = 0, mt = 0;
		int ret;

		ret = find_member(btf, type, p, len, &o, &mt, 0);
		if (ret)
			return ret;
		total += o;
		if (!dot)
			break;
		type = strip(btf, mt);
		p = dot + 1;
	}
	*off = total;
	return 0;
}

int kbtf_task_offsets(struct kbtf_task *t, char *err, size_t errlen)
{
	static const struct {
		const char *path;
		size_t at;
	} want[] = {
		{ "real_parent", offsetof(struct kbtf_task, real_parent) },
		{ "tgid", offsetof(struct kbtf_task, tgid) },
		{ "se.sum_exec_runtime", offsetof(struct kbtf_task, sum_exec_runtime) },
	};
	struct btf *btf = btf__load_vmlinux_btf();
	size_t i;
	int ret = 0;

	if (!btf) {
		ret = -errno;
		snprintf(err, errlen, "cannot read the kernel's BTF: %s", strerror(errno));
		return ret;
	}
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		uint32_t off = 0;

		ret = kbtf_member_offset(btf, "task_struct", want[i].path, &off);
		if (ret) {
			snprintf(err, errlen, "the kernel's BTF has no usable task_struct.%s",
				 want[i].path);
			break;
		}
		memcpy((char *)t + want[i].at, &off, sizeof(off));
	}
	btf__free(btf);
	return ret;
}
