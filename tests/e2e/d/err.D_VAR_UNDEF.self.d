/* ASSERTION: a self-> variable must be assigned or declared before it is read. */
BEGIN
{
	trace(self->nosuch);
}
