/* ASSERTION: ustack( ) of a frame count that is not a constant. */
BEGIN
{
	ustack(pid);
}
