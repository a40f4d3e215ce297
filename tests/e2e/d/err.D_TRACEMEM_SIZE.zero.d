/* ASSERTION: tracemem()'s size is a positive constant. */
BEGIN
{
	tracemem(curthread, 0);
}
