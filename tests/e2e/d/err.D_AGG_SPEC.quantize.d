/* ASSERTION: quantize( ) may not follow speculate( ). */
BEGIN
{
	speculate(1);
	@q = quantize(1);
}
