/*
 * ASSERTION: a pointer moves by its element's size under ++, --, += and
 * -=, in every kind of variable and through a pointer; a pointer to a
 * pointer dereferences one level at a time (**pp).
 */
#pragma D option quiet

BEGIN
{
	p = (int *)0;
	p++;
	a = (uint64_t)p;
	p += 3;
	b = (uint64_t)p;
	p -= 2;
	c = (uint64_t)p;
	self->s = (short *)0;
	self->s += 5;
	this->l = (long *)0;
	--this->l;
	x[1] = (int **)0;
	x[1]++;
	x[1] += 2;
	printf("%d %d %d %d %d %d\n", a, b, c, (uint64_t)self->s, (int64_t)this->l,
	    (uint64_t)x[1]);

	this->v = (uint64_t *)alloca(3 * sizeof(uint64_t));
	this->v[0] = 10;
	this->v[1] = 20;
	this->v[2] = 30;
	this->w = this->v;
	this->w++;
	this->w += 1;
	this->pp = (uint64_t **)alloca(2 * sizeof(uint64_t *));
	this->pp[0] = this->v;
	this->pp[1] = this->v;
	this->pp[1] += 1;
	this->pp[1]++;
	printf("%d %d %d %d\n", *this->w, **this->pp, *this->pp[1], *(*(this->pp + 1) - 1));
	exit(0);
}
