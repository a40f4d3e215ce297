/* ASSERTION: a constant index past a kernel array. */
BEGIN
{
	trace(curthread->comm[16]);
}
