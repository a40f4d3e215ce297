/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * User stacks without frame pointers: the user registers and a copy of
 * the top of the user stack, recorded by ustack() under -x ustackwindow,
 * unwound with the DWARF CFI (.eh_frame, .debug_frame) of the process's
 * mapped files through elfutils' libdwfl.
 */
#ifndef SPT_UNWIND_H
#define SPT_UNWIND_H

#include <stdint.h>

/*
 * PID's stack from REGS (struct pt_regs, SPT_UREGS words) and the LEN
 * bytes at its sp in WIN: up to MAX frame addresses into PCS (the first
 * the interrupted PC, then return addresses). Returns how many (0: none).
 */
unsigned int unwind_user(uint32_t pid, const uint64_t *regs, const uint8_t *win, uint64_t len,
			 uint64_t *pcs, unsigned int max);
void unwind_free(void);

#endif /* SPT_UNWIND_H */
