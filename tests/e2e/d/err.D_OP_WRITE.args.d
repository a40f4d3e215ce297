/* ASSERTION: args[] is read-only. */
syscall::openat:entry
{
	args[0] = 1;
}
