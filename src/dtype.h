/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * D's type space beyond the integers: struct, union, enum, typedef,
 * pointer, array and bit-field types as BTF. The kernel's BTF
 * (/sys/kernel/btf/vmlinux) is read once (mapped where the kernel allows
 * it), the first time a script names a
 * type it must come from (curthread, `struct task_struct`, typed args[]);
 * the types the compiler makes (pointers to kernel types) go into a split
 * BTF on top of it, so every type has one id in one space.
 */
#ifndef SPT_DTYPE_H
#define SPT_DTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct btf;

struct dtypes {
	struct btf *base; /* the kernel's BTF, NULL until loaded */
	struct btf *btf;  /* split on base: the compiler's own types */
	bool tried;	  /* loading was tried (a failure is not retried) */
	char err[128];	  /* why it failed */
};

/*
 * The type space, with the kernel's BTF from PATH (NULL: the running
 * kernel's) loaded at the first call. Returns 0, or <0 with dt->err set.
 */
int dtype_open(struct dtypes *dt, const char *path);
/* The same on a BTF the caller made (tests); DT owns it afterwards. */
int dtype_open_btf(struct dtypes *dt, struct btf *base);
void dtype_close(struct dtypes *dt);

enum dtype_tag {
	DTYPE_STRUCT,
	DTYPE_UNION,
	DTYPE_ENUM,
	DTYPE_TYPEDEF,
};

/* The id of the named type of TAG, or 0. */
uint32_t dtype_find(const struct dtypes *dt, enum dtype_tag tag, const char *name);
/* ID without typedefs and qualifiers (0 for void or a bad id). */
uint32_t dtype_resolve(const struct dtypes *dt, uint32_t id);
/* The id of a pointer to ID, made if the space has none. 0 when out of memory. */
uint32_t dtype_ptr(struct dtypes *dt, uint32_t id);
/* Size in bytes, 0 for void, incomplete or function types. */
uint64_t dtype_size(const struct dtypes *dt, uint32_t id);

enum dtype_kind {
	DTYPE_K_VOID,
	DTYPE_K_INT, /* integers, bool, char, enums */
	DTYPE_K_PTR,
	DTYPE_K_ARRAY,
	DTYPE_K_STRUCT,
	DTYPE_K_UNION,
	DTYPE_K_FWD, /* a struct or union without a definition */
	DTYPE_K_FUNC,
	DTYPE_K_OTHER, /* floating point and the like */
};

/* What ID is, behind typedefs and qualifiers. */
struct dtype_info {
	enum dtype_kind kind;
	uint32_t id; /* the resolved id */
	uint64_t size;
	bool sign;	 /* integers: signed */
	uint32_t ref;	 /* pointers: the pointee; arrays: the element type */
	uint32_t nelems; /* arrays */
};
int dtype_info(const struct dtypes *dt, uint32_t id, struct dtype_info *ti);

struct dtype_member {
	uint32_t type;	  /* its type id */
	uint64_t bit_off; /* from the start of the outer struct or union */
	uint32_t bits;	  /* bit-field width, 0 when not a bit-field */
};

/*
 * Member NAME of struct or union ID, directly or in an anonymous struct or
 * union member, as C finds it. Returns 0, -ENOENT (no such member) or
 * -EINVAL (ID is not a struct or union).
 */
int dtype_member(const struct dtypes *dt, uint32_t id, const char *name, struct dtype_member *m);

/*
 * The C name of type ID as dtrace writes it in messages: "int", "struct
 * task_struct *", "char [16]", "void". Returns BUF.
 */
const char *dtype_name(const struct dtypes *dt, uint32_t id, char *buf, size_t len);

#endif /* SPT_DTYPE_H */
