/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The D lexer.
 *
 * There is no preprocessor. A '#' that opens a line (blanks aside) starts a
 * control line: "#pragma ..." becomes one LEX_PRAGMA token carrying the rest
 * of the line up to a comment, a "#!" first line is skipped, an empty "#"
 * line and "#ident" are ignored, a line marker ("# N "file"" as cpp writes
 * them under -C, or "#line N") sets the next line's number, and anything
 * else is reported as an unsupported C preprocessor directive.
 *
 * Probe descriptions are lexed only in LEX_MODE_CLAUSE, which the parser asks
 * for where a clause may begin; see lex.h for how a declaration is told
 * apart from a description there.
 *
 * Invariants: the lexer reads nothing at or past len; its only state is its
 * position, so a struct lexer may be copied and restored; an error is
 * reported once, by the lex_next call that returns it, and that call has
 * consumed at least one byte, so lexing on after an error always ends.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "compile.h"
#include "lex.h"

static const struct {
	const char *word;
	enum lex_kw kw;
} keywords[] = {
	{ "auto", LEX_KW_AUTO },
	{ "break", LEX_KW_BREAK },
	{ "case", LEX_KW_CASE },
	{ "char", LEX_KW_CHAR },
	{ "const", LEX_KW_CONST },
	{ "continue", LEX_KW_CONTINUE },
	{ "default", LEX_KW_DEFAULT },
	{ "do", LEX_KW_DO },
	{ "double", LEX_KW_DOUBLE },
	{ "else", LEX_KW_ELSE },
	{ "enum", LEX_KW_ENUM },
	{ "extern", LEX_KW_EXTERN },
	{ "float", LEX_KW_FLOAT },
	{ "for", LEX_KW_FOR },
	{ "goto", LEX_KW_GOTO },
	{ "if", LEX_KW_IF },
	{ "inline", LEX_KW_INLINE },
	{ "int", LEX_KW_INT },
	{ "long", LEX_KW_LONG },
	{ "offsetof", LEX_KW_OFFSETOF },
	{ "provider", LEX_KW_PROVIDER },
	{ "register", LEX_KW_REGISTER },
	{ "restrict", LEX_KW_RESTRICT },
	{ "return", LEX_KW_RETURN },
	{ "self", LEX_KW_SELF },
	{ "short", LEX_KW_SHORT },
	{ "signed", LEX_KW_SIGNED },
	{ "sizeof", LEX_KW_SIZEOF },
	{ "static", LEX_KW_STATIC },
	{ "string", LEX_KW_STRING },
	{ "stringof", LEX_KW_STRINGOF },
	{ "struct", LEX_KW_STRUCT },
	{ "switch", LEX_KW_SWITCH },
	{ "this", LEX_KW_THIS },
	{ "translator", LEX_KW_TRANSLATOR },
	{ "typedef", LEX_KW_TYPEDEF },
	{ "union", LEX_KW_UNION },
	{ "unsigned", LEX_KW_UNSIGNED },
	{ "void", LEX_KW_VOID },
	{ "volatile", LEX_KW_VOLATILE },
	{ "while", LEX_KW_WHILE },
	{ "xlate", LEX_KW_XLATE },
};

/* D's own typedefs; anything else comes from compile_ctx.is_typedef. */
static const char *const builtin_typedefs[] = {
	"int8_t",	"int16_t",   "int32_t",	 "int64_t",   "uint8_t", "uint16_t",
	"uint32_t",	"uint64_t",  "intptr_t", "uintptr_t", "size_t",	 "ssize_t",
	"_Bool",	"ptrdiff_t", "uchar_t",	 "ushort_t",  "uint_t",	 "ulong_t",
	"u_longlong_t", "pid_t",     "id_t",	 "uid_t",     "gid_t",	 "processorid_t",
};

/* Operators' entries are their spelling: lex_operator matches against them. */
static const char *const kind_names[LEX_NKINDS] = {
	[LEX_EOF] = "end of input",
	[LEX_ERROR] = "invalid token",
	[LEX_IDENT] = "identifier",
	[LEX_INT] = "integer constant",
	[LEX_CHAR] = "character constant",
	[LEX_STRING] = "string literal",
	[LEX_AGG] = "aggregation",
	[LEX_MACRO] = "macro argument",
	[LEX_PSPEC] = "probe description",
	[LEX_PRAGMA] = "#pragma",
	[LEX_LPAREN] = "(",
	[LEX_RPAREN] = ")",
	[LEX_LBRACKET] = "[",
	[LEX_RBRACKET] = "]",
	[LEX_LBRACE] = "{",
	[LEX_RBRACE] = "}",
	[LEX_COMMA] = ",",
	[LEX_SEMI] = ";",
	[LEX_COLON] = ":",
	[LEX_QUESTION] = "?",
	[LEX_DOT] = ".",
	[LEX_ARROW] = "->",
	[LEX_PLUS] = "+",
	[LEX_MINUS] = "-",
	[LEX_STAR] = "*",
	[LEX_SLASH] = "/",
	[LEX_PERCENT] = "%",
	[LEX_SHL] = "<<",
	[LEX_SHR] = ">>",
	[LEX_LT] = "<",
	[LEX_LE] = "<=",
	[LEX_GT] = ">",
	[LEX_GE] = ">=",
	[LEX_EQ] = "==",
	[LEX_NE] = "!=",
	[LEX_AMP] = "&",
	[LEX_CARET] = "^",
	[LEX_PIPE] = "|",
	[LEX_LAND] = "&&",
	[LEX_LXOR] = "^^",
	[LEX_LOR] = "||",
	[LEX_BANG] = "!",
	[LEX_TILDE] = "~",
	[LEX_INC] = "++",
	[LEX_DEC] = "--",
	[LEX_ASSIGN] = "=",
	[LEX_ADD_ASSIGN] = "+=",
	[LEX_SUB_ASSIGN] = "-=",
	[LEX_MUL_ASSIGN] = "*=",
	[LEX_DIV_ASSIGN] = "/=",
	[LEX_MOD_ASSIGN] = "%=",
	[LEX_AND_ASSIGN] = "&=",
	[LEX_OR_ASSIGN] = "|=",
	[LEX_XOR_ASSIGN] = "^=",
	[LEX_SHL_ASSIGN] = "<<=",
	[LEX_SHR_ASSIGN] = ">>=",
};

const char *lex_kind_str(enum lex_kind kind)
{
	if ((unsigned int)kind >= LEX_NKINDS)
		return "?";
	return kind_names[kind];
}

const char *lex_kw_str(enum lex_kw kw)
{
	size_t i;

	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++) {
		if (keywords[i].kw == kw)
			return keywords[i].word;
	}
	return NULL;
}

bool lex_kw_is_type(enum lex_kw kw)
{
	switch (kw) {
	case LEX_KW_CHAR:
	case LEX_KW_SHORT:
	case LEX_KW_INT:
	case LEX_KW_LONG:
	case LEX_KW_SIGNED:
	case LEX_KW_UNSIGNED:
	case LEX_KW_VOID:
	case LEX_KW_STRING:
	case LEX_KW_FLOAT:
	case LEX_KW_DOUBLE:
	case LEX_KW_TYPENAME:
	case LEX_KW_STRUCT:
	case LEX_KW_UNION:
	case LEX_KW_ENUM:
	case LEX_KW_CONST:
	case LEX_KW_VOLATILE:
	case LEX_KW_RESTRICT:
		return true;
	default:
		return false;
	}
}

bool lex_kw_is_decl(enum lex_kw kw)
{
	switch (kw) {
	case LEX_KW_SELF:
	case LEX_KW_THIS:
	case LEX_KW_TYPEDEF:
	case LEX_KW_INLINE:
	case LEX_KW_EXTERN:
	case LEX_KW_STATIC:
	case LEX_KW_REGISTER:
	case LEX_KW_AUTO:
	case LEX_KW_TRANSLATOR:
	case LEX_KW_PROVIDER:
		return true;
	default:
		return lex_kw_is_type(kw);
	}
}

/* Character classes by hand: <ctype.h> depends on the locale. */
static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_alnum(int c)
{
	return is_alpha(c) || is_digit(c) || c == '_';
}

/* A backquote scopes a kernel symbol: `max_pid, vmlinux`jiffies. */
static bool is_word_start(int c)
{
	return is_alpha(c) || c == '_' || c == '`';
}

static bool is_word(int c)
{
	return is_alnum(c) || c == '`';
}

static bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_pspec(int c)
{
	return is_alnum(c) || (c > 0 && strchr(":.*?[]!-+$\\`", c));
}

static int hex_value(int c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void lex_init(struct lexer *lx, struct compile_ctx *cc, const char *file, const char *text,
	      size_t len)
{
	lx->cc = cc;
	lx->file = file;
	lx->src = text;
	lx->len = len;
	lx->pos = 0;
	lx->line = 1;
	lx->col = 1;
	lx->parens = lx->brackets = lx->braces = 0;
	lx->mfile = NULL;
}

static int peekc(const struct lexer *lx, size_t ahead)
{
	size_t i = lx->pos + ahead;

	return i < lx->len ? (unsigned char)lx->src[i] : -1;
}

static void advance(struct lexer *lx, size_t n)
{
	for (; n && lx->pos < lx->len; n--, lx->pos++) {
		if (lx->src[lx->pos] == '\n') {
			lx->line++;
			lx->col = 1;
		} else {
			lx->col++;
		}
	}
}

static void skip_to_eol(struct lexer *lx)
{
	while (lx->pos < lx->len && lx->src[lx->pos] != '\n')
		advance(lx, 1);
}

__attribute__((format(printf, 6, 7))) static int lex_err(struct lexer *lx, struct lex_token *tok,
							 enum diag_tag tag, unsigned int line,
							 unsigned int col, const char *fmt, ...)
{
	va_list ap;

	tok->kind = LEX_ERROR;
	tok->line = line;
	tok->col = col;
	va_start(ap, fmt);
	diag_vadd(&lx->cc->diags, tag, lx->file, line, col, fmt, ap);
	va_end(ap);
	diag_set_filetag(&lx->cc->diags, lx->mfile);
	return -EINVAL;
}

static int lex_nomem(struct lexer *lx, struct lex_token *tok)
{
	if (lx->pos < lx->len)
		advance(lx, 1);
	lex_err(lx, tok, DIAG_UNKNOWN, tok->line, tok->col, "out of memory");
	return -ENOMEM;
}

static bool at_line_start(const struct lexer *lx)
{
	size_t i;

	for (i = lx->pos; i > 0; i--) {
		if (lx->src[i - 1] == '\n')
			return true;
		if (!is_blank((unsigned char)lx->src[i - 1]))
			return false;
	}
	return true;
}

static int skip_space(struct lexer *lx, struct lex_token *tok)
{
	unsigned int line, col;
	int c;

	for (;;) {
		c = peekc(lx, 0);
		if (is_space(c)) {
			advance(lx, 1);
		} else if (c == '\\' && peekc(lx, 1) == '\n') {
			advance(lx, 2); /* a line continuation is discarded */
		} else if (c == '/' && peekc(lx, 1) == '*') {
			line = lx->line;
			col = lx->col;
			advance(lx, 2);
			while (!(peekc(lx, 0) == '*' && peekc(lx, 1) == '/')) {
				/* dtrace's words for both. */
				if (lx->pos >= lx->len)
					return lex_err(
						lx, tok, DIAG_SYNTAX, line, col,
						"end-of-file encountered before matching */");
				if (peekc(lx, 0) == '/' && peekc(lx, 1) == '*')
					return lex_err(lx, tok, DIAG_SYNTAX, lx->line, lx->col,
						       "/* encountered inside a comment");
				advance(lx, 1);
			}
			advance(lx, 2);
		} else {
			return 0;
		}
	}
}

/*
 * A line marker's "file", at its quote: cpp writes \\ and \" for a
 * backslash and a quote. "<stdin>" and the like are the script itself.
 */
static int lex_marker_file(struct lexer *lx)
{
	const char *s = lx->src;
	size_t end, n = 0;
	char *name;

	advance(lx, 1);
	for (end = lx->pos; end < lx->len && s[end] != '"' && s[end] != '\n'; end++) {
		if (s[end] == '\\' && end + 1 < lx->len && s[end + 1] != '\n')
			end++;
	}
	name = arena_alloc(&lx->cc->arena, end - lx->pos + 1);
	if (!name)
		return -ENOMEM;
	while (lx->pos < end) {
		if (s[lx->pos] == '\\')
			advance(lx, 1);
		name[n++] = s[lx->pos];
		advance(lx, 1);
	}
	name[n] = '\0';
	lx->mfile = n && name[0] != '<' ? name : NULL;
	return 0;
}

/*
 * A control line, at its '#'. Returns 0 with a LEX_PRAGMA token, 1 when the
 * line produced no token, or an error.
 */
static int lex_control(struct lexer *lx, struct lex_token *tok)
{
	const char *s = lx->src;
	size_t start, end;

	/* dtrace discards any line whose first non-blank characters are "#!". */
	if (peekc(lx, 1) == '!') {
		skip_to_eol(lx);
		return 1;
	}
	advance(lx, 1);
	while (is_blank(peekc(lx, 0)))
		advance(lx, 1);
	start = lx->pos;
	while (lx->pos < lx->len && !is_space(peekc(lx, 0)))
		advance(lx, 1);
	end = lx->pos;
	if (start == end)
		return 1;

	/*
	 * Line markers, as cpp writes them ("# 12 "file" 1") or by hand
	 * ("#line 12 ["file"]"): the next line is line N, of that file if one
	 * is named (messages then say "FILE", line N, as dtrace's do).
	 */
	if (is_digit((unsigned char)s[start]) ||
	    (end - start == 4 && memcmp(s + start, "line", 4) == 0)) {
		unsigned long n = 0;
		size_t i;

		if (!is_digit((unsigned char)s[start])) {
			while (is_blank(peekc(lx, 0)))
				advance(lx, 1);
			start = lx->pos;
			while (lx->pos < lx->len && !is_space(peekc(lx, 0)))
				advance(lx, 1);
			end = lx->pos;
		}
		for (i = start; i < end && is_digit((unsigned char)s[i]) && n < 100000000; i++)
			n = n * 10 + (unsigned long)(s[i] - '0');
		if (i == start || i != end) {
			skip_to_eol(lx);
			return lex_err(lx, tok, DIAG_PRAGCTL_INVAL, tok->line, tok->col,
				       "invalid control directive: #%.*s",
				       (int)(end - start > 32 ? 32 : end - start), s + start);
		}
		while (is_blank(peekc(lx, 0)))
			advance(lx, 1);
		if (peekc(lx, 0) == '"' && lex_marker_file(lx))
			return lex_nomem(lx, tok);
		skip_to_eol(lx);
		/* the newline ending this line makes it line n */
		lx->line = (unsigned int)n - 1;
		return 1;
	}
	if (end - start == 5 && !memcmp(s + start, "ident", 5)) {
		skip_to_eol(lx);
		return 1;
	}
	if (end - start == 5 && !memcmp(s + start, "error", 5)) {
		/* "#error a b" is dtrace's "#error: a b ": each token and a blank. */
		char msg[256];
		size_t n = 0;

		for (;;) {
			while (is_blank(peekc(lx, 0)))
				advance(lx, 1);
			if (lx->pos >= lx->len || s[lx->pos] == '\n')
				break;
			while (lx->pos < lx->len && !is_space(peekc(lx, 0))) {
				if (n < sizeof(msg) - 2)
					msg[n++] = s[lx->pos];
				advance(lx, 1);
			}
			if (n < sizeof(msg) - 1)
				msg[n++] = ' ';
		}
		msg[n] = '\0';
		return lex_err(lx, tok, DIAG_PRAGERR, tok->line, tok->col, "#error: %s", msg);
	}
	if (end - start != 6 || memcmp(s + start, "pragma", 6) != 0) {
		skip_to_eol(lx);
		return lex_err(lx, tok, DIAG_PRAGCTL_INVAL, tok->line, tok->col,
			       "invalid control directive: #%.*s",
			       (int)(end - start > 64 ? 64 : end - start), s + start);
	}

	while (is_blank(peekc(lx, 0)))
		advance(lx, 1);
	start = lx->pos;
	while (lx->pos < lx->len && s[lx->pos] != '\n' &&
	       !(s[lx->pos] == '/' && peekc(lx, 1) == '*'))
		advance(lx, 1);
	end = lx->pos;
	while (end > start && is_blank((unsigned char)s[end - 1]))
		end--;
	tok->kind = LEX_PRAGMA;
	tok->str = arena_strndup(&lx->cc->arena, s + start, end - start);
	if (!tok->str)
		return lex_nomem(lx, tok);
	tok->len = end - start;
	return 0;
}

static enum lex_kw classify_word(const struct lexer *lx, const char *w)
{
	const struct compile_ctx *cc = lx->cc;
	size_t i;

	if (strchr(w, '`'))
		return LEX_KW_NONE;
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++) {
		if (strcmp(w, keywords[i].word) == 0)
			return keywords[i].kw;
	}
	for (i = 0; i < sizeof(builtin_typedefs) / sizeof(builtin_typedefs[0]); i++) {
		if (strcmp(w, builtin_typedefs[i]) == 0)
			return LEX_KW_TYPENAME;
	}
	for (i = 0; i < cc->ntdefs; i++)
		if (strcmp(w, cc->tdefs[i]) == 0)
			return LEX_KW_TYPENAME;
	return LEX_KW_NONE;
}

static int lex_word(struct lexer *lx, struct lex_token *tok)
{
	size_t start = lx->pos;

	while (is_word(peekc(lx, 0)))
		advance(lx, 1);
	tok->kind = LEX_IDENT;
	tok->len = lx->pos - start;
	tok->str = arena_strndup(&lx->cc->arena, lx->src + start, tok->len);
	if (!tok->str)
		return lex_nomem(lx, tok);
	tok->kw = classify_word(lx, tok->str);
	return 0;
}

static int lex_pspec(struct lexer *lx, struct lex_token *tok)
{
	const char *s = lx->src + lx->pos;
	size_t run = 0, word = 0;
	char *w;

	while (is_pspec(peekc(lx, run)))
		run++;
	if (is_alpha(s[0]) || s[0] == '_') {
		while (word < run && is_alnum((unsigned char)s[word]))
			word++;
	}
	if (word && (word == run || s[word] == '*')) {
		w = arena_strndup(&lx->cc->arena, s, word);
		if (!w)
			return lex_nomem(lx, tok);
		if (lex_kw_is_decl(classify_word(lx, w)))
			return lex_word(lx, tok);
		/* u64 x; declares: a bare word that names a type is not a probe */
		if (lx->cc->is_typedef && strcmp(w, "BEGIN") && strcmp(w, "END") &&
		    strcmp(w, "ERROR") && lx->cc->is_typedef(w, lx->cc->is_typedef_arg)) {
			if (compile_ctx_add_tdef(lx->cc, w))
				return lex_nomem(lx, tok);
			return lex_word(lx, tok);
		}
	}

	tok->kind = LEX_PSPEC;
	tok->len = run;
	tok->str = arena_strndup(&lx->cc->arena, s, run);
	if (!tok->str)
		return lex_nomem(lx, tok);
	advance(lx, run);
	return 0;
}

/*
 * A floating-point constant at position N of the text (after its first
 * digits, or at a '.' followed by a digit): "1.", "1.5", ".5", "1e3",
 * "1.5e-3f". Returns its length, 0 if there is none.
 */
static size_t float_len(const struct lexer *lx, size_t n)
{
	size_t m = n;
	bool frac = false;

	if (peekc(lx, m) == '.') {
		frac = true;
		for (m++; is_digit(peekc(lx, m)); m++)
			;
	}
	if ((peekc(lx, m) == 'e' || peekc(lx, m) == 'E') &&
	    (is_digit(peekc(lx, m + 1)) || ((peekc(lx, m + 1) == '+' || peekc(lx, m + 1) == '-') &&
					    is_digit(peekc(lx, m + 2))))) {
		for (m += 2; is_digit(peekc(lx, m)); m++)
			;
	} else if (!frac) {
		return 0;
	}
	if (strchr("fFlL", peekc(lx, m) > 0 ? peekc(lx, m) : 'x'))
		m++;
	return m;
}

/*
 * dtrace's integer constants: [0-9]+ or 0[xX][0-9a-fA-F]+, then the suffix
 * [uU]?[lL]?[lL]?, and nothing more: what follows is the next token, so
 * "10lu" is 10l and the identifier u, a syntax error, as in dtrace.
 */
static int lex_number(struct lexer *lx, struct lex_token *tok)
{
	const char *s = lx->src + lx->pos;
	unsigned int base = 10, flags = 0;
	size_t n = 0, i = 0, f;
	bool oflow = false;
	uint64_t v = 0;
	int d;

	if (s[0] == '0' && (peekc(lx, 1) == 'x' || peekc(lx, 1) == 'X') &&
	    hex_value(peekc(lx, 2)) >= 0) {
		base = 16;
		for (n = i = 2; hex_value(peekc(lx, n)) >= 0; n++)
			;
	} else {
		while (is_digit(peekc(lx, n)))
			n++;
		f = float_len(lx, n);
		if (f) {
			advance(lx, f);
			return lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col,
				       "floating-point constants are not permitted");
		}
		if (n > 1 && s[0] == '0') {
			base = 8;
			i = 1;
		}
	}
	for (; i < n; i++) {
		d = hex_value((unsigned char)s[i]);
		if ((unsigned int)d >= base) {
			advance(lx, n);
			return lex_err(lx, tok, DIAG_INT_DIGIT, tok->line, tok->col,
				       "constant %.*s contains invalid digit %c", (int)n, s, s[i]);
		}
		if (__builtin_mul_overflow(v, base, &v) || __builtin_add_overflow(v, d, &v))
			oflow = true;
	}
	if (peekc(lx, n) == 'u' || peekc(lx, n) == 'U') {
		flags |= LEX_INT_UNSIGNED;
		if (s[n] == 'U')
			flags |= LEX_INT_UPPER_U;
		n++;
	}
	if (peekc(lx, n) == 'l' || peekc(lx, n) == 'L') {
		if (peekc(lx, n + 1) == 'l' || peekc(lx, n + 1) == 'L') {
			flags |= LEX_INT_LONGLONG;
			n += 2;
		} else {
			flags |= LEX_INT_LONG;
			n++;
		}
	}
	advance(lx, n);
	if (oflow)
		return lex_err(lx, tok, DIAG_INT_OFLOW, tok->line, tok->col,
			       "constant %.*s results in integer overflow", (int)n, s);

	tok->kind = LEX_INT;
	tok->value = v;
	tok->base = base;
	tok->flags = flags;
	return 0;
}

/* One escape sequence, at its backslash, which is not the last byte of a line. */
static int lex_escape(struct lexer *lx, struct lex_token *tok, unsigned char *out,
		      unsigned int *nout)
{
	unsigned int line = lx->line, col = lx->col, v = 0, n;
	int c = peekc(lx, 1), d;

	*nout = 1;
	advance(lx, 2);
	switch (c) {
	case 'n':
		*out = '\n';
		return 0;
	case 't':
		*out = '\t';
		return 0;
	case 'v':
		*out = '\v';
		return 0;
	case 'b':
		*out = '\b';
		return 0;
	case 'r':
		*out = '\r';
		return 0;
	case 'f':
		*out = '\f';
		return 0;
	case 'a':
		*out = '\a';
		return 0;
	case 'x':
		for (n = 0; (d = hex_value(peekc(lx, 0))) >= 0; n++) {
			v = (v * 16 + (unsigned int)d) & 0xff;
			advance(lx, 1);
		}
		if (!n)
			return lex_err(lx, tok, DIAG_SYNTAX, line, col,
				       "\\x used with no following hex digits");
		/* Any number of digits, the value kept to 8 bits, as in dtrace. */
		*out = (unsigned char)v;
		return 0;
	default:
		break;
	}
	if (c >= '0' && c <= '7') {
		v = (unsigned int)(c - '0');
		for (n = 1; n < 3 && peekc(lx, 0) >= '0' && peekc(lx, 0) <= '7'; n++) {
			v = v * 8 + (unsigned int)(peekc(lx, 0) - '0');
			advance(lx, 1);
		}
		*out = (unsigned char)v; /* \777 kept to 8 bits */
		return 0;
	}
	if (c == '\\' || c == '"') {
		*out = (unsigned char)c;
		return 0;
	}
	/* Any other escape (\' \? \e ...) is kept as written, backslash included. */
	out[0] = '\\';
	out[1] = (unsigned char)c;
	*nout = 2;
	return 0;
}

static int lex_char(struct lexer *lx, struct lex_token *tok)
{
	unsigned int nbytes = 0, nb = 1, k;
	unsigned char byte[2];
	bool too_long = false;
	uint64_t v = 0;
	int c, ret;

	advance(lx, 1);
	for (;;) {
		c = peekc(lx, 0);
		if (c == '\\' && (peekc(lx, 1) == '\n' || peekc(lx, 1) < 0)) {
			advance(lx, 1);
			c = peekc(lx, 0);
		}
		if (c < 0)
			return lex_err(lx, tok, DIAG_CHR_NL, tok->line, tok->col,
				       "unterminated character constant");
		if (c == '\n')
			return lex_err(lx, tok, DIAG_CHR_NL, tok->line, tok->col,
				       "newline encountered in character constant");
		if (c == '\'') {
			advance(lx, 1);
			break;
		}
		if (c == '\\') {
			ret = lex_escape(lx, tok, byte, &nb);
			if (ret)
				return ret;
		} else {
			byte[0] = (unsigned char)c;
			nb = 1;
			advance(lx, 1);
		}
		for (k = 0; k < nb; k++) {
			if (nbytes == 8) {
				too_long = true;
			} else {
				v = v << 8 | byte[k];
				nbytes++;
			}
		}
	}
	if (!nbytes)
		return lex_err(lx, tok, DIAG_CHR_NULL, tok->line, tok->col,
			       "empty character constant");
	if (too_long)
		return lex_err(lx, tok, DIAG_CHR_OFLOW, tok->line, tok->col,
			       "character constant is too long");
	tok->kind = LEX_CHAR;
	tok->value = v;
	tok->nbytes = nbytes;
	return 0;
}

static int lex_string(struct lexer *lx, struct lex_token *tok)
{
	const char *s = lx->src;
	size_t end = lx->pos + 1, n = 0;
	unsigned char byte[2];
	unsigned int nb, k;
	char *buf;
	int ret;

	/* Find the end first: the decoded string is never longer than that. */
	for (;;) {
		if (end >= lx->len || s[end] == '\n') {
			advance(lx, end - lx->pos);
			if (end >= lx->len)
				return lex_err(lx, tok, DIAG_STR_NL, tok->line, tok->col,
					       "unterminated string literal");
			return lex_err(lx, tok, DIAG_STR_NL, tok->line, tok->col,
				       "newline encountered in string literal");
		}
		if (s[end] == '"')
			break;
		if (s[end] == '\\' && end + 1 < lx->len && s[end + 1] != '\n')
			end++;
		end++;
	}

	buf = arena_alloc(&lx->cc->arena, end - lx->pos);
	if (!buf)
		return lex_nomem(lx, tok);
	advance(lx, 1);
	while (lx->pos < end) {
		if (s[lx->pos] == '\\') {
			ret = lex_escape(lx, tok, byte, &nb);
			if (ret) {
				advance(lx, end + 1 - lx->pos);
				return ret;
			}
			for (k = 0; k < nb; k++)
				buf[n++] = (char)byte[k];
		} else {
			buf[n++] = s[lx->pos];
			advance(lx, 1);
		}
	}
	advance(lx, 1);
	buf[n] = '\0';
	tok->kind = LEX_STRING;
	tok->str = buf;
	tok->len = n;
	return 0;
}

static int lex_agg(struct lexer *lx, struct lex_token *tok)
{
	size_t start;

	advance(lx, 1);
	start = lx->pos;
	if (is_alpha(peekc(lx, 0)) || peekc(lx, 0) == '_') {
		while (is_alnum(peekc(lx, 0)))
			advance(lx, 1);
	}
	tok->kind = LEX_AGG;
	tok->len = lx->pos - start;
	tok->str = arena_strndup(&lx->cc->arena, lx->src + start, tok->len);
	if (!tok->str)
		return lex_nomem(lx, tok);
	return 0;
}

static int lex_macro(struct lexer *lx, struct lex_token *tok)
{
	size_t start;

	advance(lx, 1);
	if (peekc(lx, 0) == '$') {
		tok->flags = LEX_MACRO_STRING;
		advance(lx, 1);
	}
	start = lx->pos;
	if (is_digit(peekc(lx, 0))) {
		while (is_digit(peekc(lx, 0)))
			advance(lx, 1);
	} else if (is_alpha(peekc(lx, 0)) || peekc(lx, 0) == '_') {
		while (is_alnum(peekc(lx, 0)))
			advance(lx, 1);
	} else {
		return lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col,
			       "syntax error near \"%s\"", tok->flags ? "$$" : "$");
	}
	tok->kind = LEX_MACRO;
	tok->len = lx->pos - start;
	tok->str = arena_strndup(&lx->cc->arena, lx->src + start, tok->len);
	if (!tok->str)
		return lex_nomem(lx, tok);
	return 0;
}

static int lex_operator(struct lexer *lx, struct lex_token *tok)
{
	enum lex_kind k, best = LEX_ERROR;
	size_t n, bestn = 0;
	int c = peekc(lx, 0);

	for (k = LEX_LPAREN; k < LEX_NKINDS; k++) {
		n = strlen(kind_names[k]);
		if (n > bestn && n <= lx->len - lx->pos &&
		    memcmp(lx->src + lx->pos, kind_names[k], n) == 0) {
			best = k;
			bestn = n;
		}
	}
	if (!bestn) {
		advance(lx, 1);
		/* dtrace's message for any character it has no token for (a NUL
		 * cannot be shown in it). */
		if (!c)
			return lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col,
				       "invalid character 0x00");
		return lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col,
			       "syntax error near \"%c\"", c);
	}
	advance(lx, bestn);
	tok->kind = best;
	return 0;
}

/*
 * Count what ( [ { opens and ) ] } closes, and classify a '/'. Without -C
 * "//" is not a comment (cpp removes them under -C): its first '/' is a
 * predicate's end, as in dtrace, and so a syntax error anywhere else.
 */
static int lex_balance(struct lexer *lx, enum lex_mode mode, struct lex_token *tok)
{
	unsigned int *open = NULL;
	size_t i;

	switch (tok->kind) {
	case LEX_LPAREN:
		lx->parens++;
		return 0;
	case LEX_LBRACKET:
		lx->brackets++;
		return 0;
	case LEX_LBRACE:
		lx->braces++;
		return 0;
	case LEX_RPAREN:
		open = &lx->parens;
		break;
	case LEX_RBRACKET:
		open = &lx->brackets;
		break;
	case LEX_RBRACE:
		open = &lx->braces;
		break;
	case LEX_SLASH:
		for (i = lx->pos; i < lx->len && is_space((unsigned char)lx->src[i]); i++)
			;
		if (i < lx->len && !strchr(";{/", lx->src[i]))
			return 0;
		tok->flags |= LEX_SLASH_EPRED;
		if (mode != LEX_MODE_EXPR)
			return 0;
		if (lx->parens)
			return lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col,
				       "closing ) expected in predicate before /");
		if (lx->brackets)
			return lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col,
				       "closing ] expected in predicate before /");
		return 0;
	default:
		return 0;
	}
	if (*open) {
		(*open)--;
		return 0;
	}
	return lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col, "extra %s in input stream",
		       kind_names[tok->kind]);
}

int lex_next(struct lexer *lx, enum lex_mode mode, struct lex_token *tok)
{
	int c, ret;

	for (;;) {
		memset(tok, 0, sizeof(*tok));
		ret = skip_space(lx, tok);
		if (ret)
			return ret;
		tok->line = lx->line;
		tok->col = lx->col;
		tok->file = lx->mfile;
		tok->raw = lx->src + lx->pos;
		c = peekc(lx, 0);
		if (c != '#' || !at_line_start(lx))
			break;
		ret = lex_control(lx, tok);
		if (ret <= 0)
			goto out;
	}

	if (c < 0) {
		tok->kind = LEX_EOF;
		ret = 0;
	} else if (mode == LEX_MODE_CLAUSE && is_pspec(c)) {
		ret = lex_pspec(lx, tok);
	} else if (is_word_start(c)) {
		ret = lex_word(lx, tok);
	} else if (is_digit(c)) {
		ret = lex_number(lx, tok);
	} else if (c == '.' && is_digit(peekc(lx, 1))) {
		advance(lx, float_len(lx, 0));
		ret = lex_err(lx, tok, DIAG_SYNTAX, tok->line, tok->col,
			      "floating-point constants are not permitted");
	} else if (c == '\'') {
		ret = lex_char(lx, tok);
	} else if (c == '"') {
		ret = lex_string(lx, tok);
	} else if (c == '@') {
		ret = lex_agg(lx, tok);
	} else if (c == '$') {
		ret = lex_macro(lx, tok);
	} else {
		ret = lex_operator(lx, tok);
		if (!ret)
			ret = lex_balance(lx, mode, tok);
	}
out:
	if (!ret)
		tok->rawlen = (size_t)(lx->src + lx->pos - tok->raw);
	return ret;
}
