/* ASSERTION: cleanpath() takes a string. */
BEGIN
{
	trace(cleanpath(1));
}
