/* ASSERTION: an errno name is one of D's inlines: read-only. */
BEGIN
{
	ENOENT++;
}
