/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Compile diagnostics: what the D compiler reports, kept in a list the
 * compile context owns, printed in dtrace(1)'s shape:
 *
 *   spectrace: failed to compile script FILE: [TAG] line N: MESSAGE
 *   spectrace: invalid probe specifier TEXT: [TAG] REGION: MESSAGE
 *
 * as in: spectrace: failed to compile script foo.d: line 7: syntax error
 * near "}". The first form is for scripts (-s), the second for -n text,
 * where dtrace shows no line: an error found while type-checking a clause's
 * predicate or actions says "in predicate: " or "in action list: ", any
 * other (lexing, parsing, code generation) no location at all.
 *
 * "[TAG] " appears only with -xerrtags (diag_list.errtags), as in dtrace.
 * A message may hold dtrace's embedded "\n\t" continuation lines; only its
 * trailing newlines are dropped. When diag_list.caret is set (stderr is a
 * terminal) and the source text is known, two extra lines follow each
 * entry: the source line and a caret under the column, with the column's
 * number; scripts and tests (not terminals) see dtrace's bytes alone.
 * Columns count bytes from 1, so a tab is one column.
 *
 * Messages are lower case, without a final period.
 */
#ifndef SPT_DIAG_H
#define SPT_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * The prefix of every message: the program's name as it was run,
 * basename(argv[0]), as dtrace(1)'s ("spectrace" until main sets it).
 */
extern const char *spt_progname;

/*
 * Every tag, once: DIAG_TAGS(X) calls X(NAME, AT, SHAPE) for each, and
 * the enum constant DIAG_NAME stands for the tag "D_NAME" (DIAG_NOREG is
 * D_NOREG): the C name and the tag cannot differ. Tags are dtrace's names
 * where dtrace has one for the condition. D_UNSUPPORTED is spectrace's
 * own: its messages read "not supported: ..." and name a construct
 * spectrace recognises and rejects (C statements D lacks, translators,
 * kernel variables, ...). The C preprocessor directives dtrace
 * would run through cpp get dtrace's D_PRAGCTL_INVAL, as dtrace without
 * -C does.
 *
 * AT is where dtrace raises it: CG while it generates code (action order,
 * printf and printa checks, histogram parameters, records), so that a -n
 * program's message names no region; CHECK while it type-checks a
 * clause's predicate or actions ("in predicate: ", "in action list: ").
 * Errors outside a clause (lexing, parsing, pragmas) have no region
 * either way. dtrace raises the stack tags (D_STACK*, D_USTACK*) and
 * D_ALLOCA_SIZE in code generation too.
 *
 * SHAPE is the message's form, as the code writes it (printf directives
 * for the variable parts; " | " between the forms of a tag with several).
 * tests/unit/test_diag.c checks that every tag has an e2e test
 * tests/e2e/d/err.D_NAME.*.d or is on its short list of exceptions.
 */
/* clang-format off */
#define DIAG_TAGS(X) \
	X(ACT_SPEC,		CG,	"destructive actions may not follow speculate( )") \
	X(ADDROF_BITFIELD,	CHECK,	"cannot take address of bit-field") \
	X(ADDROF_LVAL,		CHECK,	"unacceptable operand for unary & operator") \
	X(ADDROF_VAR,		CHECK,	"cannot take address of dynamic variable") \
	X(AGG_COMM,		CG,	"aggregating actions may not follow commit( )") \
	X(AGG_FUNC,		CHECK,	"@%s must be assigned the result of an aggregating function") \
	X(AGG_MDIM,		CHECK,	"improper attempt to reference @%s as a multi-dimensional array") \
	X(AGG_NULL,		CG,	"expression has null effect: @%s") \
	X(AGG_REDEF,		CHECK,	"aggregation redefined: @%s\n\t current: ...\n\tprevious: ...") \
	X(AGG_SCALAR,		CG,	"%s( ) argument #1 must be of scalar type | aggregation @%s has no value in an expression: ...") \
	X(AGG_SPEC,		CG,	"aggregating actions may not follow speculate( )") \
	X(ALLOCA_SIZE,		CG,	"alloca(%llu) size larger than scratchsize %d") \
	X(ARGS_IDX,		CHECK,	"index %lld is out of range for %s args[ ]") \
	X(ARGS_MULTI,		CHECK,	"args[ ] may not be referenced because probe description %s matches an unstable set of probes") \
	X(ARGS_NONE,		CHECK,	"args[ ] may not be referenced outside of a probe clause") \
	X(ARR_BADREF,		CHECK,	"cannot access scalar %s as an associative array | cannot access a pointer or array as an associative array") \
	X(ARR_BOUNDS,		CHECK,	"index outside array bounds: %llu, max is %u") \
	X(ARR_LOCAL,		CHECK,	"local variables may not be used as associative arrays: %s") \
	X(CG_EXPR,		CG,	"tracing function %s( ) may not be called from a D expression (D program context required)") \
	X(CAST_INVAL,		CHECK,	"invalid cast expression: \"%s\" to \"%s\"") \
	X(CHR_NL,		CHECK,	"unterminated character constant | newline encountered in character constant") \
	X(CHR_NULL,		CHECK,	"empty character constant") \
	X(CHR_OFLOW,		CHECK,	"character constant is too long") \
	X(CLEAR_AGGARG,		CG,	"clear( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s") \
	X(CLEAR_AGGBAD,		CG,	"undefined aggregation: @%s") \
	X(COMM_DREC,		CG,	"commit( ) may not follow data-recording action(s)") \
	X(DECL_ARRNULL,		CHECK,	"array declaration requires a dimension or key types") \
	X(DECL_BADCLASS,	CHECK,	"specified storage class not appropriate for inline declaration | ... in D") \
	X(DECL_ARRBIG,		CHECK,	"array dimension too big: %llu") \
	X(DECL_ARRSUB,		CHECK,	"positive integral constant expression expected as array size") \
	X(DECL_BFCONST,		CHECK,	"positive integral constant expression expected as bit-field size") \
	X(DECL_BFSIZE,		CHECK,	"bit-field size must be between 1 and %u: %s") \
	X(DECL_BFTYPE,		CHECK,	"invalid type for bit-field: %s") \
	X(DECL_CHARATTR,	CHECK,	"invalid type declaration: short and long may not be used with char type") \
	X(DECL_CLASS,		CHECK,	"only one storage class allowed in a declaration") \
	X(DECL_COMBO,		CHECK,	"invalid type combination") \
	X(DECL_ENCONST,		CHECK,	"enumerator '%s' must be assigned an integral constant expression") \
	X(DECL_ENOFLOW,		CHECK,	"enumerator '%s' value overflows INT_MAX (%d)") \
	X(DECL_IDRED,		CHECK,	"identifier redeclared: %s | built-in identifier redeclared: %s | identifier redefined: %s | typedef redeclared: %s | typedef identifier redeclared: %s | global variable identifier redeclared: %s") \
	X(DECL_INCOMPLETE,	CHECK,	"incomplete struct/union/enum %s: %s") \
	X(DECL_LONGINT,		CHECK,	"invalid type declaration: long and long long may only be used with integer or floating-point type") \
	X(DECL_SIGNINT,		CHECK,	"invalid type declaration: signed and unsigned may only be used with integer type") \
	X(DECL_TYPERED,		CHECK,	"type redeclared: %s") \
	X(DECL_VOIDATTR,	CHECK,	"invalid type declaration: attributes may not be used with void type") \
	X(DECL_USELESS,		CHECK,	"inline declaration requires a name | useless declaration") \
	X(DECL_VOIDOBJ,		CHECK,	"cannot declare void inline: %s | cannot have void object: %s") \
	X(DEREF_NONPTR,		CHECK,	"cannot dereference non-pointer type") \
	X(DEREF_VOID,		CHECK,	"cannot dereference pointer to void") \
	X(DIV_ZERO,		CG,	"expression contains division by zero") \
	X(DREC_COMM,		CG,	"data-recording actions may not follow commit( )") \
	X(EMPTY,		CHECK,	"empty D program translation unit | program contains no clauses") \
	X(EXIT_SPEC,		CG,	"exit( ) may not follow speculate( )") \
	X(FREOPEN_INVALID,	CHECK,	"freopen( ) argument #1 cannot be \"%s\"") \
	X(FUNC_IDENT,		CHECK,	"function designator is not of function type") \
	X(FUNC_IDKIND,		CHECK,	"%s '%s' may not be referenced as a function") \
	X(FUNC_UNDEF,		CHECK,	"undefined function name: %s") \
	X(IDENT_BADREF,		CHECK,	"%s '%s' may not be referenced as %s") \
	X(IDENT_UNDEF,		CHECK,	"failed to resolve %s: Unknown variable name") \
	X(INT_DIGIT,		CHECK,	"constant %s has no digits | constant %s contains invalid digit '%c'") \
	X(INT_OFLOW,		CHECK,	"constant %s results in integer overflow | integer constant 0x%llx cannot be represented ...") \
	X(KEY_TYPE,		CHECK,	"%s expression may not be used as %s index: key #%zu") \
	X(LLQUANT_FACTORTYPE,	CG,	"llquantize( ) argument #1 must be an integer constant") \
	X(LLQUANT_FACTORVAL,	CG,	"llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2") \
	X(LLQUANT_HMAGTYPE,	CG,	"llquantize( ) argument #3 must be an integer constant") \
	X(LLQUANT_HMAGVAL,	CG,	"llquantize( ) argument #3 (high magnitude) must be ...") \
	X(LLQUANT_LMAGTYPE,	CG,	"llquantize( ) argument #2 must be an integer constant") \
	X(LLQUANT_LMAGVAL,	CG,	"llquantize( ) argument #2 must be an unsigned 16-bit quantity") \
	X(LLQUANT_MATCHFACTOR,	CG,	"llquantize( ) factor (argument #1) doesn't match previous declaration: ...") \
	X(LLQUANT_MATCHHMAG,	CG,	"llquantize( ) hmag (argument #3) doesn't match previous declaration: ...") \
	X(LLQUANT_MATCHLMAG,	CG,	"llquantize( ) lmag (argument #2) doesn't match previous declaration: ...") \
	X(LLQUANT_MATCHSTEPS,	CG,	"llquantize( ) steps (argument #4) doesn't match previous declaration: ...") \
	X(LLQUANT_STEPTYPE,	CG,	"llquantize( ) argument #4 must be an integer constant | ... a non-zero positive integer constant") \
	X(LLQUANT_STEPVAL,	CG,	"llquantize( ) argument #4 must be an unsigned 16-bit quantity | ... (steps) must ...") \
	X(LQUANT_BASETYPE,	CG,	"lquantize( ) argument #1 must be an integer constant") \
	X(LQUANT_BASEVAL,	CG,	"lquantize( ) argument #1 must be a 32-bit quantity") \
	X(LQUANT_LIMTYPE,	CG,	"lquantize( ) argument #2 must be an integer constant") \
	X(LQUANT_LIMVAL,	CG,	"lquantize( ) argument #2 must be a 32-bit quantity") \
	X(LQUANT_MATCHBASE,	CG,	"lquantize( ) base (argument #1) doesn't match previous declaration: ...") \
	X(LQUANT_MATCHLIM,	CG,	"lquantize( ) limit (argument #2) doesn't match previous declaration: ...") \
	X(LQUANT_MATCHSTEP,	CG,	"lquantize( ) step (argument #3) doesn't match previous declaration: ...") \
	X(LQUANT_MISMATCH,	CG,	"lquantize( ) base (argument #1) must be less than limit (argument #2)") \
	X(LQUANT_STEPLARGE,	CG,	"lquantize( ) step (argument #3) too large: must have at least one quantization level") \
	X(LQUANT_STEPSMALL,	CG,	"lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity") \
	X(LQUANT_STEPTYPE,	CG,	"lquantize( ) argument #3 must be an integer constant | ... a non-zero positive integer constant") \
	X(LQUANT_STEPVAL,	CG,	"lquantize( ) argument #3 must be a 16-bit quantity") \
	X(MACRO_OFLOW,		CG,	"macro argument $%s constant %s results in integer overflow") \
	X(MACRO_UNDEF,		CG,	"macro variable $%s is not defined | macro argument $%s is not defined") \
	X(MACRO_UNUSED,		CG,	"extraneous argument '%s' ($%zu is not referenced)") \
	X(NOREG,		CHECK,	"expression too complex: out of registers") \
	X(NORMALIZE_AGGARG,	CG,	"%s( ) argument #%zu is incompatible with prototype: ... (normalize, denormalize)") \
	X(NORMALIZE_AGGBAD,	CG,	"undefined aggregation: @%s") \
	X(OFFSETOF_BITFIELD,	CHECK,	"cannot take offset of a bit-field: %s") \
	X(OFFSETOF_TYPE,	CHECK,	"offsetof( ) first argument must be of struct or union type") \
	X(OP_ACT,		CHECK,	"operator , operands cannot be actions | action cannot be used in a conditional context") \
	X(OP_ARITH,		CHECK,	"operator %s requires operands of arithmetic type") \
	X(OP_ARRFUN,		CHECK,	"operator %s may not be applied to operand of type \"%s\"") \
	X(OP_DYN,		CHECK,	"operator %s operands cannot be of dynamic type") \
	X(OP_INCOMPAT,		CHECK,	"operands have incompatible types: \"%s\" %s \"%s\" | ...") \
	X(OP_INCOMPLETE,	CHECK,	"operator %s cannot be applied to a forward declaration: no %s definition is available") \
	X(OP_INT,		CHECK,	"operator %s requires operands of integral type") \
	X(OP_LVAL,		CHECK,	"operator %s requires modifiable lvalue as an operand") \
	X(OP_PTR,		CHECK,	"operator -> must be applied to a pointer") \
	X(OP_SCALAR,		CHECK,	"operator %s requires operands of scalar type") \
	X(OP_SOU,		CHECK,	"operator %s cannot be applied to type \"%s\"; must be applied to a struct or union | ... pointer to type ...") \
	X(OP_VFPTR,		CHECK,	"operator %s requires an operand of known size | operator %s requires left-hand scalar operand of known size") \
	X(OP_WRITE,		CHECK,	"operator %s can only be applied to a writable variable") \
	X(PDESC_INVAL,		CG,	"invalid probe description \"%s\": Undefined macro variable in probe description") \
	X(PRAGCTL_INVAL,	CHECK,	"invalid control directive: #%s") \
	X(PRAGERR,		CHECK,	"#error: %s") \
	X(PRAGMA_DEPEND,	CHECK,	"program requires provider %s | program requires module %s | ...") \
	X(PRAGMA_INVAL,		CHECK,	"invalid D pragma: %s | invalid class %s specified by #pragma depends_on") \
	X(PRAGMA_MALFORM,	CHECK,	"malformed #pragma %s ... | superfluous arguments specified for #pragma %s") \
	X(PRAGMA_OPTSET,	CHECK,	"failed to set option '%s' to '%s': %s") \
	X(PRED_SCALAR,		CHECK,	"predicate result must be of scalar type") \
	X(PRINTA_AGGARG,	CG,	"printa( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s") \
	X(PRINTA_AGGBAD,	CG,	"undefined aggregation: @%s") \
	X(PRINTA_AGGKEY,	CG,	"printa( ): @%s and @%s do not have matching key signatures: ...") \
	X(PRINTA_AGGPROTO,	CG,	"printa( ): %s[ ] key #%zu is incompatible with %s: ...") \
	X(PRINTA_PROTO,		CG,	"printa( ) prototype mismatch: 1 args passed, 2 expected") \
	X(PRINTF_AGG_CONV,	CG,	"%%@ conversion requires an aggregation and is not for use with %s( )") \
	X(PRINTF_ARG_EXTRA,	CG,	"%s( ) prototype mismatch: only %zu arguments required by this format string") \
	X(PRINTF_ARG_FMT,	CG,	"%s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s") \
	X(PRINTF_ARG_PROTO,	CG,	"%s( ) prototype mismatch: conversion #%u (%%%s) is missing a corresponding %s argument") \
	X(PRINTF_ARG_TYPE,	CG,	"%s( ) argument #%zu is incompatible with conversion #%u prototype: ...") \
	X(PRINTF_DSIZE,		CG,	"printa( ) %s (the format's error)") \
	X(PRINTF_DYN_PROTO,	CG,	"%s( ) prototype mismatch: conversion #%u (%%%s) is missing a corresponding %s argument") \
	X(PRINTF_DYN_TYPE,	CG,	"%s( ) argument #%zu is incompatible with conversion #%u prototype: ... int ...") \
	X(PRINTF_FMT_EMPTY,	CG,	"%s( ) format string is empty") \
	X(PROTO_ARG,		CHECK,	"%s( ) argument #%zu is incompatible with prototype:\n\tprototype: %s\n\t argument: %s") \
	X(PROTO_LEN,		CHECK,	"%s( ) prototype mismatch: %zu args passed, %s expected") \
	X(SIZEOF_BITFIELD,	CHECK,	"cannot apply sizeof to a bit-field") \
	X(SIZEOF_TYPE,		CHECK,	"cannot apply sizeof to an operand of unknown size") \
	X(SPEC_COMM,		CG,	"speculate( ) may not follow commit( )") \
	X(SPEC_DREC,		CG,	"speculate( ) may not follow data-recording action(s)") \
	X(SPEC_SPEC,		CG,	"speculate( ) may not follow speculate( )") \
	X(STACK_SIZE,		CG,	"stack( ) argument #1 must be a non-zero positive integer constant") \
	X(STRINGOF_TYPE,	CHECK,	"cannot apply stringof to a value of type %s") \
	X(STR_NL,		CHECK,	"unterminated string literal | newline encountered in string literal") \
	X(SYNTAX,		CG,	"syntax error near \"%s\" | ...") \
	X(TRACEMEM_ADDR,	CG,	"tracemem( ) argument #1 is incompatible with prototype: ...") \
	X(TRACEMEM_SIZE,	CG,	"tracemem( ) argument #2 must be a non-zero positive integral constant expression") \
	X(TRACE_DYN,		CHECK,	"trace( ) may not be applied to a dynamic expression") \
	X(TRACE_VOID,		CG,	"trace( ) may not be applied to a void expression") \
	X(TRUNC_AGGARG,		CG,	"trunc( ) argument #%zu is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s") \
	X(TRUNC_AGGBAD,		CG,	"undefined aggregation: @%s") \
	X(TYPE_ERR,		CHECK,	"failed to resolve type %s") \
	X(TYPE_MEMBER,		CHECK,	"%s is not a member of %s") \
	X(UNKNOWN,		CHECK,	"out of memory (and an error without a tag of its own)") \
	X(UNSUPPORTED,		CG,	"not supported: %s | not supported yet: %s | a limit of spectrace's") \
	X(USTACK_FRAMES,	CG,	"ustack( ) argument #1 must be a non-zero positive integer constant") \
	X(USTACK_STRSIZE,	CG,	"ustack( ) argument #2 must be a positive integer constant") \
	X(VAR_UNDEF,		CHECK,	"%s%s has not yet been declared or assigned")
/* clang-format on */

enum diag_tag {
#define DIAG_TAG_ENUM(name, at, shape) DIAG_##name,
	DIAG_TAGS(DIAG_TAG_ENUM)
#undef DIAG_TAG_ENUM
		DIAG_NTAGS
};

/* Where dtrace raises a tag (see AT above). */
enum diag_at {
	DIAG_AT_CHECK,
	DIAG_AT_CG,
};

/* The tag's text, "D_SYNTAX" (a tag out of range reads "D_UNKNOWN"). */
const char *diag_tag_name(enum diag_tag tag);
/* Its message's shape, as in the table. */
const char *diag_tag_shape(enum diag_tag tag);
enum diag_at diag_tag_at(enum diag_tag tag);

/* Where dtrace says an error of a -n program arose (type checking only). */
#define DIAG_REGION_PRED "in predicate"
#define DIAG_REGION_ACTS "in action list"

struct diag {
	const char *tag;    /* diag_tag_name() of its tag, "D_SYNTAX" */
	char *file;	    /* script name, NULL for -n text */
	unsigned int line;  /* from 1; 0: no position */
	unsigned int col;   /* from 1; 0: unknown */
	const char *region; /* DIAG_REGION_*, NULL: none */
	char *filetag;	    /* a line marker's file ("FILE", line N), NULL: the script */
	char *msg;
};

struct diag_list {
	struct diag *v; /* in the order reported */
	size_t n;
	size_t cap;
	bool nomem; /* an entry was lost for want of memory */
	/* How diag_print shows them (set by the caller; false/NULL by default). */
	bool errtags;	 /* -xerrtags: "[TAG] " before the location */
	bool caret;	 /* add the source line and a caret (a terminal) */
	const char *src; /* the source text the lines and columns are in */
	size_t srclen;
};

void diag_list_init(struct diag_list *dl);
void diag_list_fini(struct diag_list *dl);

/*
 * Append an entry tagged TAG. FILE is copied. Trailing newlines of the formatted message are dropped. Returns
 * 0 or -ENOMEM, in which case dl->nomem is set.
 */
int diag_add(struct diag_list *dl, enum diag_tag tag, const char *file, unsigned int line,
	     unsigned int col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
int diag_vadd(struct diag_list *dl, enum diag_tag tag, const char *file, unsigned int line,
	      unsigned int col, const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));

/* Drop the entries from the N-th on (a check that is retried). */
void diag_truncate(struct diag_list *dl, size_t n);

/* Set the region (DIAG_REGION_*) of the last entry, if there is one. */
void diag_set_region(struct diag_list *dl, const char *region);

/*
 * The file a line marker named for the last entry's line (an #include'd
 * file under -C), copied; NULL leaves the script's plain "line N".
 */
void diag_set_filetag(struct diag_list *dl, const char *filetag);

/*
 * Print every entry to FP, as described above. SPEC is the -n text shown for
 * entries without a file (may be NULL). Returns 0 or -EIO.
 */
int diag_print(FILE *fp, const struct diag_list *dl, const char *spec);

#endif /* SPT_DIAG_H */
