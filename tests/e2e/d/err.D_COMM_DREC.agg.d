/* ASSERTION: an aggregation is data-recording: commit( ) may not follow it. */
BEGIN
{
	@a = count();
	commit(1);
}
