/* ASSERTION: sym() takes one address. */
BEGIN
{
	sym();
}
