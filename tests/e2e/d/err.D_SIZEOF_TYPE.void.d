/* ASSERTION: void has no size (d-language 2.6). */
BEGIN
{
	trace(sizeof(void));
}
