/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Stacks in the consumer (stack.h): dtrace's frame texts (``mod`sym+0xoff``,
 * ``mod`sym`` at a symbol's start, ``mod`0xaddr`` with only a module,
 * ``0xaddr`` otherwise), the stack block, JSON frames.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#include "abi/isa.h"
#include "jbuf.h"
#include "ksym.h"
#include "stack.h"
#include "unwind.h"
#include "usym.h"

unsigned int stack_indent = 14;
bool stack_noresolve;

static uint64_t word(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

void stack_resolve(bool user, uint32_t pid, uint64_t pc, struct stack_frame *fr)
{
	int k;

	memset(fr, 0, sizeof(*fr));
	fr->addr = pc;
	if (!user) {
		char *tick, *plus;

		/* ksym: mod`sym+0xoff, mod`sym or 0xaddr; split into the parts. */
		ksym_addr2str(pc, fr->text, sizeof(fr->text));
		tick = strchr(fr->text, '`');
		if (!tick)
			return;
		snprintf(fr->mod, sizeof(fr->mod), "%.*s", (int)(tick - fr->text), fr->text);
		snprintf(fr->func, sizeof(fr->func), "%s", tick + 1);
		plus = strstr(fr->func, "+0x");
		if (plus) {
			fr->off = strtoull(plus + 3, NULL, 16);
			*plus = 0;
		}
		return;
	}
	k = usym_lookup(pid, pc, fr->mod, sizeof(fr->mod), fr->func, sizeof(fr->func), &fr->off);
	if (stack_noresolve) {
		/* dtrace-utils' noresolve: the object and the offset into it, no symbol */
		uint64_t start;

		fr->func[0] = 0;
		fr->off = 0;
		if (k && usym_mod_start(pid, pc, &start))
			snprintf(fr->text, sizeof(fr->text), "%s:0x%" PRIx64, fr->mod, pc - start);
		else
			snprintf(fr->text, sizeof(fr->text), "0x%" PRIx64, pc);
		return;
	}
	if (k == 2 && fr->off)
		snprintf(fr->text, sizeof(fr->text), "%s`%s+0x%" PRIx64, fr->mod, fr->func,
			 fr->off);
	else if (k == 2)
		snprintf(fr->text, sizeof(fr->text), "%s`%s", fr->mod, fr->func);
	else if (k == 1)
		snprintf(fr->text, sizeof(fr->text), "%s`0x%" PRIx64, fr->mod, pc);
	else
		snprintf(fr->text, sizeof(fr->text), "0x%" PRIx64, pc);
	if (k < 2)
		fr->off = 0;
}

uint32_t stack_nframes(const struct img_field *f, const uint8_t *data, uint32_t *pid,
		       uint64_t *depth)
{
	const uint8_t *p = data + f->offset;
	uint32_t room = f->size >= 16 ? (f->size - 16) / 8 : 0, n = 0;
	uint64_t d = word(p);

	/* A user stack with registers and a window: the frame count in word 1's upper half. */
	if (f->type == IMG_USTACK && word(p + 8) >> 32)
		room = (uint32_t)(word(p + 8) >> 32);

	if (pid)
		*pid = (uint32_t)word(p + 8);
	if (depth)
		*depth = d;
	/* The frames kept, up to the first zero one (dtrace stops there too). */
	while (n < room && n < d && word(p + 16 + 8 * n))
		n++;
	return n;
}

uint64_t stack_pc(const struct img_field *f, const uint8_t *data, uint32_t i)
{
	return word(data + f->offset + 16 + 8 * (size_t)i);
}

/*
 * The first frame of a kernel stack that is the probe site's: the kernel
 * walks from inside its stack helper, through the BPF programs and the
 * tracing glue that ran them; dtrace's stacks start at the probe site.
 */
static const char *const glue[] = {
	"trace_call_bpf",    "perf_call_bpf_", "perf_syscall_enter",
	"perf_syscall_exit", "perf_trace_",    "bpf_trace_run",
	"__bpf_trace_",	     "__traceiter_",   "trace_event_raw_event_",
	"bpf_prog_test_run", "bpf_test_run",   "__sys_bpf",
	"__do_sys_bpf",	     "__x64_sys_bpf",
};

uint32_t stack_first(const struct img_field *f, const uint8_t *data, uint32_t n)
{
	uint32_t i, first = 0;
	size_t k;

	if (f->type != IMG_STACK)
		return 0;
	for (i = 0; i < n; i++) {
		struct stack_frame fr;

		stack_resolve(false, 0, stack_pc(f, data, i), &fr);
		if (!strcmp(fr.mod, "bpf")) {
			first = i + 1;
			continue;
		}
		if (first || i < 4) {
			for (k = 0; k < sizeof(glue) / sizeof(glue[0]); k++)
				if (!strncmp(fr.func, glue[k], strlen(glue[k])))
					break;
			if (k < sizeof(glue) / sizeof(glue[0]) && first == i) {
				first = i + 1;
				continue;
			}
		}
		if (first)
			break;
	}
	return first;
}

/*
 * The frames to show of field F: with a recorded window, what the DWARF
 * unwinder finds when that is more than the frame-pointer walk found;
 * else the walk's frames from the probe site on. Returns how many in PCS.
 */
static uint32_t frames(const struct img_field *f, const uint8_t *data, uint64_t *pcs, uint32_t max,
		       uint32_t *pid)
{
	const uint8_t *p = data + f->offset;
	uint32_t n = stack_nframes(f, data, pid, NULL), i, first = stack_first(f, data, n), k = 0;
	uint32_t room = (uint32_t)(word(p + 8) >> 32);

	if (f->type == IMG_USTACK && room) {
		uint64_t regs[SPT_UREGS], len;
		const uint8_t *r = p + 16 + 8 * (size_t)room;
		uint32_t u;

		memcpy(regs, r, sizeof(regs));
		len = word(r + 8 * SPT_UREGS);
		if (len > f->size)
			len = 0;
		u = unwind_user(*pid, regs, r + 8 * SPT_UREGS + 8, len, pcs,
				room < max ? room : max);
		if (u > n)
			return u;
	}
	/* a kernel stack shows the frames asked for, from the probe site */
	if (f->type == IMG_STACK && room && room < max)
		max = room;
	for (i = first; i < n && k < max; i++)
		pcs[k++] = stack_pc(f, data, i);
	return k;
}

void stack_print(FILE *out, const struct img_field *f, const uint8_t *data, unsigned int indent,
		 int width)
{
	bool user = f->type == IMG_USTACK;
	uint64_t pcs[SPT_STACK_MAX];
	uint32_t pid, n = frames(f, data, pcs, SPT_STACK_MAX, &pid), i;

	fputc('\n', out);
	for (i = 0; i < n; i++) {
		struct stack_frame fr;

		stack_resolve(user, pid, pcs[i], &fr);
		fprintf(out, "%*s%*s\n", (int)indent, "", width, fr.text);
	}
}

/* A frame's "module", "function" (null where unknown), "offset" and "address". */
static void json_frame(struct jbuf *b, const struct stack_frame *fr)
{
	jbuf_puts(b, "\"module\":");
	if (fr->mod[0])
		json_str(b, fr->mod, strlen(fr->mod));
	else
		jbuf_puts(b, "null");
	jbuf_puts(b, ",\"function\":");
	if (fr->func[0])
		json_str(b, fr->func, strlen(fr->func));
	else
		jbuf_puts(b, "null");
	jbuf_printf(b, ",\"offset\":%" PRIu64 ",\"address\":\"0x%" PRIx64 "\"", fr->off, fr->addr);
}

void stack_json(struct jbuf *b, const struct img_field *f, const uint8_t *data)
{
	bool user = f->type == IMG_USTACK;
	uint64_t depth, pcs[SPT_STACK_MAX];
	uint32_t pid, n, i;
	bool any = false;

	stack_nframes(f, data, &pid, &depth);
	n = frames(f, data, pcs, SPT_STACK_MAX, &pid);

	jbuf_printf(b, "\"type\":\"%s\",\"depth\":%" PRIu64, user ? "ustack" : "stack", depth);
	if (user)
		jbuf_printf(b, ",\"pid\":%u", pid);
	jbuf_puts(b, ",\"frames\":[");
	for (i = 0; i < n; i++) {
		struct stack_frame fr;

		stack_resolve(user, pid, pcs[i], &fr);
		jbuf_puts(b, any ? ",{" : "{");
		any = true;
		json_frame(b, &fr);
		jbuf_puts(b, "}");
	}
	jbuf_puts(b, "]");
}

void stack_note(const struct img_field *f, const uint8_t *data)
{
	uint32_t pid;

	if (f->type != IMG_USTACK)
		return;
	stack_nframes(f, data, &pid, NULL);
	usym_note(pid);
}

bool stack_is_sym(const struct img_field *f)
{
	return f->type == IMG_SYM || f->type == IMG_MOD || f->type == IMG_USYM ||
	       f->type == IMG_UADDR || f->type == IMG_UMOD;
}

static bool sym_user(const struct img_field *f)
{
	return f->type == IMG_USYM || f->type == IMG_UADDR || f->type == IMG_UMOD;
}

/* Field F's pid (0 for a kernel address) and address. */
static uint64_t sym_addr(const struct img_field *f, const uint8_t *data, uint32_t *pid)
{
	const uint8_t *p = data + f->offset;

	*pid = sym_user(f) ? (uint32_t)word(p) : 0;
	return word(p + (sym_user(f) ? 8 : 0));
}

/* The text of symbol field type TYPE for its address, resolved into FR. */
static void sym_text(enum img_ftype type, const struct stack_frame *fr, char *buf, size_t len)
{
	if (type == IMG_UADDR)
		snprintf(buf, len, "%s", fr->text);
	else if ((type == IMG_MOD || type == IMG_UMOD) && fr->mod[0])
		snprintf(buf, len, "%s", fr->mod);
	else if ((type == IMG_SYM || type == IMG_USYM) && fr->func[0])
		snprintf(buf, len, "%s`%s", fr->mod, fr->func);
	else if ((type == IMG_SYM || type == IMG_USYM) && fr->mod[0])
		snprintf(buf, len, "%s`0x%" PRIx64, fr->mod, fr->addr);
	else
		snprintf(buf, len, "0x%" PRIx64, fr->addr);
}

bool stack_is_mod(const void *f)
{
	const struct img_field *fl = f;

	return fl->type == IMG_MOD || fl->type == IMG_UMOD;
}

void stack_sym_text(const struct img_field *f, const uint8_t *data, char *buf, size_t len)
{
	struct stack_frame fr;
	uint32_t pid;
	uint64_t addr = sym_addr(f, data, &pid);

	stack_resolve(sym_user(f), pid, addr, &fr);
	sym_text(f->type, &fr, buf, len);
}

void stack_sym_addr(const struct img_field *f, const uint8_t *data, char *buf, size_t len)
{
	struct stack_frame fr;
	uint32_t pid;
	uint64_t addr = sym_addr(f, data, &pid);

	if (f->type == IMG_MOD || f->type == IMG_UMOD) {
		stack_sym_text(f, data, buf, len);
		return;
	}
	stack_resolve(sym_user(f), pid, addr, &fr);
	snprintf(buf, len, "%s", fr.text);
}

void stack_sym_reduce(const struct img_field *f, uint8_t *key)
{
	uint8_t *p = key + f->offset + (sym_user(f) ? 8 : 0);
	uint32_t pid;
	uint64_t addr = sym_addr(f, key, &pid), to = addr;

	if (f->type == IMG_SYM || f->type == IMG_MOD) {
		unsigned long long start, mstart;

		if (ksym_start(addr, &start, &mstart))
			to = f->type == IMG_SYM ? start : mstart;
	} else if (f->type == IMG_USYM) {
		char mod[128], sym[256];
		uint64_t off;

		if (usym_lookup(pid, addr, mod, sizeof(mod), sym, sizeof(sym), &off) == 2)
			to = addr - off;
	} else if (f->type == IMG_UMOD) {
		usym_mod_start(pid, addr, &to);
	}
	memcpy(p, &to, 8);
}

void stack_sym_json(struct jbuf *b, const struct img_field *f, const uint8_t *data)
{
	static const char *const kinds[] = { [IMG_SYM] = "sym",
					     [IMG_MOD] = "mod",
					     [IMG_USYM] = "usym",
					     [IMG_UADDR] = "uaddr",
					     [IMG_UMOD] = "umod" };
	struct stack_frame fr;
	char text[512];
	uint32_t pid;
	uint64_t addr = sym_addr(f, data, &pid);

	stack_resolve(sym_user(f), pid, addr, &fr);
	sym_text(f->type, &fr, text, sizeof(text));
	jbuf_printf(b, "\"type\":\"%s\",\"value\":", kinds[f->type]);
	json_str(b, text, strlen(text));
	jbuf_puts(b, ",");
	json_frame(b, &fr);
	if (sym_user(f))
		jbuf_printf(b, ",\"pid\":%" PRIu32, pid);
}
