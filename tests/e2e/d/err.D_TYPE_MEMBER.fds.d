/* ASSERTION: fds[] has fileinfo_t's members only. */

BEGIN
{
	trace(fds[0].fi_nope);
}
