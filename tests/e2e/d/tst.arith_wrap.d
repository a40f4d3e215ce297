/* ASSERTION: arithmetic wraps on 64 bits and the type's bytes are what is printed. */
#pragma D option quiet

BEGIN
{
	i = 2147483647;
	printf("%d %d\n", i + 1, i + 1 > 0);
	l = 9223372036854775807L;
	printf("%d\n", l + 1);
	printf("%d %d\n", 0x7fffffff + 1, 65536 * 65536);
	exit(0);
}
