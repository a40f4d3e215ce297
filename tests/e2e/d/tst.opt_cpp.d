/* ASSERTION: -C runs cpp with -D: macros, conditionals and // comments; line markers keep the lines. */
#pragma D option quiet
#define SQUARE(x) ((x) * (x))

BEGIN
{
#ifdef TWO
	printf("%d %d\n", TWO, SQUARE(TWO + 1));	// a C++ comment
#else
	printf("no TWO\n");
#endif
	exit(0);
}
