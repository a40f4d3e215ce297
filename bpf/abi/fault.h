/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Fault types of the D virtual machine, with DTrace's DTRACEFLT_* values:
 * they are what ERROR clauses see in arg4.
 */
#ifndef SPT_ABI_FAULT_H
#define SPT_ABI_FAULT_H

#define SPT_FLT_UNKNOWN 0   /* unknown fault */
#define SPT_FLT_BADADDR 1   /* bad address; value: the address */
#define SPT_FLT_BADALIGN 2  /* misaligned access; value: the address */
#define SPT_FLT_ILLOP 3	    /* illegal operation */
#define SPT_FLT_DIVZERO 4   /* division or modulo by zero */
#define SPT_FLT_NOSCRATCH 5 /* scratch space exhausted; value: bytes wanted */
#define SPT_FLT_KPRIV 6	    /* kernel address without privilege */
#define SPT_FLT_UPRIV 7	    /* user address without privilege */
#define SPT_FLT_TUPOFLOW 8  /* tuple stack overflow */
#define SPT_FLT_BADSTACK 9  /* bad stack */
#define SPT_FLT_BADSIZE 10  /* invalid size (dtrace-utils); value: the size */
#define SPT_FLT_BADINDEX 11 /* index out of bounds (dtrace-utils); value: the index */

#endif /* SPT_ABI_FAULT_H */
