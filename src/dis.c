/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The disassembler. One line per instruction: offset in the clause,
 * mnemonic, operands; branch targets are shown as clause offsets, so the
 * output of a clause does not depend on where it sits in the image.
 */
#include <stdio.h>
#include <linux/types.h>

#include "abi/buf.h"
#include "abi/isa.h"
#include "abi/vmstate.h"
#include "cg.h"
#include "dis.h"

/* clang-format off */
static const char *const mnemonics[SPT_OP_NOPS] = {
	[SPT_OP_NOP] = "nop", [SPT_OP_RET] = "ret", [SPT_OP_PRED] = "pred",
	[SPT_OP_JMP] = "jmp", [SPT_OP_JZ] = "jz", [SPT_OP_JNZ] = "jnz",
	[SPT_OP_LDI] = "ldi", [SPT_OP_LDI64] = "ldi64", [SPT_OP_MOV] = "mov",
	[SPT_OP_ADD] = "add", [SPT_OP_SUB] = "sub", [SPT_OP_MUL] = "mul",
	[SPT_OP_SDIV] = "sdiv", [SPT_OP_UDIV] = "udiv", [SPT_OP_SREM] = "srem",
	[SPT_OP_UREM] = "urem", [SPT_OP_AND] = "and", [SPT_OP_OR] = "or",
	[SPT_OP_XOR] = "xor", [SPT_OP_SHL] = "shl", [SPT_OP_LSR] = "lsr",
	[SPT_OP_ASR] = "asr", [SPT_OP_NEG] = "neg", [SPT_OP_NOT] = "not",
	[SPT_OP_LNOT] = "lnot", [SPT_OP_EQ] = "eq", [SPT_OP_NE] = "ne",
	[SPT_OP_SLT] = "slt", [SPT_OP_SLE] = "sle", [SPT_OP_ULT] = "ult",
	[SPT_OP_ULE] = "ule", [SPT_OP_SEXT] = "sext", [SPT_OP_ZEXT] = "zext",
	[SPT_OP_LDB] = "ldb", [SPT_OP_LDG] = "ldg", [SPT_OP_STG] = "stg",
	[SPT_OP_LDT] = "ldt", [SPT_OP_STT] = "stt", [SPT_OP_REC] = "rec",
	[SPT_OP_EXIT] = "exit", [SPT_OP_LDS] = "lds", [SPT_OP_STS] = "sts",
	[SPT_OP_LDX] = "ldx", [SPT_OP_SCMP] = "scmp", [SPT_OP_SLEN] = "slen",
	[SPT_OP_SCPY] = "scpy", [SPT_OP_RECS] = "recs", [SPT_OP_CPYIN] = "cpyin",
	[SPT_OP_EXECN] = "execn", [SPT_OP_KINIT] = "kinit", [SPT_OP_KINT] = "kint",
	[SPT_OP_KSTR] = "kstr", [SPT_OP_ALDI] = "aldi", [SPT_OP_ALDS] = "alds",
	[SPT_OP_ASTI] = "asti", [SPT_OP_ASTS] = "asts", [SPT_OP_AGG] = "agg",
	[SPT_OP_SPECN] = "specn", [SPT_OP_SPEC] = "spec", [SPT_OP_COMMIT] = "comm",
	[SPT_OP_SSUB] = "ssub", [SPT_OP_SFIND] = "sfind", [SPT_OP_LTOS] = "ltos",
	[SPT_OP_STOL] = "stol", [SPT_OP_RAISE] = "raise", [SPT_OP_STOK] = "stok",
	[SPT_OP_SCLEAN] = "sclean", [SPT_OP_SPECCHK] = "spchk", [SPT_OP_STACK] = "stack",
	[SPT_OP_KSTRX] = "kstrx", [SPT_OP_MCPY] = "mcpy", [SPT_OP_PSARGS] = "pargs",
	[SPT_OP_RECM] = "recm",
	[SPT_OP_STX] = "stx",
	[SPT_OP_DPATH] = "dpath",
	[SPT_OP_VADDR] = "vaddr",
	[SPT_OP_BOUND] = "bound",
};
/* clang-format on */

/* The string primitives' operands, after the mnemonic. */
static void insn_str(FILE *out, const struct spt_insn *in)
{
	__u32 f = (__u32)in->imm;

	switch (in->op) {
	case SPT_OP_SSUB:
		fprintf(out, "%%r%u, %%r%u[%%r%u..%%r%u], slot %u%s%s%s", in->dst, in->a, in->b,
			in->dst, f & SPT_SSUB_SLOT, f & SPT_SSUB_APPEND ? ", append" : "",
			f & SPT_SSUB_UPPER ? ", upper" : "", f & SPT_SSUB_LOWER ? ", lower" : "");
		break;
	case SPT_OP_SFIND:
		if (f & SPT_FIND_AT) {
			fprintf(out, "%%r%u, %%r%u[%%r%u]", in->dst, in->a, in->dst);
			break;
		}
		fprintf(out, "%%r%u, %%r%u, %s%%r%u, %s%s", in->dst, in->a,
			f & SPT_FIND_STR ? "str " :
			f & SPT_FIND_NOT ? "not char " :
					   "char ",
			in->b, f & SPT_FIND_BACK ? "back" : "fwd", f & SPT_FIND_REF ? ", ref" : "");
		break;
	case SPT_OP_LTOS:
		fprintf(out, "%%r%u, %%r%u, base %%r%u, slot %d", in->dst, in->a, in->b, in->imm);
		break;
	case SPT_OP_STOK:
		fprintf(out, "%%r%u, %s%%r%u, delim %%r%u, slot %u", in->dst,
			f & SPT_STOK_CONT ? "cont " : "", in->a, in->b, f & SPT_SSUB_SLOT);
		break;
	case SPT_OP_SCLEAN:
		fprintf(out, "%%r%u, %%r%u, slot %u", in->dst, in->a, f & SPT_SSUB_SLOT);
		break;
	default: /* SPT_OP_STOL */
		fprintf(out, "%%r%u, %%r%u, base %%r%u", in->dst, in->a, in->b);
		break;
	}
}

/* clang-format off */
static const char *const bnames[SPT_B_NBUILTINS] = {
	"arg0", "arg1", "arg2", "arg3", "arg4", "arg5", "arg6", "arg7", "arg8", "arg9",
	"pid", "tid", "ppid", "uid", "gid", "timestamp", "vtimestamp", "walltimestamp",
	"cpu", "errno", "epid", "id", "probeprov", "probemod", "probefunc", "probename",
	"rand", "curthread", "upid",
};
/* clang-format on */

static void insn(FILE *out, const struct spt_insn *in, const struct spt_insn *next, size_t off)
{
	const char *m = in->op < SPT_OP_NOPS ? mnemonics[in->op] : NULL;

	/* stop() is RAISE with b set. */
	if (in->op == SPT_OP_RAISE && in->b)
		m = "stop";

	fprintf(out, "%04zu: %-6s", off, m ? m : "???");
	switch (in->op) {
	case SPT_OP_NOP:
	case SPT_OP_RET:
		break;
	case SPT_OP_PRED:
	case SPT_OP_EXIT:
		fprintf(out, "%%r%u", in->a);
		break;
	case SPT_OP_BOUND:
		fprintf(out, "%%r%u, %d", in->a, in->imm);
		break;
	case SPT_OP_JMP:
		fprintf(out, "%04lld", (long long)off + 1 + in->imm);
		break;
	case SPT_OP_JZ:
	case SPT_OP_JNZ:
		fprintf(out, "%%r%u, %04lld", in->a, (long long)off + 1 + in->imm);
		break;
	case SPT_OP_LDI:
		fprintf(out, "%%r%u, %d", in->dst, in->imm);
		break;
	case SPT_OP_LDI64:
		fprintf(out, "%%r%u, %#llx", in->dst,
			(unsigned long long)(__u32)in->imm |
				(unsigned long long)(__u32)(next ? next->imm : 0) << 32);
		break;
	case SPT_OP_MOV:
	case SPT_OP_NEG:
	case SPT_OP_NOT:
	case SPT_OP_LNOT:
		fprintf(out, "%%r%u, %%r%u", in->dst, in->a);
		break;
	case SPT_OP_SEXT:
	case SPT_OP_ZEXT:
		fprintf(out, "%%r%u, %%r%u, %u", in->dst, in->a, in->b);
		break;
	case SPT_OP_LDB:
		fprintf(out, "%%r%u, %s", in->dst,
			in->imm >= 0 && in->imm < SPT_B_NBUILTINS ? bnames[in->imm] : "?");
		break;
	case SPT_OP_LDG:
	case SPT_OP_LDT:
	case SPT_OP_LDS:
		fprintf(out, "%%r%u, [%d]", in->dst, in->imm);
		break;
	case SPT_OP_STG:
	case SPT_OP_STT:
	case SPT_OP_STS:
		fprintf(out, "[%d], %%r%u", in->imm, in->a);
		break;
	case SPT_OP_REC:
		fprintf(out, "rec+%d, %%r%u, %u", in->imm, in->a, in->b);
		break;
	case SPT_OP_RECS:
		fprintf(out, "rec+%d, %%r%u, %u", in->imm, in->a, in->b * 8);
		break;
	case SPT_OP_SCPY:
		fprintf(out, "sref %d, %%r%u", in->imm, in->a);
		break;
	case SPT_OP_SLEN:
	case SPT_OP_EXECN:
		fprintf(out, "%%r%u, %%r%u", in->dst, in->a);
		break;
	case SPT_OP_CPYIN:
	case SPT_OP_ALDS:
		fprintf(out, "%%r%u, %%r%u, slot %u", in->dst, in->a, in->b);
		break;
	case SPT_OP_KINIT:
		if (in->imm & SPT_KEY_SELF)
			fprintf(out, "self %d", in->imm & ~SPT_KEY_SELF);
		else
			fprintf(out, "array %d", in->imm);
		break;
	case SPT_OP_SSUB:
	case SPT_OP_SFIND:
	case SPT_OP_LTOS:
	case SPT_OP_STOL:
	case SPT_OP_STOK:
	case SPT_OP_SCLEAN:
		insn_str(out, in);
		break;
	case SPT_OP_KINT:
	case SPT_OP_KSTR:
		fprintf(out, "key+%d, %%r%u", in->imm, in->a);
		break;
	case SPT_OP_STACK:
		fprintf(out, "%%r%u, %s%s, frames %%r%u", in->dst,
			in->b & SPT_STK_USER ? "user" : "kernel",
			in->b & SPT_STK_CALLER ? ", caller" : "", in->a);
		if (in->b & (SPT_STK_REC | SPT_STK_KEY))
			fprintf(out, ", %s+%d", in->b & SPT_STK_KEY ? "key" : "rec", in->imm);
		break;
	case SPT_OP_ALDI:
		fprintf(out, "%%r%u", in->dst);
		break;
	case SPT_OP_ASTI:
	case SPT_OP_ASTS:
		fprintf(out, "%%r%u", in->a);
		break;
	case SPT_OP_LDX:
		if (in->imm)
			fprintf(out, "%%r%u, [%%r%u + %d], %u", in->dst, in->a, in->imm, in->b);
		else
			fprintf(out, "%%r%u, [%%r%u], %u", in->dst, in->a, in->b);
		break;
	case SPT_OP_MCPY:
		fprintf(out, "%%r%u, %s %%r%u, size %%r%u", in->dst,
			(const char *const[]){ "alloca", "copyin", "copyinto",
					       "bcopy" }[in->imm & 3],
			in->a, in->b);
		break;
	case SPT_OP_PSARGS:
		fprintf(out, "%%r%u, [%%r%u..%%r%u], slot %d", in->dst, in->a, in->b, in->imm);
		break;
	case SPT_OP_RECM:
		fprintf(out, "[%d], [%%r%u], %d", in->imm & 0xfff, in->a, (in->imm >> 16) & 0x1fff);
		if (in->imm & SPT_RECM_DYN)
			fprintf(out, ", at most %%r%u", in->b);
		break;
	case SPT_OP_STX:
		fprintf(out, "[%%r%u], %%r%u, %d", in->a, in->b, in->imm);
		break;
	case SPT_OP_VADDR:
		fprintf(out, "%%r%u, &var %d", in->dst, in->imm);
		break;
	case SPT_OP_DPATH:
		fprintf(out, "%%r%u, dentry %%r%u, mount %%r%u, slot %d", in->dst, in->a, in->b,
			in->imm);
		break;
	case SPT_OP_KSTRX:
		fprintf(out, "%%r%u, [%%r%u], slot %u, %d%s", in->dst, in->a,
			in->b & ~SPT_KSTRX_SOFT, in->imm, in->b & SPT_KSTRX_SOFT ? ", soft" : "");
		break;
	case SPT_OP_AGG:
		fprintf(out, "@%d, %%r%u, %%r%u", in->imm, in->a, in->b);
		break;
	case SPT_OP_SPECN:
		fprintf(out, "%%r%u", in->dst);
		break;
	case SPT_OP_SPEC:
		fprintf(out, "%%r%u", in->a);
		break;
	case SPT_OP_COMMIT:
		fprintf(out, "%%r%u%s", in->a, in->b ? ", discard" : "");
		break;
	case SPT_OP_SPECCHK:
		fprintf(out, "%d", in->imm);
		break;
	case SPT_OP_RAISE:
		if (!in->b)
			fprintf(out, "%%r%u", in->a);
		break;
	default:
		fprintf(out, "%%r%u, %%r%u, %%r%u", in->dst, in->a, in->b);
		break;
	}
	fputc('\n', out);
}

void dis_image(FILE *out, const struct image *img)
{
	static const char *const ftypes[] = { "int", "uint", "string" };
	size_t c, i;

	for (c = 0; c < img->nclauses; c++) {
		const struct img_clause *cl = &img->clauses[c];
		size_t end;

		fprintf(out, "clause %zu:", c);
		for (i = 0; i < cl->ndescs; i++)
			fprintf(out, " %s", cl->descs[i]);
		fprintf(out, "\n  record %u bytes:", cl->recsize);
		for (i = 0; i < cl->nfields; i++)
			fprintf(out, " %s%u@%u", ftypes[cl->fields[i].type],
				cl->fields[i].type == IMG_STR ? cl->fields[i].size :
								cl->fields[i].size * 8,
				cl->fields[i].offset);
		fputc('\n', out);
		for (i = 0; i < img->naggs && c == 0; i++)
			fprintf(out, "  aggregation %zu: @%s %s(), %u key%s, %u words\n", i,
				img->aggs[i].name, cg_agg_func_name(img->aggs[i].func),
				img->aggs[i].nkeys, img->aggs[i].nkeys == 1 ? "" : "s",
				img->aggs[i].nwords);
		if (cl->fpred && (cl->fpred & 0xff) < SPT_B_NBUILTINS)
			fprintf(out, "  fast predicate: %s %s %d\n", bnames[cl->fpred & 0xff],
				cl->fpred >> 8 == SPT_FP_EQ ? "==" : "!=", cl->fval);
		if (cl->fcount)
			fprintf(out, "  fast count: @%u, in the probe program\n", cl->fcount - 1);
		if (cl->nfrec)
			fprintf(out, "  fast record: %u field%s, in the probe program\n", cl->nfrec,
				cl->nfrec == 1 ? "" : "s");
		if (cl->prog == SPT_ECB_NOPROG) {
			fprintf(out, "  (no bytecode: records its EPID)\n");
			continue;
		}
		for (end = cl->prog; end < img->ninsns; end++)
			if (img->insns[end].op == SPT_OP_RET)
				break;
		for (i = cl->prog; i <= end && i < img->ninsns; i++) {
			fputs("  ", out);
			insn(out, &img->insns[i], i + 1 < img->ninsns ? &img->insns[i + 1] : NULL,
			     i - cl->prog);
			if (img->insns[i].op == SPT_OP_LDI64)
				i++;
			else if (img->insns[i].op == SPT_OP_DPATH)
				i += SPT_DP_NDATA; /* its data */
		}
	}
}
