#!/usr/bin/env spectrace -Fs
/*
 * specopen.d for modern libc: the code path of every openat() that fails,
 * and nothing for those that succeed. The path and the errno are traced
 * speculatively and committed only when the call failed.
 */

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
