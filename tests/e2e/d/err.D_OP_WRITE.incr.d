/* ASSERTION: ++ of a built-in variable. */
BEGIN
{
	timestamp++;
}
