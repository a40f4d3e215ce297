/* ASSERTION: ++ of a void pointer has no element size to move by. */
BEGIN
{
	p = (void *)0;
	p++;
}
