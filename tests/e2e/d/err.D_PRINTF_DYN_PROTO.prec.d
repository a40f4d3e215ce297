/* ASSERTION: the .* precision has no argument. */
BEGIN
{
	printf("%.*d");
}
