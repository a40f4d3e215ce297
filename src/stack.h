/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Stacks in the consumer: a stack field (abi/isa.h SPT_OP_STACK: depth,
 * pid, frames) printed as dtrace prints it, or as JSON frames. Kernel
 * frames resolve through src/ksym.c, user frames through src/usym.c.
 */
#ifndef SPT_STACK_H
#define SPT_STACK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "image.h"

struct jbuf;

/* Blanks before each frame (the stackindent option, 14). */
extern unsigned int stack_indent;
/* The noresolve option: user frames as object:0xoffset from the object's first mapping. */
extern bool stack_noresolve;

/* A resolved frame: dtrace's text and its parts. */
struct stack_frame {
	char text[512]; /* mod`sym+0xoff, mod`sym, mod`0xaddr or 0xaddr */
	char mod[128];	/* "" if unknown */
	char func[256]; /* "" if unknown */
	uint64_t off;	/* from func's start (0 without func) */
	uint64_t addr;
};

/* PC of a kernel stack (USER false) or of PID's user stack, resolved. */
void stack_resolve(bool user, uint32_t pid, uint64_t pc, struct stack_frame *fr);
/* Field F (IMG_STACK or IMG_USTACK) of DATA: the pid, frames kept, depth. */
uint32_t stack_nframes(const struct img_field *f, const uint8_t *data, uint32_t *pid,
		       uint64_t *depth);
/* The first of N frames to show: a kernel stack's probe site, past BPF and tracing glue. */
uint32_t stack_first(const struct img_field *f, const uint8_t *data, uint32_t n);
uint64_t stack_pc(const struct img_field *f, const uint8_t *data, uint32_t i);
/*
 * The stack block: "\n", then per frame INDENT blanks, the frame text
 * (padded to WIDTH, left-justified when WIDTH < 0: printf's %k) and "\n".
 */
void stack_print(FILE *out, const struct img_field *f, const uint8_t *data, unsigned int indent,
		 int width);
/* JSON: "type":"stack","depth":N,"pid":P,"frames":[{"module":...,...}] */
void stack_json(struct jbuf *b, const struct img_field *f, const uint8_t *data);
/* A symbol field's type (IMG_SYM ... IMG_UMOD). */
bool stack_is_sym(const struct img_field *f);
/* A mod() or umod() field (F is a struct img_field). */
bool stack_is_mod(const void *f);
/*
 * Symbol field F of DATA as its action prints it (dtrace's dt_print_sym
 * and the others): sym(), usym() ``mod`sym``; uaddr() ``mod`sym+0xoff``;
 * mod(), umod() the module; ``mod`0xaddr`` or 0xaddr when unresolved.
 */
void stack_sym_text(const struct img_field *f, const uint8_t *data, char *buf, size_t len);
/* As printf's %a and %A print it: the address with its offset; a mod()/umod() value's module. */
void stack_sym_addr(const struct img_field *f, const uint8_t *data, char *buf, size_t len);
/*
 * An aggregation key's symbol element reduced, as dtrace reduces it so
 * that one function (or module) is one key: sym(), usym() to the
 * function's start, mod(), umod() to the module's; uaddr() stays.
 */
void stack_sym_reduce(const struct img_field *f, uint8_t *key);
/* JSON: "type":"sym" (the function's name),"value":TEXT,"module","function","offset","address"(,"pid") */
void stack_sym_json(struct jbuf *b, const struct img_field *f, const uint8_t *data);

/* Note the process of a user stack so its mappings are read while it lives. */
void stack_note(const struct img_field *f, const uint8_t *data);

#endif /* SPT_STACK_H */
