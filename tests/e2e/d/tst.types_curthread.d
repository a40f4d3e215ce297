/* ASSERTION: curthread is the task: its pid, tgid and comm, a two-level -> chain, sizeof. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", curthread->pid == tid, curthread->tgid == pid,
	    curthread->real_parent->tgid == ppid);
	printf("%d %s\n", curthread->comm == execname,
	    stringof(curthread->comm) == execname ? "same" : "differ");
	printf("%d %d %d\n", sizeof(curthread->comm), sizeof(struct task_struct) == sizeof(*curthread),
	    sizeof(curthread) == 8);
	exit(0);
}
