/* ASSERTION: ++ of a void * reached through a pointer is refused: its element has no size. */
BEGIN
{
	v = (void **)alloca(8);
	(*v)++;
}
