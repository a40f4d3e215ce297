/* ASSERTION: a cast of a constant is folded: (char)300 is 44, (unsigned char)-1 255, (short)0x18000 -32768. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", (char)300, (unsigned char)-1, (short)0x18000);
	printf("%d %d\n", (int)0x80000000, (unsigned short)-2);
	printf("%d %d\n", (long)0xffffffff, (unsigned long)-1 > 0);
	exit(0);
}
