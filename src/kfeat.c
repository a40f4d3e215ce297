/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Kernel feature probing (see kfeat.h). Each probe asks the kernel the
 * cheapest question that tells: libbpf's helper probe, a map or a program
 * of two instructions. A probe answers "missing" only on the kernel's
 * clear refusal (an unknown helper, EINVAL for a flag or an instruction it
 * does not know); anything else (EPERM without root, ...) is "unknown" and
 * spectrace goes on to say what really failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "kfeat.h"

/* The kernel's "not supported" for a BPF command it has no handler for. */
#ifndef ENOTSUPP
#define ENOTSUPP 524
#endif

static enum kfeat_state helper_probe(enum bpf_func_id id)
{
	int r = libbpf_probe_bpf_helper(BPF_PROG_TYPE_RAW_TRACEPOINT, id, NULL);

	if (r == 0)
		return KFEAT_MISSING;
	return r > 0 ? KFEAT_HAVE : KFEAT_UNKNOWN;
}

static enum kfeat_state probe_loop(void)
{
	return helper_probe(BPF_FUNC_loop);
}

static enum kfeat_state probe_task_btf(void)
{
	return helper_probe(BPF_FUNC_get_current_task_btf);
}

/* KTR reserves event slots with __sync_fetch_and_add: BPF_ATOMIC | BPF_FETCH. */
static enum kfeat_state probe_atomic_fetch(void)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_1, .imm = 0 },
		{ .code = BPF_STX | BPF_MEM | BPF_DW,
		  .dst_reg = BPF_REG_10,
		  .src_reg = BPF_REG_1,
		  .off = -8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_1, .imm = 1 },
		{ .code = BPF_STX | BPF_ATOMIC | BPF_DW,
		  .dst_reg = BPF_REG_10,
		  .src_reg = BPF_REG_1,
		  .off = -8,
		  .imm = BPF_ADD | BPF_FETCH },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int fd, err;

	fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, NULL, "GPL", insns,
			   sizeof(insns) / sizeof(insns[0]), NULL);
	err = errno;
	if (fd >= 0) {
		close(fd);
		return KFEAT_HAVE;
	}
	/* Before 5.12 the only atomic was XADD, whose imm had to be 0. */
	return err == EINVAL ? KFEAT_MISSING : KFEAT_UNKNOWN;
}

/* The buffer switch and BEGIN/END run with BPF_PROG_TEST_RUN on a chosen CPU. */
static enum kfeat_state probe_test_run_on_cpu(void)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_test_run_opts, run, .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = 0);
	int fd, ret, err;

	fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, NULL, "GPL", insns,
			   sizeof(insns) / sizeof(insns[0]), NULL);
	if (fd < 0)
		return KFEAT_UNKNOWN;
	ret = bpf_prog_test_run_opts(fd, &run);
	err = errno;
	close(fd);
	if (!ret)
		return KFEAT_HAVE;
	return err == EINVAL || err == ENOTSUPP || err == EOPNOTSUPP ? KFEAT_MISSING :
								       KFEAT_UNKNOWN;
}

/* The principal buffers and the KTR maps are mmapped arrays. */
static enum kfeat_state probe_mmapable(void)
{
	LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = BPF_F_MMAPABLE);
	int fd, err;

	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, NULL, 4, 8, 1, &o);
	err = errno;
	if (fd >= 0) {
		close(fd);
		return KFEAT_HAVE;
	}
	return err == EINVAL ? KFEAT_MISSING : KFEAT_UNKNOWN;
}

/* tp_btf programs and CO-RE relocations need the kernel's own BTF. */
static enum kfeat_state probe_btf(void)
{
	if (!access("/sys/kernel/btf/vmlinux", R_OK))
		return KFEAT_HAVE;
	if (errno != ENOENT || access("/sys/kernel", F_OK))
		return KFEAT_UNKNOWN; /* unreadable, or no sysfs to ask */
	return KFEAT_MISSING;
}

/* Newest first: the first entry is the release spectrace needs. */
static const struct kfeat table[] = {
	{ "bpf_loop", 5, 17, NULL, probe_loop },
	{ "BPF atomic fetch-and-add", 5, 12, NULL, probe_atomic_fetch },
	{ "bpf_get_current_task_btf", 5, 11, NULL, probe_task_btf },
	{ "BPF_F_TEST_RUN_ON_CPU for raw_tp programs", 5, 10, NULL, probe_test_run_on_cpu },
	{ "mmap-able BPF arrays", 5, 5, NULL, probe_mmapable },
	{ "BTF at /sys/kernel/btf/vmlinux", 5, 4, "CONFIG_DEBUG_INFO_BTF=y", probe_btf },
};

#define NFEAT (sizeof(table) / sizeof(table[0]))

const struct kfeat *kfeat_table(size_t *n)
{
	*n = NFEAT;
	return table;
}

static int newer(int ma, int mi, int mb, int nb)
{
	return ma > mb || (ma == mb && mi > nb);
}

int kfeat_pick(const struct kfeat *t, const enum kfeat_state *states, size_t n)
{
	int best = -1;
	size_t i;

	for (i = 0; i < n; i++) {
		if (states[i] != KFEAT_MISSING)
			continue;
		if (best < 0 || newer(t[i].major, t[i].minor, t[best].major, t[best].minor))
			best = (int)i;
	}
	return best;
}

int kfeat_format(char *buf, size_t len, const char *release, const struct kfeat *f, int need_major,
		 int need_minor)
{
	int major, minor;
	int old = sscanf(release, "%d.%d", &major, &minor) != 2 ||
		  newer(need_major, need_minor, major, minor);

	if (old)
		return snprintf(
			buf, len,
			"this kernel (%s) lacks %s (Linux %d.%d%s%s); spectrace needs Linux %d.%d or later",
			release, f->name, f->major, f->minor, f->config ? ", " : "",
			f->config ? f->config : "", need_major, need_minor);
	/* New enough, yet without it: a kernel option is off. */
	if (f->config)
		return snprintf(
			buf, len,
			"this kernel (%s) lacks %s (Linux %d.%d, %s); spectrace needs a kernel built with %s",
			release, f->name, f->major, f->minor, f->config, f->config);
	return snprintf(buf, len,
			"this kernel (%s) lacks %s (Linux %d.%d); spectrace cannot run without it",
			release, f->name, f->major, f->minor);
}

int kfeat_check(char *buf, size_t len)
{
	enum kfeat_state states[NFEAT];
	struct utsname u;
	size_t i;
	int k;

	for (i = 0; i < NFEAT; i++)
		states[i] = table[i].probe();
	k = kfeat_pick(table, states, NFEAT);
	if (k < 0)
		return 0;
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "unknown");
	kfeat_format(buf, len, u.release, &table[k], table[0].major, table[0].minor);
	return -1;
}
