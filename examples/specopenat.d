#!/usr/bin/env -S spectrace -s
/*
 * specopen.d for modern libc: the code path of every openat() that fails,
 * and nothing for those that succeed. The path and the errno are traced
 * speculatively and committed only when the call failed.
 *
 *   spectrace -s specopenat.d                      every process, until Ctrl-C
 *   spectrace -s specopenat.d -c 'cat /nonexistent'
 *
 * Output: flow-indented "=> openat" lines with the path, then the errno.
 */
#pragma D option flowindent

syscall::openat:entry
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s", copyinstr(arg1));
}

syscall::openat:return
/self->spec/
{
	speculate(self->spec);
	trace(errno);
}

syscall::openat:return
/self->spec && errno != 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec && errno == 0/
{
	discard(self->spec);
	self->spec = 0;
}
