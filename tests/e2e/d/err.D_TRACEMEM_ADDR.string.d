/* ASSERTION: tracemem()'s address is a pointer or an integer. */
BEGIN
{
	tracemem(execname, 8);
}
