/* ASSERTION: %ls wants 32-bit elements: an array of char is not a wchar_t array. */
char c[4];

BEGIN
{
	printf("%ls\n", c);
}
