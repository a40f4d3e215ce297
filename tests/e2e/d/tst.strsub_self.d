/* ASSERTION: a self-> string set at syscall entry is the thread's own at return. */
#pragma D option quiet

syscall::openat:entry
/execname == "sysloop" && strstr(copyinstr(arg1), "spectrace-") != NULL/
{
	self->path = copyinstr(arg1);
	self->who = strjoin(execname, strjoin(":", lltostr((int)arg0)));
}

syscall::openat:return
/self->path != NULL/
{
	printf("%s %s %s %s\n", self->who, basename(self->path), dirname(self->path),
	    substr(self->path, index(self->path, "-") + 1));
	n++;
}

END
{
	printf("%d\n", n);
}
