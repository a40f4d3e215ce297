/* ASSERTION: indexing an integer is *(x + i) of a non-pointer (d-language 4.2). */
BEGIN
{
	x = 1;
	trace(x[1]);
}
