/* ASSERTION: u, l and ll suffixes start the candidate types further on; a lower-case u skips the signed ones. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(1u), sizeof(1l), sizeof(1ul), sizeof(1ll));
	printf("%d %d %d %d %d\n", 1u > -1, 1l > -1, 1ul > -1, 1ll > -1, 1ull > -1);
	printf("%d %d %d\n", 1L > -1, 1LL > -1, 0x1l > -1);
	printf("%d %d\n", sizeof(4294967296u), 18446744073709551615u);
	exit(0);
}
