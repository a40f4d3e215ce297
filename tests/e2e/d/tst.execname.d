/* ASSERTION: execname in a predicate, copyinstr of a syscall's user string. */
#pragma D option quiet

syscall::openat:entry
/execname == "sysloop" && copyinstr(arg1) == "/nonexistent/spectrace-trigger"/
{
	printf("%s %s\n", execname, copyinstr(arg1));
	n++;
}

END
{
	printf("%d\n", n);
}
