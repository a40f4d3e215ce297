/* ASSERTION: #pragma D option zdefs lets a description match no probe; the others trace. */
#pragma D option quiet
#pragma D option zdefs

syscall::no_such_syscall:entry
{
	printf("never\n");
}

BEGIN
{
	printf("traced\n");
	exit(0);
}
