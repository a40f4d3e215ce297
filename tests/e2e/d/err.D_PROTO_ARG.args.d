/* ASSERTION: args[ ] takes an integer constant. */
syscall::openat:entry
{
	trace(args[arg0]);
}
