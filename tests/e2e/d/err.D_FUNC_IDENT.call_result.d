/* ASSERTION: the result of a call cannot be called again (d-language 4.2). */
BEGIN
{
	trace(1)(2);
}
