/*
 * ASSERTION: tracemem() prints its bytes as dtrace's hex dump: the column
 * heading, 16 bytes a row with the offset, the bytes as text ('.' for
 * what is not printable); a third argument, when not negative and
 * smaller, bounds the bytes (0: none, no dump); alloca'd memory is memory
 * too. In BEGIN the current thread is spectrace's.
 */
#pragma D option quiet

BEGIN
{
	this->comm = (uintptr_t)curthread + offsetof(struct task_struct, comm);
	tracemem(this->comm, 16);
	this->p = (char *)alloca(24);
	bcopy((void *)this->comm, this->p, 16);
	bcopy((void *)this->comm, this->p + 16, 3);
	tracemem(this->p, 19);
	tracemem(this->comm, 16, 5);
	tracemem(this->comm, 4, -1);
	tracemem(this->comm, 4, 0);
	printf("end\n");
	exit(0);
}
