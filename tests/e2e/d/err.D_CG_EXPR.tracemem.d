/* ASSERTION: tracemem() is an action, not a value of an expression. */
BEGIN
{
	x = tracemem(curthread, 8);
}
