/* ASSERTION: -> needs a pointer to a struct or union. */
BEGIN
{
	trace(curthread->real_parent->comm->x);
}
