/* ASSERTION: a comment may not hold another comment's opening. */
BEGIN
{
	/* one /* two */
	exit(0);
}
