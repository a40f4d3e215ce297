/* ASSERTION: a later printa() argument naming an undefined aggregation is an error. */
BEGIN
{
	@a[1] = count();
	printa(@a, @nosuch);
}
