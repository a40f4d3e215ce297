/* ASSERTION: printf( ) is data-recording: commit( ) may not follow it. */
BEGIN
{
	printf("x");
	commit(1);
}
