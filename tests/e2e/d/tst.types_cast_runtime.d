/* ASSERTION: casts at run time truncate and sign- or zero-extend; to an 8-byte type or a wider signed one they change nothing. */
#pragma D option quiet
char c;
unsigned char uc;
int m;

BEGIN
{
	x = 300; i = -1; c = -1; uc = 255; m = 2147483647;
	printf("%d %d %d\n", (char)x, (unsigned char)x, (short)(x * 1000));
	printf("%d %d\n", (unsigned long)i, (long)i);
	printf("%d %d\n", (unsigned int)c, (int)uc);
	printf("%d %d\n", (long)(m + 1), (int)(m + 1));
	exit(0);
}
