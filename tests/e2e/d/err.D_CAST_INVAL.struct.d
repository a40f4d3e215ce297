/* ASSERTION: an integer cannot be cast to a struct. */
BEGIN
{
	trace((struct timespec)0);
}
