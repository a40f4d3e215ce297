/* ASSERTION: 1-, 2- and 4-byte values reach printf as 32-bit ints: %x of an int -1 is ffffffff, %u of a char -1 is 255. */
#pragma D option quiet

BEGIN
{
	printf("%d %u %x\n", (char)-1, (char)-1, (char)-1);
	printf("%d %u %x\n", (short)-1, (short)-1, (short)-1);
	printf("%x %o %X\n", -1, -1, -1);
	printf("%x %X\n", -1L, (unsigned char)-1);
	printf("%u %u\n", -1, -1L);
	exit(0);
}
