/* ASSERTION: args[N] past the probe's arguments. */
syscall::openat:entry
{
	trace(args[4]);
}
