/* ASSERTION: data recorded after speculate( ) still forbids a later commit( ). */
BEGIN
{
	speculate(1);
	trace(1);
	commit(2);
}
