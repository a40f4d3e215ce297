/* ASSERTION: a folded constant zero modulus is a compile error. */
BEGIN
{
	x = 10;
	y = x % (2 - 2);
}
