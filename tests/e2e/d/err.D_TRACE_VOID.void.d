/* ASSERTION: trace( ) of a void expression. */
BEGIN
{
	trace(trace(1));
}
