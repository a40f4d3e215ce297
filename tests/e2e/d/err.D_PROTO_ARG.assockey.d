/* ASSERTION: an associative array keeps its key types. */
BEGIN
{
	a["x"] = 1;
	a[1] = 2;
}
