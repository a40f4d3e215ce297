/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * rwbytes NAME READS WRITES SIZE: rename itself NAME (the comm execname
 * shows), then read SIZE bytes from /dev/zero READS times and write SIZE
 * bytes to /dev/null WRITES times, with read(2) and write(2), so the bytes
 * read and written under NAME are exact (the dynamic loader's reads are
 * made under the old name). Prints nothing.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/prctl.h>

int main(int argc, char **argv)
{
	static char buf[65536];
	long reads, writes, size, i;
	int in, out;

	if (argc != 5) {
		fprintf(stderr, "usage: rwbytes NAME READS WRITES SIZE\n");
		return 2;
	}
	reads = atol(argv[2]);
	writes = atol(argv[3]);
	size = atol(argv[4]);
	if (reads < 0 || writes < 0 || size < 1 || size > (long)sizeof(buf)) {
		fprintf(stderr, "rwbytes: SIZE is 1..%zu bytes\n", sizeof(buf));
		return 2;
	}
	in = open("/dev/zero", O_RDONLY);
	out = open("/dev/null", O_WRONLY);
	if (in < 0 || out < 0) {
		perror("rwbytes: open");
		return 1;
	}
	if (prctl(PR_SET_NAME, argv[1], 0, 0, 0)) {
		perror("rwbytes: prctl");
		return 1;
	}
	for (i = 0; i < reads; i++)
		if (read(in, buf, (size_t)size) != size)
			return 1;
	for (i = 0; i < writes; i++)
		if (write(out, buf, (size_t)size) != size)
			return 1;
	return 0;
}
