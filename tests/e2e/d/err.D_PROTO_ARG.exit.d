/* ASSERTION: exit( ) takes an int. */
BEGIN
{
	exit("a");
}
