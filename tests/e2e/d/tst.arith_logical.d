/* ASSERTION: && and || short-circuit, ^^ evaluates both sides; the result is an int 0 or 1. */
#pragma D option quiet

BEGIN
{
	x = 1;
	0 && (x = 5);
	1 || (x = 7);
	printf("%d\n", x);
	0 ^^ (x = 9);
	printf("%d %d %d %d\n", x, 5 && 7, 0 || 3, 2 ^^ 3);
	printf("%d %d\n", !0, !9);
	exit(0);
}
