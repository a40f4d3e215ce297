/* ASSERTION: a pointer compares with a compatible pointer, a void * and a constant 0; takes a void * or 0; ?: of a pointer and 0 is the pointer. */
#pragma D option quiet

BEGIN
{
	p = (int *)0;
	v = (void *)8;
	x = 1;
	printf("%d %d %d %d\n", p == 0, NULL == p, p != v, p < v);
	p = v;
	v = p;
	q = x ? p : 0;
	r = x ? 0 : p;
	printf("%d %d %d\n", p == v, q == p, r == 0);
	p = 0;
	printf("%d %d\n", p == NULL, (long)p + 1);
	exit(0);
}
