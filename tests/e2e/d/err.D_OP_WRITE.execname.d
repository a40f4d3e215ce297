/* ASSERTION: execname is a built-in, read-only string. */
BEGIN
{
	execname = "x";
}
