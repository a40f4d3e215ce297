/* ASSERTION: an aggregation is a dynamic expression trace() cannot record. */
BEGIN
{
	trace(@a);
}
