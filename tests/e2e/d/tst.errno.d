/* ASSERTION: on return, arg0 is the return value and errno is set for failures only. */
#pragma D option quiet

syscall::sched_get_priority_max:return
{
	printf("ret=%d errno=%d\n", arg0, errno);
}
