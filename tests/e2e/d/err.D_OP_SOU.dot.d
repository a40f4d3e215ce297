/* ASSERTION: . needs a struct or union. */
BEGIN
{
	trace(curthread.pid);
}
