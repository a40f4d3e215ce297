/*
 * ASSERTION: the casts D allows besides integer ones: to void (evaluated,
 * no value), to string (the characters at an address), an array member to
 * a pointer (its first element's address), a struct to its own type.
 */
#pragma D option quiet

BEGIN
{
	(void)(n = 7);
	this->p = (char *)curthread->comm;
	this->s = (string)(uint64_t)&curthread->comm[0];
	printf("%d %d %d %d\n", n, this->s == execname, (string)curthread->comm == execname,
	    *this->p == execname[0]);
	printf("%d\n", ((struct task_struct)*curthread).pid == pid);
	exit(0);
}
