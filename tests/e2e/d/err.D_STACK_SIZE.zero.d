/* ASSERTION: stack( ) of zero frames. */
BEGIN
{
	stack(0);
}
