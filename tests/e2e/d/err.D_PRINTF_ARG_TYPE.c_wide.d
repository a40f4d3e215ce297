/* ASSERTION: %c takes an integer of at most 4 bytes. */
BEGIN
{
	printf("%c\n", timestamp);
}
