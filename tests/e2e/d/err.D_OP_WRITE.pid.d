/* ASSERTION: built-in variables are read-only. */
BEGIN
{
	pid = 1;
}
