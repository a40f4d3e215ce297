/*
 * ASSERTION: stores through pointers into alloca'd memory: a member
 * (p->m, (*p).m), an element of a member array and of a pointer (p[i]),
 * *p; each narrowed to the object's type (300 in a char is 44); op=, ++
 * and -- read the object first (x++ gives the value before).
 */
#pragma D option quiet

struct rec {
	int a;
	char c;
	long b;
	int arr[4];
	char name[8];
};

BEGIN
{
	this->p = (struct rec *)alloca(sizeof(struct rec));
	this->p->a = 0x01020304;
	this->p->c = 'A';
	this->p->b = -2;
	this->p->arr[1] = 7;
	this->p->arr[2] = this->p->arr[1] * 3;
	this->p->arr[2] += 1;
	this->p->a++;
	x = this->p->arr[1]--;
	y = ++this->p->arr[3];
	(*this->p).name[0] = 'h';
	this->p->name[1] = 'i';
	this->q = (char *)alloca(4);
	*this->q = 300;
	this->q[1] = 'z';
	printf("%x %c %d %d %d %d %d %d %s %d %c\n", this->p->a, this->p->c, this->p->b,
	    this->p->arr[1], this->p->arr[2], this->p->arr[3], x, y, stringof(this->p->name),
	    *this->q, this->q[1]);
	exit(0);
}
