/* ASSERTION: -> on a char array member (a string). */
BEGIN
{
	trace(curthread->real_parent->comm->x);
}
