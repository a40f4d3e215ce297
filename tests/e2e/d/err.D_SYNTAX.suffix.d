/* ASSERTION: a constant's suffix is [uU]?[lL]?[lL]? with the u first: 10lu is 10l and then the identifier u, a syntax error (d-language 1.2). */
BEGIN
{
	trace(10lu);
}
