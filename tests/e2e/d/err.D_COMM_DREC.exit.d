/* ASSERTION: exit( ) is data-recording: commit( ) may not follow it. */
BEGIN
{
	exit(0);
	commit(1);
}
