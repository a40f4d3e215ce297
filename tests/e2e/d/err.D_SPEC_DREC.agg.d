/* ASSERTION: an aggregation before speculate( ) is data-recording. */
BEGIN
{
	@a = count();
	speculate(1);
}
