/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * D's struct, union, enum, typedef, pointer and array types, as BTF: the
 * kernel's, read once and only when a script needs it, and a split BTF on
 * it for the types the compiler makes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "dtype.h"

/*
 * The whole file: mapped where the kernel allows it (Linux 6.16 maps
 * /sys/kernel/btf/vmlinux), else read into one buffer (sysfs gives 4 KiB
 * per read(), which is most of the cost).
 */
static struct btf *read_btf(const char *path, int *err)
{
	struct stat st;
	size_t cap, len = 0;
	char *buf;
	struct btf *b;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		*err = -errno;
		return NULL;
	}
	if (fstat(fd, &st) == 0 && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (m != MAP_FAILED) {
			b = btf__new(m, (__u32)st.st_size);
			*err = b ? 0 : -errno;
			munmap(m, (size_t)st.st_size);
			close(fd);
			return b;
		}
	}
	cap = fstat(fd, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size + 1 : 8u << 20;
	buf = malloc(cap);
	if (!buf) {
		close(fd);
		*err = -ENOMEM;
		return NULL;
	}
	for (;;) {
		ssize_t n;

		if (len == cap) {
			char *nb = realloc(buf, cap * 2);

			if (!nb) {
				free(buf);
				close(fd);
				*err = -ENOMEM;
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*err = -errno;
			free(buf);
			close(fd);
			return NULL;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	b = btf__new(buf, (__u32)len);
	*err = b ? 0 : -errno;
	free(buf);
	return b;
}

int dtype_open_btf(struct dtypes *dt, struct btf *base)
{
	dt->tried = true;
	dt->base = base;
	dt->btf = btf__new_empty_split(base);
	if (!dt->btf) {
		snprintf(dt->err, sizeof(dt->err), "cannot make a type space: %s", strerror(errno));
		return -ENOMEM;
	}
	return 0;
}

int dtype_open(struct dtypes *dt, const char *path)
{
	struct btf *b;
	int err = 0;

	if (dt->btf)
		return 0;
	if (dt->tried)
		return -ENOENT;
	dt->tried = true;
	b = read_btf(path ? path : "/sys/kernel/btf/vmlinux", &err);
	if (!b) {
		snprintf(dt->err, sizeof(dt->err), "cannot read the kernel's BTF: %s",
			 strerror(-err));
		return err;
	}
	return dtype_open_btf(dt, b);
}

void dtype_close(struct dtypes *dt)
{
	btf__free(dt->btf);
	btf__free(dt->base);
	memset(dt, 0, sizeof(*dt));
}

uint32_t dtype_find(const struct dtypes *dt, enum dtype_tag tag, const char *name)
{
	static const int kinds[] = {
		[DTYPE_STRUCT] = BTF_KIND_STRUCT,
		[DTYPE_UNION] = BTF_KIND_UNION,
		[DTYPE_ENUM] = BTF_KIND_ENUM,
		[DTYPE_TYPEDEF] = BTF_KIND_TYPEDEF,
	};
	int id;

	if (!dt->btf)
		return 0;
	/* the script's own types first, then the kernel's */
	for (uint32_t i = btf__type_cnt(dt->base); i < btf__type_cnt(dt->btf); i++) {
		const struct btf_type *t = btf__type_by_id(dt->btf, i);
		const char *n = t ? btf__name_by_offset(dt->btf, t->name_off) : NULL;

		if (t && n && btf_kind(t) == kinds[tag] && !strcmp(n, name))
			return i;
	}
	id = btf__find_by_name_kind(dt->btf, name, kinds[tag]);
	if (id < 0 && tag == DTYPE_ENUM)
		id = btf__find_by_name_kind(dt->btf, name, BTF_KIND_ENUM64);
	if (id < 0 && (tag == DTYPE_STRUCT || tag == DTYPE_UNION))
		id = btf__find_by_name_kind(dt->btf, name, BTF_KIND_FWD);
	return id < 0 ? 0 : (uint32_t)id;
}

uint32_t dtype_resolve(const struct dtypes *dt, uint32_t id)
{
	const struct btf_type *t;
	int depth;

	for (depth = 0; depth < 32 && id; depth++) {
		t = btf__type_by_id(dt->btf, id);
		if (!t)
			return 0;
		if (!btf_is_typedef(t) && !btf_is_mod(t))
			return id;
		id = t->type;
	}
	return 0;
}

uint32_t dtype_ptr(struct dtypes *dt, uint32_t id)
{
	uint32_t n = btf__type_cnt(dt->btf), i;
	int r;

	/* one already made (the kernel's own pointers may carry attributes) */
	for (i = btf__type_cnt(dt->base); i < n; i++) {
		const struct btf_type *t = btf__type_by_id(dt->btf, i);

		if (t && btf_is_ptr(t) && t->type == id)
			return i;
	}
	r = btf__add_ptr(dt->btf, (int)id);
	return r < 0 ? 0 : (uint32_t)r;
}

uint64_t dtype_size(const struct dtypes *dt, uint32_t id)
{
	struct dtype_info ti;

	if (dtype_info(dt, id, &ti))
		return 0;
	return ti.size;
}

int dtype_info(const struct dtypes *dt, uint32_t id, struct dtype_info *ti)
{
	const struct btf_type *t;
	uint32_t r = dtype_resolve(dt, id);

	memset(ti, 0, sizeof(*ti));
	ti->id = r;
	if (!r) {
		ti->kind = DTYPE_K_VOID;
		return id && !btf__type_by_id(dt->btf, id) ? -EINVAL : 0;
	}
	t = btf__type_by_id(dt->btf, r);
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		ti->kind = DTYPE_K_INT;
		ti->size = t->size;
		/* a plain char is signed, as on x86_64 (d-language.md 2.1) */
		ti->sign = (btf_int_encoding(t) & (BTF_INT_SIGNED | BTF_INT_CHAR)) != 0;
		if (btf_int_encoding(t) & BTF_INT_BOOL)
			ti->sign = false;
		return 0;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		ti->kind = DTYPE_K_INT;
		ti->size = t->size;
		ti->sign = t->size < 8 || btf_kflag(t); /* an enum is an int in D */
		return 0;
	case BTF_KIND_PTR:
		ti->kind = DTYPE_K_PTR;
		ti->size = 8;
		ti->ref = t->type;
		return 0;
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		int64_t es = btf__resolve_size(dt->btf, a->type);

		ti->kind = DTYPE_K_ARRAY;
		ti->ref = a->type;
		ti->nelems = a->nelems;
		ti->size = es > 0 ? (uint64_t)es * a->nelems : 0;
		return 0;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		ti->kind = btf_is_struct(t) ? DTYPE_K_STRUCT : DTYPE_K_UNION;
		ti->size = t->size;
		return 0;
	case BTF_KIND_FWD:
		ti->kind = DTYPE_K_FWD;
		return 0;
	case BTF_KIND_FUNC:
	case BTF_KIND_FUNC_PROTO:
		ti->kind = DTYPE_K_FUNC;
		return 0;
	default:
		ti->kind = DTYPE_K_OTHER;
		ti->size = t->size;
		return 0;
	}
}

static int find_member(const struct btf *btf, uint32_t id, const char *name, struct dtype_member *m,
		       int depth, const struct dtypes *dt)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *mb;
	int i;

	if (!t || !(btf_is_struct(t) || btf_is_union(t)))
		return -EINVAL;
	if (depth > 16)
		return -ENOENT;
	mb = btf_members(t);
	for (i = 0; i < btf_vlen(t); i++, mb++) {
		const char *mn = btf__name_by_offset(btf, mb->name_off);
		uint64_t bits = btf_member_bit_offset(t, (uint32_t)i);

		if (mn && *mn) {
			if (strcmp(mn, name))
				continue;
			m->type = mb->type;
			m->bit_off = bits;
			m->bits = btf_member_bitfield_size(t, (uint32_t)i);
			return 0;
		}
		if (find_member(btf, dtype_resolve(dt, mb->type), name, m, depth + 1, dt) == 0) {
			m->bit_off += bits;
			return 0;
		}
	}
	return -ENOENT;
}

int dtype_member(const struct dtypes *dt, uint32_t id, const char *name, struct dtype_member *m)
{
	memset(m, 0, sizeof(*m));
	return find_member(dt->btf, dtype_resolve(dt, id), name, m, 0, dt);
}

/* Append to BUF at *O; the text is cut at the end of the buffer. */
static void put(char *buf, size_t len, size_t *o, const char *s)
{
	size_t n = strlen(s);

	if (*o + 1 >= len)
		return;
	if (n > len - 1 - *o)
		n = len - 1 - *o;
	memcpy(buf + *o, s, n);
	*o += n;
	buf[*o] = '\0';
}

/*
 * The integers the compiler adds for D's own types (__d_s32 for int, ...)
 * by D's names for them.
 */
static const char *d_int_name(const char *n)
{
	static const char *const names[] = {
		"__d_s8",  "char",	   "__d_s16", "short",	       "__d_s32", "int",
		"__d_s64", "long",	   "__d_u8",  "unsigned char", "__d_u16", "unsigned short",
		"__d_u32", "unsigned int", "__d_u64", "unsigned long",
	};
	size_t i;

	if (strncmp(n, "__d_", 4))
		return n;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i += 2)
		if (!strcmp(n, names[i]))
			return names[i + 1];
	return n;
}

const char *dtype_name(const struct dtypes *dt, uint32_t id, char *buf, size_t len)
{
	char suffix[64] = "";
	size_t o = 0, depth;
	unsigned int ptrs = 0;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (depth = 0; depth < 32; depth++) {
		const struct btf_type *t = id ? btf__type_by_id(dt->btf, id) : NULL;
		const char *n = t ? btf__name_by_offset(dt->btf, t->name_off) : NULL;
		char tmp[32];

		if (!id) {
			put(buf, len, &o, "void");
			break;
		}
		if (!t) {
			put(buf, len, &o, "<bad type>");
			break;
		}
		if (btf_is_ptr(t)) {
			ptrs++;
			id = t->type;
			continue;
		}
		if (btf_is_mod(t) && !btf_is_typedef(t)) {
			id = t->type; /* qualifiers are not named, as dtrace's messages do */
			continue;
		}
		if (btf_is_array(t)) {
			snprintf(tmp, sizeof(tmp), "[%u]", btf_array(t)->nelems);
			if (strlen(suffix) + strlen(tmp) < sizeof(suffix))
				strcat(suffix, tmp);
			id = btf_array(t)->type;
			continue;
		}
		if (btf_is_struct(t))
			put(buf, len, &o, "struct ");
		else if (btf_is_union(t))
			put(buf, len, &o, "union ");
		else if (btf_is_any_enum(t))
			put(buf, len, &o, "enum ");
		else if (btf_is_fwd(t))
			put(buf, len, &o, btf_kflag(t) ? "union " : "struct ");
		put(buf, len, &o, n && *n ? d_int_name(n) : "<anon>");
		break;
	}
	if (ptrs || *suffix)
		put(buf, len, &o, " ");
	while (ptrs--)
		put(buf, len, &o, "*");
	put(buf, len, &o, suffix);
	return buf;
}
