/* ASSERTION: exit( ) is never speculative. */
BEGIN
{
	speculate(1);
	exit(0);
}
