/* ASSERTION: an associative array key may not be void. */
BEGIN
{
	a[1, (void)0] = 1;
}
