/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Userspace half of bpf/ktr.bpf.h for libbpf loaders: check the pinned KTR
 * maps and make a BPF object log into them. Header-only, so a program that
 * is not spectrace can use it without linking anything of spectrace's;
 * spectrace itself uses it too (src/ktr.c).
 *
 *   obj = bpf_object__open_file("prog.bpf.o", NULL);    (or skeleton__open)
 *   err = spt_ktr_join(obj, NULL);                      before load
 *   err = bpf_object__load(obj);
 *
 * spt_ktr_join() opens the pins (dir NULL: $SPECTRACE_KTR_DIR if set, else
 * /sys/fs/bpf/spectrace, as for spectrace itself), checks
 * their ABI version and sizes, and hands them to the object's spt_ktr_buf,
 * spt_ktr_fmt and ".data.spt_ktr" maps with bpf_map__reuse_fd(), so libbpf
 * neither creates nor initialises them, and registers the formats of the
 * object's CTR call sites in spt_ktr_fmt (see spt_ktr_sites_register). It
 * does not create pins: run
 * `spectrace ktrdump --set ktr_mask=...` (or a spectrace with -x ktr_*)
 * first. Returns 0, -ENOENT when nothing is pinned, -EPROTO when the pins
 * are of another ABI, or another -errno.
 */
#ifndef SPT_KTR_USER_H
#define SPT_KTR_USER_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "abi/ktr.h"

/* The pinned maps of one KTR flight recorder. */
struct spt_ktr_pins {
	int ctl_fd;
	int buf_fd;
	int fmt_fd;
	__u32 ncpus; /* from the control map, once checked */
	__u32 capacity;
};

/* The pin directory: $SPECTRACE_KTR_DIR, or SPT_KTR_PIN_DIR. */
static inline const char *spt_ktr_default_dir(void)
{
	const char *d = getenv("SPECTRACE_KTR_DIR");

	return d && *d ? d : SPT_KTR_PIN_DIR;
}

static inline void spt_ktr_pins_close(struct spt_ktr_pins *p)
{
	if (p->ctl_fd >= 0)
		close(p->ctl_fd);
	if (p->buf_fd >= 0)
		close(p->buf_fd);
	if (p->fmt_fd >= 0)
		close(p->fmt_fd);
	p->ctl_fd = p->buf_fd = p->fmt_fd = -1;
}

static inline int spt_ktr_pin_get(const char *dir, const char *name)
{
	char path[4096];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return bpf_obj_get(path);
}

static inline int spt_ktr_map_is(int fd, __u32 type, __u32 key_size, __u32 value_size,
				 struct bpf_map_info *info)
{
	__u32 len = sizeof(*info);

	memset(info, 0, sizeof(*info));
	if (bpf_obj_get_info_by_fd(fd, info, &len))
		return -errno;
	if (info->type != type || info->key_size != key_size || info->value_size != value_size)
		return -EPROTO;
	return 0;
}

/*
 * Check that the three maps form one KTR recorder of this ABI. WHY (if not
 * NULL) gets a one-line reason on -EPROTO.
 */
static inline int spt_ktr_pins_check(struct spt_ktr_pins *p, char *why, size_t whylen)
{
	struct bpf_map_info info;
	const struct spt_ktr_ctl *ctl;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	int ret;

	if (spt_ktr_map_is(p->ctl_fd, BPF_MAP_TYPE_ARRAY, 4, sizeof(*ctl), &info) ||
	    info.max_entries != 1 || !(info.map_flags & BPF_F_MMAPABLE)) {
		if (why)
			snprintf(why, whylen,
				 "the control map is not a %zu-byte mmapable array "
				 "(another KTR ABI version)",
				 sizeof(*ctl));
		return -EPROTO;
	}
	ctl = mmap(NULL, pg, PROT_READ, MAP_SHARED, p->ctl_fd, 0);
	if (ctl == MAP_FAILED)
		return -errno;
	if (ctl->abi != SPT_KTR_ABI_VERSION || ctl->entry_size != sizeof(struct spt_ktr_entry) ||
	    ctl->fmt_size != sizeof(struct spt_ktr_fmt)) {
		if (why)
			snprintf(why, whylen,
				 "KTR ABI version %u, entries of %u bytes (expected %u, %zu)",
				 ctl->abi, ctl->entry_size, SPT_KTR_ABI_VERSION,
				 sizeof(struct spt_ktr_entry));
		munmap((void *)ctl, pg);
		return -EPROTO;
	}
	p->ncpus = ctl->ncpus;
	p->capacity = ctl->capacity;
	munmap((void *)ctl, pg);
	ret = 0;
	if (!p->ncpus || p->ncpus > SPT_KTR_MAX_CPUS || !p->capacity ||
	    p->capacity > SPT_KTR_MAX_ENTRIES)
		ret = -EPROTO;
	else if (spt_ktr_map_is(p->buf_fd, BPF_MAP_TYPE_ARRAY, 4, sizeof(struct spt_ktr_entry),
				&info) ||
		 info.max_entries != p->ncpus * p->capacity || !(info.map_flags & BPF_F_MMAPABLE))
		ret = -EPROTO;
	else if (spt_ktr_map_is(p->fmt_fd, BPF_MAP_TYPE_HASH, 4, sizeof(struct spt_ktr_fmt), &info))
		ret = -EPROTO;
	if (ret && why)
		snprintf(why, whylen, "the buffer or format map does not match the control map");
	return ret;
}

/* Open and check the pins in DIR (NULL: spt_ktr_default_dir()). */
static inline int spt_ktr_pins_open(struct spt_ktr_pins *p, const char *dir, char *why,
				    size_t whylen)
{
	int ret;

	p->ctl_fd = p->buf_fd = p->fmt_fd = -1;
	if (!dir)
		dir = spt_ktr_default_dir();
	p->ctl_fd = spt_ktr_pin_get(dir, SPT_KTR_CTL_NAME);
	ret = p->ctl_fd < 0 ? -errno : 0;
	p->buf_fd = spt_ktr_pin_get(dir, SPT_KTR_BUF_NAME);
	p->fmt_fd = spt_ktr_pin_get(dir, SPT_KTR_FMT_NAME);
	if (p->ctl_fd < 0 && p->buf_fd < 0 && p->fmt_fd < 0) {
		spt_ktr_pins_close(p);
		/* there, but closed to this process: not "none pinned" */
		return ret == -EACCES || ret == -EPERM ? ret : -ENOENT;
	}
	if (p->ctl_fd < 0 || p->buf_fd < 0 || p->fmt_fd < 0) {
		if (why)
			snprintf(why, whylen, "an incomplete set of KTR maps is pinned");
		spt_ktr_pins_close(p);
		return -EPROTO;
	}
	ret = spt_ktr_pins_check(p, why, whylen);
	if (ret)
		spt_ktr_pins_close(p);
	return ret;
}

/*
 * The id of a format: a hash of its 256 bytes, so that loading the same
 * program again finds its formats already registered and separately built
 * programs share one table. Never 0 (0 means "no format").
 */
static inline __u32 spt_ktr_fmt_hash(const struct spt_ktr_fmt *f)
{
	const unsigned char *b = (const unsigned char *)f;
	__u64 h = 0x6a09e667f3bcc909ULL;
	__u32 id;
	size_t i;

	for (i = 0; i < sizeof(*f); i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	id = (__u32)(h ^ (h >> 32));
	return id ? id : 1;
}

/*
 * Register F in the format table FMT_FD: its hash id, or the next free id
 * when that one holds a different format (up to 8 tries). Returns the id,
 * 0 when the table is full, or -errno.
 */
static inline long long spt_ktr_fmt_register(int fmt_fd, const struct spt_ktr_fmt *f)
{
	struct spt_ktr_fmt old;
	__u32 id = spt_ktr_fmt_hash(f);
	int i;

	for (i = 0; i < 8; i++, id++) {
		if (!id)
			id = 1;
		if (!bpf_map_update_elem(fmt_fd, &id, f, BPF_NOEXIST))
			return id;
		if (errno == E2BIG || errno == ENOMEM)
			return 0; /* full */
		if (errno != EEXIST)
			return -errno;
		if (!bpf_map_lookup_elem(fmt_fd, &id, &old) && !memcmp(&old, f, sizeof(old)))
			return id;
	}
	return 0;
}

/*
 * Give every CTR call site of OBJ (opened, not loaded) its format id: the
 * sites are the SPT_KTR_SITES_SEC section, an array of struct
 * spt_ktr_site. A site left at id 0 (table full) logs its events without
 * format; the dump counts them. Returns the number of sites or -errno.
 */
static inline int spt_ktr_sites_register(struct bpf_object *obj, int fmt_fd)
{
	struct spt_ktr_site *s;
	struct bpf_map *m;
	size_t size, i;
	int n = 0;

	m = bpf_object__find_map_by_name(obj, SPT_KTR_SITES_SEC);
	if (!m)
		return 0; /* no CTR in the object */
	s = (struct spt_ktr_site *)bpf_map__initial_value(m, &size);
	if (!s || size % sizeof(*s))
		return -EINVAL;
	for (i = 0; i < size / sizeof(*s); i++) {
		long long id;

		if (s[i].magic != SPT_KTR_SITE_MAGIC)
			return -EINVAL;
		id = spt_ktr_fmt_register(fmt_fd, &s[i].f);
		if (id < 0)
			return (int)id;
		s[i].id = (__u32)id;
		n++;
	}
	return n;
}

/* Make OBJ (opened, not loaded) use the checked pins P. */
static inline int spt_ktr_pins_give(const struct spt_ktr_pins *p, struct bpf_object *obj)
{
	struct bpf_map *m;
	int n = 0;

	bpf_object__for_each_map(m, obj)
	{
		const char *name = bpf_map__name(m);
		int fd = -1, ret;

		if (!strcmp(name, SPT_KTR_BUF_NAME))
			fd = p->buf_fd;
		else if (!strcmp(name, SPT_KTR_FMT_NAME))
			fd = p->fmt_fd;
		else if (!strcmp(name, SPT_KTR_CTL_SEC))
			fd = p->ctl_fd;
		if (fd < 0)
			continue;
		ret = bpf_map__reuse_fd(m, fd);
		if (ret)
			return ret < 0 ? ret : -EINVAL;
		n++;
	}
	if (n != 3)
		return -ENOENT; /* the object does not include ktr.bpf.h */
	n = spt_ktr_sites_register(obj, p->fmt_fd);
	return n < 0 ? n : 0;
}

static inline int spt_ktr_join(struct bpf_object *obj, const char *dir)
{
	struct spt_ktr_pins p;
	int ret;

	ret = spt_ktr_pins_open(&p, dir, NULL, 0);
	if (ret)
		return ret;
	ret = spt_ktr_pins_give(&p, obj);
	spt_ktr_pins_close(&p); /* the object holds its own duplicates */
	return ret;
}

#endif /* SPT_KTR_USER_H */
