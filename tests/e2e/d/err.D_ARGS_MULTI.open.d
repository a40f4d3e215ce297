/* ASSERTION: args[ ] of probes with different argument types. */
syscall::open*:entry
{
	trace(args[1]);
}
