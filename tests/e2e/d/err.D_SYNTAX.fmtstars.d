/* ASSERTION: two stars for the width. */
BEGIN
{
	printf("%**d", 1, 2, 3);
}
