/* ASSERTION: %hd takes a short only: an int constant is refused. */
BEGIN
{
	printf("%hd\n", 1);
}
