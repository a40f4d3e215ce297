/* ASSERTION: an upper-case U on a hex constant does not skip the signed candidates: 0x100000000U is long, 0x100000000u unsigned long. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 0x100000000U > -1, 0x100000000u > -1);
	printf("%d %d\n", 4294967296U > -1, 0x80000000U > -1);
	printf("%d %d\n", sizeof(0x100000000U), sizeof(0xffffffffU));
	exit(0);
}
