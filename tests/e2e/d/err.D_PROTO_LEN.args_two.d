/* ASSERTION: args[ ] takes exactly one index. */
syscall::openat:entry
{
	x = args[1, 2];
}
