/* ASSERTION: an associative array has no size: sizeof of its name is D_SIZEOF_TYPE. */
BEGIN
{
	a[1] = 2;
	trace(sizeof(a));
}
