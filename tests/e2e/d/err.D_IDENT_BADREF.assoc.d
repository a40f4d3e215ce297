/* ASSERTION: an associative array may not be used as a scalar. */
BEGIN
{
	a[1] = 1;
	x = a;
}
