/* ASSERTION: printa( ) of something that is not an aggregation. */
BEGIN
{
	printa(1);
}
