/* ASSERTION: the ordering rules come before D_AGG_NULL: "@a;" after commit( ). */
BEGIN
{
	@a = count();
}

BEGIN
{
	commit(1);
	@a;
}
