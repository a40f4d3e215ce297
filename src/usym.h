/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * User addresses as object`symbol+0xoff: a process's mappings read from
 * /proc/PID/maps while it lives (usym_note), each mapped file's ELF
 * symbols (.symtab, else .dynsym) read through /proc/PID/root once per
 * file, so a frame resolves after its process exited.
 */
#ifndef SPT_USYM_H
#define SPT_USYM_H

#include <stddef.h>
#include <stdint.h>

/* Snapshot PID's mappings if not done yet (and its files' symbols); 0, or -1 if gone. */
int usym_note(uint32_t pid);
/* Read PID's mappings again (libraries mapped since, or an exec); the old ones stay if it is gone. */
int usym_refresh(uint32_t pid);
/*
 * ADDR of PID resolved: MOD the object's basename ("" if no mapping),
 * SYM the function ("" if none), *OFF the offset from the symbol (or, with
 * no symbol, ADDR). Returns 2 with a symbol, 1 with only a module, 0 none.
 */
int usym_lookup(uint32_t pid, uint64_t addr, char *mod, size_t modlen, char *sym, size_t symlen,
		uint64_t *off);
/* The lowest address at which PID maps the file ADDR is in: 1, or 0 (*START = ADDR). */
int usym_mod_start(uint32_t pid, uint64_t addr, uint64_t *start);
/* Symbols of the ELF file at PATH loaded into the cache under KEY (tests). */
int usym_lookup_file(const char *path, uint64_t vaddr, char *sym, size_t symlen, uint64_t *off);
/*
 * Each mapped ELF file of PID's snapshot once: CB(CTX, basename, an fd of
 * it to duplicate, its load bias). Returns how many.
 */
size_t usym_files(uint32_t pid, void (*cb)(void *ctx, const char *name, int fd, uint64_t bias),
		  void *ctx);
void usym_free(void);

#endif /* SPT_USYM_H */
