/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * -C: a script file through the system's C preprocessor, as dtrace(1)
 * does. The text goes to cpp's standard input (so cpp names the main file
 * "<stdin>" and the lexer keeps plain "line N" for it), a "#!" first line
 * blanked first (cpp would reject it; the line count stays); cpp's output
 * is read back whole. Its "# N "file"" line markers tell the lexer the
 * original line numbers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cpp.h"
#include "diag.h"

/* Append S to the argument vector V of *N entries (room was counted). */
static void push(char **v, size_t *n, char *s)
{
	v[(*n)++] = s;
}

size_t cpp_argv(const struct opts *o, char **v, size_t cap, char *store, size_t storelen)
{
	size_t n = 0, i, used = 0;
	const char *p;

	if (cap < 4 + o->ncppv + (o->cppargs ? strlen(o->cppargs) / 2 + 1 : 0))
		return 0;
	push(v, &n, o->cpppath ? o->cpppath : (char *)"cpp");
	/* dtrace-utils: a, c and t are ISO C (C99), s is traditional cpp */
	push(v, &n, o->stdc == 's' ? (char *)"-traditional-cpp" : (char *)"-std=c99");
	if (o->cpphdrs)
		push(v, &n, (char *)"-H");
	for (i = 0; i < o->ncppv; i++) {
		int len = snprintf(store + used, storelen - used, "-%c%s", o->cppv[i].flag,
				   o->cppv[i].arg);

		if (len < 0 || (size_t)len >= storelen - used)
			return 0;
		push(v, &n, store + used);
		used += (size_t)len + 1;
	}
	/* cppargs: split at blanks, no quoting */
	for (p = o->cppargs; p && *p;) {
		size_t len;

		p += strspn(p, " \t\n\r\f\v");
		len = strcspn(p, " \t\n\r\f\v");
		if (!len)
			break;
		if (len >= storelen - used)
			return 0;
		memcpy(store + used, p, len);
		store[used + len] = '\0';
		push(v, &n, store + used);
		used += len + 1;
		p += len;
	}
	v[n] = NULL;
	return n;
}

int cpp_run(const struct opts *o, const char *text, size_t len, char **out, size_t *outlen,
	    char *err, size_t errlen)
{
	size_t cap = 8 + o->ncppv + (o->cppargs ? strlen(o->cppargs) / 2 + 1 : 0);
	size_t storelen = 64 + (o->cppargs ? strlen(o->cppargs) : 0), i, got = 0, bufcap = 4096;
	char **argv = calloc(cap, sizeof(*argv)), *store, *buf = NULL;
	int in = -1, pfd[2] = { -1, -1 }, status, ret = 0;
	pid_t pid;

	for (i = 0; i < o->ncppv; i++)
		storelen += strlen(o->cppv[i].arg) + 4;
	store = malloc(storelen);
	if (!argv || !store || !cpp_argv(o, argv, cap, store, storelen)) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto out;
	}
	in = memfd_create("spectrace-cpp", MFD_CLOEXEC);
	if (in < 0 || pipe2(pfd, O_CLOEXEC)) {
		ret = -errno;
		snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
		goto out;
	}
	/* A "#!" first line becomes an empty one. */
	i = 0;
	if (len >= 2 && text[0] == '#' && text[1] == '!') {
		while (i < len && text[i] != '\n')
			i++;
	}
	if (write(in, text + i, len - i) != (ssize_t)(len - i) || lseek(in, 0, SEEK_SET)) {
		ret = -EIO;
		snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
		goto out;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
		goto out;
	}
	if (pid == 0) {
		if (dup2(in, 0) < 0 || dup2(pfd[1], 1) < 0)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "%s: cannot run %s: %s\n", spt_progname, argv[0], strerror(errno));
		_exit(127);
	}
	close(pfd[1]);
	pfd[1] = -1;
	buf = malloc(bufcap + 1);
	for (;;) {
		ssize_t r;

		if (buf && got == bufcap) {
			char *nb = realloc(buf, bufcap * 2 + 1);

			if (!nb) {
				free(buf);
				buf = NULL;
			} else {
				buf = nb;
				bufcap *= 2;
			}
		}
		if (!buf) {
			/* read on to let cpp end, then fail */
			char sink[4096];

			r = read(pfd[0], sink, sizeof(sink));
		} else {
			r = read(pfd[0], buf + got, bufcap - got);
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (buf)
			got += (size_t)r;
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!buf) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
	} else if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errlen, "preprocessor failed");
		ret = -EINVAL;
	} else {
		buf[got] = '\0';
		*out = buf;
		*outlen = got;
		buf = NULL;
	}
out:
	free(buf);
	free(store);
	free(argv);
	if (in >= 0)
		close(in);
	if (pfd[0] >= 0)
		close(pfd[0]);
	if (pfd[1] >= 0)
		close(pfd[1]);
	return ret;
}
