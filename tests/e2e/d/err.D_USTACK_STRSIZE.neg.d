/* ASSERTION: ustack( ) with a negative string table size. */
BEGIN
{
	ustack(5, -1);
}
