/* ASSERTION: tracemem()'s size is a constant, not a variable's value. */
BEGIN
{
	n = 8;
	tracemem(curthread, n);
}
