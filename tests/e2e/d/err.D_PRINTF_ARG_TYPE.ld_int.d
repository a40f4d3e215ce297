/* ASSERTION: %ld takes a 64-bit signed integer; 1 is an int. */
BEGIN
{
	printf("%ld\n", 1);
}
