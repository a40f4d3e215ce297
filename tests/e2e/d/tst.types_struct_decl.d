/* ASSERTION: struct and union declarations in D: C's layout, members through alloca'd and bcopy'd memory, a kernel bit-field. */
#pragma D option quiet

struct ts {
	long tv_sec;
	long tv_nsec;
};

struct odd {
	char c;
	int i;
	unsigned short s : 3, t : 5;
	struct ts in;
	char name[5];
	struct odd *next;
};

union u {
	char c;
	long l;
	int a[3];
};

BEGIN
{
	printf("%d %d %d %d %d %d %d\n", sizeof(struct ts), sizeof(struct odd),
	    offsetof(struct odd, i), offsetof(struct odd, in), offsetof(struct odd, name),
	    offsetof(struct odd, next), sizeof(union u));
	p = (struct odd *)alloca(sizeof(struct odd));
	bcopy(curthread->comm, p->name, 5);
	printf("%s %d\n", stringof(p->name), curthread->sched_reset_on_fork);
}

BEGIN
{
	p = (struct odd *)alloca(sizeof(struct odd));
	bcopy(&curthread->pid, &p->i, 4);
	printf("%d %d\n", p->i == tid, p->in.tv_sec == p->in.tv_sec);
	exit(0);
}
