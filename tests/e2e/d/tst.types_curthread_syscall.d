/* ASSERTION: curthread in a syscall probe of the traced command: pid, comm, nested struct members. */
#pragma D option quiet

syscall::sched_get_priority_max:entry
/curthread->comm == "sysloop"/
{
	printf("%s %d %d %d\n", curthread->comm, curthread->pid == tid,
	    curthread->real_parent->tgid == ppid, curthread->se.sum_exec_runtime > 0);
}
