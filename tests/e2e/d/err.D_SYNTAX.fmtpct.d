/* ASSERTION: %% with flags. */
BEGIN
{
	printf("%-%");
}
