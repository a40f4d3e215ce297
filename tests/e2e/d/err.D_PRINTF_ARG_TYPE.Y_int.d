/* ASSERTION: %Y takes a 64-bit time in nanoseconds. */
BEGIN
{
	printf("%Y\n", (int)timestamp);
}
