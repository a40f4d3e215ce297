/* ASSERTION: %a prints an address that is no kernel symbol's as 0x and its hex digits, with the conversion's width and flags on the whole text. */
#pragma D option quiet

BEGIN
{
	printf("[%a] [%a] [%8a] [%-8a]\n", 0, 4096, 1, 1);
	exit(0);
}
