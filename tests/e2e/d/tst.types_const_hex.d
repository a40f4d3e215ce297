/* ASSERTION: a hex or octal constant may be unsigned: int, unsigned int, long, unsigned long in turn. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(0x7fffffff), sizeof(0x80000000), sizeof(0xffffffff), sizeof(0x100000000));
	printf("%d %d %d\n", 0x7fffffff > -1, 0x80000000 > -1, 0xffffffff > -1);
	printf("%d %d\n", 0x100000000 > -1, 0xffffffffffffffff > -1);
	printf("%d %d\n", 0xdeadbeef, 0xffffffffffffffff);
	printf("%d %d %d\n", sizeof(020000000000), 020000000000 > -1, 010);
	exit(0);
}
