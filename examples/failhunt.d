#!/usr/bin/env -S spectrace -s
/*
 * failhunt.d: what a thread did just before a syscall failed with a given
 * errno. Every syscall of the target is traced speculatively, in windows
 * of up to 32 syscalls; a window is committed only when a syscall in it
 * fails with errno $1, and discarded otherwise, so the output holds only
 * the failures and the calls that led to them.
 *
 *   spectrace -s examples/failhunt.d 22 -c 'command that fails with EINVAL'
 *   spectrace -s examples/failhunt.d 2 -p PID
 */
#pragma D option quiet
#pragma D option nspec=16

syscall:::entry
/pid == $target && !self->spec/
{
	self->spec = speculation();
	self->n = 0;
}

syscall:::entry
/self->spec/
{
	speculate(self->spec);
	printf("%5d %s(0x%x, 0x%x, 0x%x)\n", tid, probefunc, arg0, arg1, arg2);
}

syscall:::return
/self->spec/
{
	speculate(self->spec);
	printf("%5d   = %d%s\n", tid, (int)arg0, errno == $1 ? "   <== failed" : "");
}

syscall:::return
/self->spec && errno == $1/
{
	commit(self->spec);
	self->spec = 0;
}

syscall:::return
/self->spec && ++self->n >= 32/
{
	discard(self->spec);
	self->spec = 0;
}
