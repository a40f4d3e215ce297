/* ASSERTION: a sym() value is no integer for %d. */
BEGIN
{
	printf("%d\n", sym(0));
}
