/* ASSERTION: progenyof() needs the kernel task structures: refused with one line. */
BEGIN
{
	trace(progenyof(1));
}
