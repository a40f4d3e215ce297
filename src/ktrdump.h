/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The ktrdump subcommand: `spectrace ktrdump [options]`.
 */
#ifndef SPT_KTRDUMP_H
#define SPT_KTRDUMP_H

/* ARGV[0] is "ktrdump". Returns the exit status: 0, 1 error, 2 usage. */
int ktrdump_main(int argc, char **argv);

#endif /* SPT_KTRDUMP_H */
