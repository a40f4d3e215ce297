/* ASSERTION: %c takes any integer up to 4 bytes and prints its low byte. */
#pragma D option quiet

BEGIN
{
	printf("%c%c%c\n", 65, (char)66, 'C');
	printf("[%3c]\n", 0x144);
	exit(0);
}
