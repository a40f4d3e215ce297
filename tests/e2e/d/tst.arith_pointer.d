/* ASSERTION: pointer arithmetic scales by the element size; pointer - pointer is the element count, a ptrdiff_t. */
#pragma D option quiet

BEGIN
{
	p = (int *)16; q = (int *)4; cp = (char *)16; lp = (long *)0;
	printf("%d %d %d\n", (long)(p + 1), (long)(p - 2), (long)(2 + p));
	printf("%d %d %d\n", (long)(cp + 3), (long)(lp + 2), sizeof(p + 1));
	printf("%d %d\n", p - q, sizeof(p - q));
	exit(0);
}
