/* ASSERTION: typed args[] of openat: the path through copyinstr(args[1]), an int dfd, the return value. */
#pragma D option quiet

syscall::openat:entry
/execname == "sysloop" && copyinstr(args[1]) == "/nonexistent/spectrace-trigger"/
{
	printf("%s %d %d %d\n", copyinstr(args[1]), args[0], args[2] == O_RDONLY, sizeof(args[0]));
	self->t = 1;
}

syscall::openat:return
/self->t/
{
	printf("%d %d\n", args[0], args[1] == -ENOENT);
	self->t = 0;
}
