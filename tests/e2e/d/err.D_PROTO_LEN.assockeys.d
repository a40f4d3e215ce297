BEGIN
{
	a[1, 2] = 3;
	trace(a[1]);
}
