/* ASSERTION: exit( ) before speculate( ) is data-recording. */
BEGIN
{
	exit(0);
	speculate(1);
}
