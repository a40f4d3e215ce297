/*
 * ASSERTION: &p[i] is the address of element i: p + i for a pointer
 * (scaled by the element's size), the member array's base plus i
 * elements for an array member.
 */
#pragma D option quiet

struct rec {
	long b;
	int arr[4];
	char name[8];
};

BEGIN
{
	this->p = (struct rec *)alloca(sizeof(struct rec));
	this->q = (int *)this->p;
	printf("%d %d %d %d\n", (uintptr_t)&this->q[3] - (uintptr_t)this->p,
	    (uintptr_t)&this->p->arr[1] - (uintptr_t)this->p,
	    (uintptr_t)&this->p->name[2] - (uintptr_t)this->p,
	    (uintptr_t)&this->p[1] - (uintptr_t)this->p);
	exit(0);
}
