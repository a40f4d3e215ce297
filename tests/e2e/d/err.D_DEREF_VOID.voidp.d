/* ASSERTION: * of a void pointer. */
BEGIN
{
	trace(*(void *)arg0);
}
