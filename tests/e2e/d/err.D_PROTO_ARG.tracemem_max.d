/* ASSERTION: tracemem()'s third argument is a size_t. */
BEGIN
{
	tracemem(curthread, 8, "all");
}
