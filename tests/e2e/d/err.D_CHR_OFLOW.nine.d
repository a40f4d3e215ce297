/* ASSERTION: a character constant of more than 8 bytes. */
BEGIN
{
	x = 'abcdefghi';
}
