/* ASSERTION: a kernel array indexed by a tuple. */
BEGIN
{
	trace(curthread->comm[1, 2]);
}
