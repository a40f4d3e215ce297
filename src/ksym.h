/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/* Kernel addresses as module`symbol+0xoff (printf's %a). */
#ifndef SPT_KSYM_H
#define SPT_KSYM_H

#include <stddef.h>

/* Load the text symbols of PATH (a kallsyms file); 0, or -1 if unreadable. */
int ksym_load_file(const char *path);
void ksym_free(void);
/* ADDR as dtrace's %a writes it: mod`sym+0xoff, mod`sym, or 0xaddr. */
void ksym_addr2str(unsigned long long addr, char *buf, size_t len);

/*
 * ADDR's symbol: *START its address, *MSTART the first text address of
 * its module. Returns 1, or 0 when ADDR is in no symbol (both left as ADDR).
 */
int ksym_start(unsigned long long addr, unsigned long long *start, unsigned long long *mstart);

#endif /* SPT_KSYM_H */
