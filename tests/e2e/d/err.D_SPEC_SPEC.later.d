/* ASSERTION: a second speculate( ) is refused even with other actions between. */
BEGIN
{
	speculate(1);
	trace(1);
	speculate(2);
}
