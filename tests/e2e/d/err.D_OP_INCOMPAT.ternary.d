/* ASSERTION: ?: branches must be compatible. */
BEGIN
{
	x = pid ? 1 : "a";
}
