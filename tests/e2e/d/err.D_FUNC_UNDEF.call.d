/* ASSERTION: an unknown function. */
BEGIN
{
	nosuch(1);
}
