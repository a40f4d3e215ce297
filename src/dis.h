/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/* The disassembler behind -S: a program image's bytecode, readable. */
#ifndef SPT_DIS_H
#define SPT_DIS_H

#include <stdio.h>

#include "image.h"

/* Print each clause's descriptions, record layout and instructions. */
void dis_image(FILE *out, const struct image *img);

#endif /* SPT_DIS_H */
