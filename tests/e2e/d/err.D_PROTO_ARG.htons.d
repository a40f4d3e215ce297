/* ASSERTION: htons() takes an integer. */
BEGIN
{
	trace(htons("x"));
}
