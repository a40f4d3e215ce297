/* ASSERTION: an empty character constant. */
BEGIN
{
	x = '';
}
