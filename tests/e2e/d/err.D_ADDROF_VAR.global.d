/* ASSERTION: & of a D variable. */
BEGIN
{
	x = 1;
	trace(&x);
}
