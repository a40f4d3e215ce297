/* ASSERTION: inet_ntoa() reads kernel memory spectrace does not type: refused with one line. */
BEGIN
{
	trace(inet_ntoa(0));
}
