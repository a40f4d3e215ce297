/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * libFuzzer target over the D front end: lexer, parser and code generator
 * (types, scopes, D's rules). Any input must end in an image or in a
 * diagnostic, never in a crash, a leak or undefined behaviour.
 */
#include <stddef.h>
#include <stdint.h>

#include "cg.h"
#include "compile.h"
#include "opt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const macros[] = { "42", "bash" };
	struct compile_ctx cc;
	struct image img;
	struct opts o;

	compile_ctx_init(&cc);
	opt_init(&o);
	if (!cg_compile(&cc, &o, macros, 2, NULL, "fuzz.d", (const char *)data, size, &img))
		cg_image_free(&img);
	compile_ctx_fini(&cc);
	return 0;
}
