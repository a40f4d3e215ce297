/* ASSERTION: setopt() takes strings. */
BEGIN
{
	setopt(1);
}
