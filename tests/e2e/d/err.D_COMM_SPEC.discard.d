/* ASSERTION: discard( ) may not follow speculate( ). */
BEGIN
{
	speculate(1);
	discard(1);
}
