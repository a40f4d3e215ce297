/* ASSERTION: printa( ) may not follow commit( ). */
BEGIN
{
	@a = count();
}

BEGIN
{
	commit(1);
	printa(@a);
}
