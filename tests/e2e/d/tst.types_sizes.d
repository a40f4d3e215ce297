/* ASSERTION: the built-in integer types on LP64: int 4, long 8, pointers 8. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long));
	printf("%d %d %d %d\n", sizeof(unsigned char), sizeof(unsigned short), sizeof(unsigned), sizeof(unsigned long));
	printf("%d %d %d %d\n", sizeof(signed char), sizeof(_Bool), sizeof(char *), sizeof(void *));
	printf("%d %d\n", sizeof(signed), sizeof(signed int));
	exit(0);
}
