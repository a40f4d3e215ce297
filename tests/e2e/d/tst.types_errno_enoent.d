/* ASSERTION: errno == ENOENT on the return of an openat of a missing path, O_* constants. */
#pragma D option quiet

syscall::openat:entry
/execname == "sysloop" && copyinstr(arg1) == "/nonexistent/spectrace-trigger"/
{
	self->t = 1;
	self->rd = (arg2 & O_ACCMODE) == O_RDONLY;
}

syscall::openat:return
/self->t && errno == ENOENT/
{
	printf("ENOENT %d rdonly %d\n", errno, self->rd);
	n++;
}

syscall::openat:return
/self->t/
{
	self->t = 0;
}

END
{
	printf("%d %d %d\n", n, EACCES, O_CREAT | O_TRUNC);
}
