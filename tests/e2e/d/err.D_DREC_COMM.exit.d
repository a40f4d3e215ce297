/* ASSERTION: exit( ) may not follow commit( ). */
BEGIN
{
	commit(1);
	exit(0);
}
