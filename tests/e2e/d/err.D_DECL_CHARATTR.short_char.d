/* ASSERTION: char takes neither short nor long (d-language: `short char`, `long char` are D_DECL_CHARATTR). */
short char c;

BEGIN
{
	exit(0);
}
