#!/usr/sbin/dtrace -s
/* ASSERTION: any line starting with #! is discarded, #ident is ignored, depends_on a provider spectrace has is met. */
#pragma D option quiet
#ident "control lines"
#pragma D depends_on provider syscall
#pragma D depends_on module vmlinux
   #!this line too

BEGIN
{
	printf("ok\n");
	exit(0);
}
