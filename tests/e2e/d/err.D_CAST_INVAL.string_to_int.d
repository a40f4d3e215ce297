/* ASSERTION: a string cannot be cast to an integer type (d-language 2.5). */
BEGIN
{
	trace((int)"abc");
}
