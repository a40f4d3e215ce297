/*
 * ASSERTION: a struct assigned through a pointer is copied whole: from
 * another alloca'd struct, and from kernel memory (the current task's
 * credentials) into scratch, where its members read back the same.
 */
#pragma D option quiet

struct pair {
	int a;
	char c;
	long b;
};

BEGIN
{
	this->x = (struct pair *)alloca(sizeof(struct pair));
	this->y = (struct pair *)alloca(sizeof(struct pair));
	this->x->a = 7;
	this->x->c = 'q';
	this->x->b = -3;
	*this->y = *this->x;
	printf("%d %c %d\n", this->y->a, this->y->c, this->y->b);
	this->cr = (struct cred *)alloca(sizeof(struct cred));
	*this->cr = *curthread->cred;
	printf("%d %d\n", this->cr->uid.val == uid, this->cr->gid.val == gid);
	exit(0);
}
