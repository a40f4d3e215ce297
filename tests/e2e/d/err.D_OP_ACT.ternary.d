/* ASSERTION: an action may not be a branch of ?:. */
BEGIN
{
	x = pid ? exit(0) : 2;
}
