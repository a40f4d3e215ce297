/* ASSERTION: commit( ) then speculate( ): the commit is what counts. */
BEGIN
{
	commit(1);
	discard(2);
	speculate(3);
}
