/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * printf-style formats of D: parsed once at compile time (sema checks each
 * conversion against its argument), applied by the printer to the values
 * of each record.
 */
#ifndef SPT_FMT_H
#define SPT_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What a conversion consumes. */
enum fmt_kind {
	FMT_LIT,    /* literal text (and %%) */
	FMT_INT,    /* d i: signed integer */
	FMT_UINT,   /* u o x X: unsigned integer */
	FMT_CHAR,   /* c */
	FMT_PTR,    /* p */
	FMT_FLOAT,  /* e E f g G: an integer printed as a double */
	FMT_STR,    /* s */
	FMT_TIME,   /* Y: nanoseconds since the epoch as a date */
	FMT_ESTR,   /* S: a string with C's escapes, up to and with its NUL (as dtrace) */
	FMT_ECHAR,  /* C: a character with C's escapes */
	FMT_WCHAR,  /* lc, wc: an int printed as a wide character */
	FMT_WSTR,   /* ls, ws: an array of 32-bit integers printed as a wide string */
	FMT_RFC822, /* T: nanoseconds since the epoch, RFC 822's form */
	FMT_KADDR,  /* a: a kernel address as module`symbol+0xoff */
	FMT_UADDR,  /* A: a user address (pid and address) as object`symbol+0xoff */
	FMT_STACK,  /* k: a stack() or ustack() field, the stack block */
};

/* The longest string a record holds (strsize), for %S's escapes. */
#define SPT_FMT_STRMAX 256

/* The conversion takes a string argument. */
#define FMT_TAKES_STR(k) ((k) == FMT_STR || (k) == FMT_ESTR)

struct fmt_piece {
	enum fmt_kind kind;
	const char *text;  /* FMT_LIT: the text (%% already folded), else NULL */
	size_t len;	   /* FMT_LIT: its length */
	char spec[32];	   /* the C conversion to apply, length modifier removed */
	char spec_np[32];  /* the same without its '.*' (a dynamic precision <= 0) */
	int star_width;	   /* width given as '*': consumes an int argument first */
	int star_prec;	   /* precision given as '*': likewise */
	unsigned int size; /* bytes of the length modifier (1 hh, 2 h, 8 l/ll/L/j/z/t), 0: none */
	char conv;	   /* the conversion character */
	int agg;	   /* printa: the '@' flag, the conversion takes the aggregation's value */
	int plain;	   /* %d, %i or %s without flags, width or precision */
};

struct fmt {
	struct fmt_piece *pieces;
	size_t n;
	size_t nargs; /* arguments the format consumes, stars included */
	char *buf;    /* owned copy of the literal text */
};

/*
 * Parse FORMAT. Returns 0, -EINVAL with ERR set (for an unknown
 * conversion, a bad length modifier...), or -ENOMEM.
 */
int fmt_parse(const char *format, struct fmt *f, char *err, size_t errlen);
void fmt_free(struct fmt *f);

/* One value for a conversion, as the record holds it. */
struct fmt_arg {
	int is_str;
	uint64_t v;    /* integers, sign-extended by the producer when signed */
	const char *s; /* strings, NUL-terminated */
	/*
	 * The integer's D type as recorded: its size (1, 2, 4, 8; 0: unknown,
	 * taken as 8) and signedness. As in dtrace, %d and %i of an unsigned
	 * type print unsigned, and %u %o %x %X %p see a value narrower than 8
	 * bytes as its own bytes only (%x of an int -1 is ffffffff).
	 */
	unsigned int size;
	int sign;
	/* FMT_STACK: the stack field (struct img_field) and the data it is in */
	const void *stk;
	const uint8_t *stkdata;
	/* FMT_WSTR: the recorded bytes of the array */
	const uint8_t *bytes;
	size_t nbytes;
};

/* The most characters %ls prints of one array. */
#define FMT_WSTR_MAX 2048

/*
 * Print F with ARGS (f->nargs of them) to OUT. Returns 0, or -EINVAL when
 * an argument's kind does not fit its conversion (sema prevents that).
 */
int fmt_print(FILE *out, const struct fmt *f, const struct fmt_arg *args, size_t nargs);

#endif /* SPT_FMT_H */
