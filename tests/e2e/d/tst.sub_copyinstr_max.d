/* ASSERTION: copyinstr(addr, max) copies at most max - 1 characters of the user string. */
#pragma D option quiet

syscall::openat:entry
/execname == "sysloop" && copyinstr(arg1) == "/nonexistent/spectrace-trigger"/
{
	printf("[%s] [%s] [%s]\n", copyinstr(arg1, 5), copyinstr(arg1, 1), copyinstr(arg1, 1000));
	exit(0);
}
