/*
 * ASSERTION: trace() of a struct value prints its sizeof bytes as a hex
 * dump, padding included; a struct in alloca'd memory is memory too. The
 * struct is filled from the current thread's name (spectrace's, in
 * BEGIN), so its members read the name's bytes little-endian.
 */
#pragma D option quiet

struct pair {
	int a;
	char c;
	long b;
};

BEGIN
{
	this->p = (struct pair *)alloca(sizeof(struct pair));
	bcopy(curthread->comm, this->p, sizeof(struct pair));
	trace(*this->p);
	printf("%d %x %c %x\n", sizeof(*this->p), this->p->a, this->p->c, this->p->b);
	exit(0);
}
