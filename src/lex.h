/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D lexer: source text to tokens carrying line and column.
 */
#ifndef SPT_LEX_H
#define SPT_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct compile_ctx;

/*
 * Probe descriptions are not made of C tokens, so the parser tells the lexer
 * where one may start.
 */
enum lex_mode {
	LEX_MODE_EXPR, /* predicates, clause bodies, declarations */
	/*
	 * Where a clause or a top-level declaration may start: a run of
	 * description characters (letters, digits, _ : . * ? [ ] ! - + $ \ `)
	 * is one LEX_PSPEC, unless it opens with a word that starts a
	 * declaration ("int", "self", "uint64_t", ...) and is that word alone
	 * or that word followed by '*': then it is that word, a LEX_IDENT.
	 * Other characters lex as in LEX_MODE_EXPR.
	 */
	LEX_MODE_CLAUSE,
};

enum lex_kind {
	LEX_EOF,
	LEX_ERROR,  /* already reported */
	LEX_IDENT,  /* str: the word; kw: which keyword, if any */
	LEX_INT,    /* value, base, flags */
	LEX_CHAR,   /* value, nbytes */
	LEX_STRING, /* str, len: the bytes after escapes */
	LEX_AGG,    /* @name; str: the name, "" for a bare @ */
	LEX_MACRO,  /* $1, $$1, $target; str: "1", "target" */
	LEX_PSPEC,  /* probe description, raw (LEX_MODE_CLAUSE only) */
	LEX_PRAGMA, /* #pragma line; str: the text after "pragma" */

	LEX_LPAREN,	/* ( */
	LEX_RPAREN,	/* ) */
	LEX_LBRACKET,	/* [ */
	LEX_RBRACKET,	/* ] */
	LEX_LBRACE,	/* { */
	LEX_RBRACE,	/* } */
	LEX_COMMA,	/* , */
	LEX_SEMI,	/* ; */
	LEX_COLON,	/* : */
	LEX_QUESTION,	/* ? */
	LEX_DOT,	/* . */
	LEX_ARROW,	/* -> */
	LEX_PLUS,	/* + */
	LEX_MINUS,	/* - */
	LEX_STAR,	/* * */
	LEX_SLASH,	/* / */
	LEX_PERCENT,	/* % */
	LEX_SHL,	/* << */
	LEX_SHR,	/* >> */
	LEX_LT,		/* < */
	LEX_LE,		/* <= */
	LEX_GT,		/* > */
	LEX_GE,		/* >= */
	LEX_EQ,		/* == */
	LEX_NE,		/* != */
	LEX_AMP,	/* & */
	LEX_CARET,	/* ^ */
	LEX_PIPE,	/* | */
	LEX_LAND,	/* && */
	LEX_LXOR,	/* ^^ */
	LEX_LOR,	/* || */
	LEX_BANG,	/* ! */
	LEX_TILDE,	/* ~ */
	LEX_INC,	/* ++ */
	LEX_DEC,	/* -- */
	LEX_ASSIGN,	/* = */
	LEX_ADD_ASSIGN, /* += */
	LEX_SUB_ASSIGN, /* -= */
	LEX_MUL_ASSIGN, /* *= */
	LEX_DIV_ASSIGN, /* /= */
	LEX_MOD_ASSIGN, /* %= */
	LEX_AND_ASSIGN, /* &= */
	LEX_OR_ASSIGN,	/* |= */
	LEX_XOR_ASSIGN, /* ^= */
	LEX_SHL_ASSIGN, /* <<= */
	LEX_SHR_ASSIGN, /* >>= */
	LEX_NKINDS
};

/* The words D reserves, plus LEX_KW_TYPENAME for typedef names. */
enum lex_kw {
	LEX_KW_NONE, /* a plain identifier */
	/* type specifiers */
	LEX_KW_CHAR,
	LEX_KW_SHORT,
	LEX_KW_INT,
	LEX_KW_LONG,
	LEX_KW_SIGNED,
	LEX_KW_UNSIGNED,
	LEX_KW_VOID,
	LEX_KW_STRING,
	LEX_KW_FLOAT,
	LEX_KW_DOUBLE,
	LEX_KW_TYPENAME, /* int8_t ... ssize_t, or compile_ctx.is_typedef */
	LEX_KW_STRUCT,
	LEX_KW_UNION,
	LEX_KW_ENUM,
	/* qualifiers */
	LEX_KW_CONST,
	LEX_KW_VOLATILE,
	LEX_KW_RESTRICT,
	/* variable scopes */
	LEX_KW_SELF,
	LEX_KW_THIS,
	/* operators */
	LEX_KW_SIZEOF,
	LEX_KW_STRINGOF,
	LEX_KW_OFFSETOF,
	LEX_KW_XLATE,
	/* storage classes and definitions */
	LEX_KW_TYPEDEF,
	LEX_KW_INLINE,
	LEX_KW_EXTERN,
	LEX_KW_STATIC,
	LEX_KW_REGISTER,
	LEX_KW_AUTO,
	LEX_KW_TRANSLATOR,
	LEX_KW_PROVIDER,
	/* C statements D does not have */
	LEX_KW_IF,
	LEX_KW_ELSE,
	LEX_KW_FOR,
	LEX_KW_WHILE,
	LEX_KW_DO,
	LEX_KW_SWITCH,
	LEX_KW_CASE,
	LEX_KW_DEFAULT,
	LEX_KW_RETURN,
	LEX_KW_BREAK,
	LEX_KW_CONTINUE,
	LEX_KW_GOTO,
};

/* LEX_INT flags: the suffix written. */
#define LEX_INT_UNSIGNED 0x1 /* u */
#define LEX_INT_LONG 0x2     /* l */
#define LEX_INT_LONGLONG 0x4 /* ll */
#define LEX_INT_UPPER_U 0x8  /* the u written U (D's candidate types differ) */

/* LEX_MACRO flags */
#define LEX_MACRO_STRING 0x1 /* $$name */

/*
 * LEX_SLASH flags: the next character that is not a blank or a newline is
 * ';', '{', '/' or the end of the input, so in LEX_MODE_EXPR this '/' ends a
 * predicate rather than divides (dtrace's lexer decides the same way, on
 * that character; comments are not skipped for it).
 */
#define LEX_SLASH_EPRED 0x1

struct lex_token {
	enum lex_kind kind;
	enum lex_kw kw;	 /* LEX_IDENT */
	const char *raw; /* the token as written, in the source */
	size_t rawlen;
	unsigned int line;   /* of the first character, from 1 */
	unsigned int col;    /* in bytes, from 1 */
	const char *file;    /* the lexer's mfile where the token starts */
	char *str;	     /* NUL-terminated, in the arena; see lex_kind */
	size_t len;	     /* bytes in str, NUL excluded */
	uint64_t value;	     /* LEX_INT, LEX_CHAR */
	unsigned int base;   /* LEX_INT: 8, 10 or 16 */
	unsigned int flags;  /* LEX_INT_*, LEX_MACRO_* */
	unsigned int nbytes; /* LEX_CHAR: 1 to 8 */
};

/*
 * Plain data: copy it to save the position, assign it back to restore it.
 * The counts of open parentheses, brackets and braces are part of the
 * position: a ')' with none open is dtrace's "extra ) in input stream", a
 * predicate's end with one open its "closing ) expected in predicate".
 */
struct lexer {
	struct compile_ctx *cc;
	const char *file; /* for diagnostics; NULL for -n text */
	const char *src;
	size_t len;
	size_t pos;
	unsigned int line;
	unsigned int col;
	unsigned int parens;
	unsigned int brackets;
	unsigned int braces;
	/*
	 * The file the last line marker named ("# 1 "inc.h" 1", "#line 3
	 * "x.d""), in the arena; NULL for the script itself, also when cpp
	 * names it "<stdin>" (any name in <>).
	 */
	const char *mfile;
};

/* TEXT need not be NUL-terminated and must outlive the tokens. */
void lex_init(struct lexer *lx, struct compile_ctx *cc, const char *file, const char *text,
	      size_t len);

/*
 * The next token, LEX_PRAGMA included. Returns 0, or -EINVAL / -ENOMEM
 * after reporting the error to the context's diagnostics; TOK is then
 * LEX_ERROR with its position set.
 */
int lex_next(struct lexer *lx, enum lex_mode mode, struct lex_token *tok);

/* "+=" for operators, a description such as "identifier" for the others. */
const char *lex_kind_str(enum lex_kind kind);

/* The word, or NULL for LEX_KW_NONE and LEX_KW_TYPENAME. */
const char *lex_kw_str(enum lex_kw kw);

bool lex_kw_is_type(enum lex_kw kw); /* may start a type name */
bool lex_kw_is_decl(enum lex_kw kw); /* may start a top-level declaration */

#endif /* SPT_LEX_H */
