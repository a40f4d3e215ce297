/* ASSERTION: printa() with a format and no aggregation is an error. */
BEGIN
{
	printa("%d\n");
}
