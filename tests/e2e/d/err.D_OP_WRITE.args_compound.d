/* ASSERTION: compound assignment to args[] names its operator. */
syscall::openat:entry
{
	args[1] += 2;
}
